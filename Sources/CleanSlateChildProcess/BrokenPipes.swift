#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

/// Makes a write to a child process that has exited fail (`EPIPE`) instead of killing this
/// process with `SIGPIPE`. Done once per process; later calls do nothing.
package func ignoreBrokenPipes() {
  _ = brokenPipesIgnored
}

private let brokenPipesIgnored: Void = {
  signal(SIGPIPE, SIG_IGN)
}()
