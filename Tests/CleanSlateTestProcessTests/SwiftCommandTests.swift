import CleanSlateTestProcess
import CleanSlateTestSupport
import Foundation
import Testing

/// Shards beside each other on one machine run `swift test --ignore-lock`; one that finds the
/// build database locked by another ran nothing, and is run again.
@Suite struct SwiftCommandTests {
  @Test func aCommandKeptFromTheBuildDatabaseRunsAgain() async throws {
    // Given a `swift` that finds the build database locked the first two times
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("cleanslate-swift-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let swift = directory.appendingPathComponent("swift")
    try Data(
      """
      #!/bin/sh
      echo x >> "$(dirname "$0")/calls"
      if [ "$(wc -l < "$(dirname "$0")/calls")" -le 2 ]; then
        echo 'error: unable to attach DB: error: accessing build database "b/build.db": database is locked' >&2
        exit 1
      fi
      echo "ran in $(pwd): $*"
      """.utf8
    ).write(to: swift)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: swift.path)
    let path = directory.path + ":" + (StartingEnvironment.variables["PATH"] ?? "")

    // When a command runs in that directory (not this process's current one, which a parallel
    // test may have made its sandbox)
    let result = try await SwiftCommand.run(
      ["test", "--skip-build"], environment: ["PATH": path], base: StartingEnvironment.variables,
      directory: directory.path)

    // Then it ran a third time, there, and that run's result is the command's
    #expect(result.status == 0)
    #expect(result.standardOutput == "ran in \(directory.path): test --skip-build\n")
    let calls = try String(contentsOf: directory.appendingPathComponent("calls"), encoding: .utf8)
    #expect(calls.split(separator: "\n").count == 3)
  }
}
