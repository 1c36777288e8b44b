import CleanSlate
import CleanSlateTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The child processes this suite starts begin from the environment the test process started
/// with: Swift Testing runs every test target's tests in one process, at the same time, and a
/// variable that another test's fixture sets meanwhile is not theirs.
@Suite struct StartingEnvironmentTests {
  @Test func aChildStartedWhileAnotherTestsFixtureSetsAVariableDoesNotSeeIt() async throws {
    // Given another test, running at the same time, whose `.environment` fixture has set a
    // variable, and which keeps it set until this test's child has run
    let name = "CLEANSLATE_OTHER_TESTS_\(UUID().uuidString.prefix(8))"
    let variableSet = Rendezvous(parties: 2)
    let childRan = Rendezvous(parties: 2)
    let other = Task {
      try await runTestScope("OtherTests/setsAVariable()", in: makeProcessScope()) {
        try await use(.environment([name: "the other test's"]))
        await variableSet.arrive()
        await childRan.arrive()
      }
    }
    await variableSet.arrive()
    let seenHere = getenv(name).map { String(cString: $0) }

    // When this test starts a child process as the suite's helpers do
    let child: HelperExecutable.Outcome
    do {
      child = try await HelperExecutable(url: URL(fileURLWithPath: "/usr/bin/env")).run(["-0"])
      await childRan.arrive()
    } catch {
      await childRan.arrive()
      throw error
    }
    let otherFailures = try await other.value

    // Then the variable was set in this process while the child started, and the child did not
    // get it: its environment is the one this process started with
    #expect(seenHere == "the other test's")
    #expect(child.status == 0)
    let childEnvironment = StartingEnvironment.parse(Data(child.standardOutput.utf8))
    #expect(childEnvironment[name] == nil)
    #expect(childEnvironment == StartingEnvironment.variables)

    // And the other test ended cleanly, its variable gone with it
    #expect(otherFailures.isEmpty)
    #expect(getenv(name) == nil)
  }
}
