#if Postgres
  internal import Foundation

  #if canImport(Darwin)
    import Darwin
  #elseif canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #endif

  /// An exclusive lock on a file, shared by every process that opens the same file (`flock(2)`):
  /// the kernel releases it when its holder closes the file or dies, even by `SIGKILL`.
  final class FileLock: @unchecked Sendable {
    private let descriptor: Int32
    private let path: String

    /// Opens (or creates, readable by its owner only) the lock file.
    init(at url: URL) throws {
      path = url.path
      descriptor = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
      guard descriptor >= 0 else {
        throw PostgresFixtureError(
          "Could not open the lock file \(url.path): \(errnoDescription())")
      }
    }

    deinit { close(descriptor) }

    /// Waits until this process holds the lock, at most `timeout`; blocks its thread while it
    /// waits, so call it off Swift concurrency's threads.
    func lock(timeout: Duration) throws {
      let clock = ContinuousClock()
      let deadline = clock.now + timeout
      while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
        guard errno == EWOULDBLOCK || errno == EINTR else {
          throw PostgresFixtureError("Could not lock \(path): \(errnoDescription())")
        }
        guard clock.now < deadline else {
          throw PostgresFixtureError(
            "Another process has held \(path) for more than \(timeout) (a test process stopped in a debugger?); end it, or set CLEANSLATE_POSTGRES_URL to use a server of your own."
          )
        }
        usleep(2_000)
      }
    }

    /// Releases the lock.
    func unlock() {
      flock(descriptor, LOCK_UN)
    }
  }

  /// The message of the current `errno`.
  func errnoDescription() -> String {
    String(cString: strerror(errno))
  }
#endif
