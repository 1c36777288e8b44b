import CleanSlateTestSupport
import Testing

@testable import CleanSlate

/// `CLEANSLATE_SENTINEL` turns the sentinel on for a whole run and chooses its kinds;
/// `CLEANSLATE_SENTINEL_ALLOW` allows names by kind; `CLEANSLATE_SENTINEL_MODE=warn` makes every
/// sentinel of the process warn instead of failing tests.
@Suite struct SentinelConfigurationTests {
  func parse(_ kinds: String?, allow: String? = nil) -> (Sentinel?, [String]) {
    var warnings: [String] = []
    let sentinel = Sentinel.fromEnvironment(kinds, allowing: allow) { warnings.append($0) }
    return (sentinel, warnings)
  }

  @Test(arguments: [nil, "", "0", "false", "off"])
  func unsetOrFalseLeavesTheSentinelOff(_ value: String?) {
    #expect(parse(value).0 == nil)
  }

  @Test(arguments: ["1", "true", "yes", "all"])
  func oneChecksEveryKind(_ value: String) throws {
    let sentinel = try #require(parse(value).0)
    #expect(sentinel.kinds == Sentinel.Kind.all)
    #expect(sentinel.location.fileID == "CLEANSLATE_SENTINEL")
  }

  @Test func aListChoosesKindsAndAMinusLeavesOneOut() throws {
    #expect(parse("environment, threads").0?.kinds == [.environment, .threads])
    #expect(parse("-files").0?.kinds == Sentinel.Kind.all.subtracting([.files]))
    #expect(parse("all,-files,-threads").0?.kinds.contains(.files) == false)
  }

  @Test func anUnknownKindIsIgnoredWithAWarning() throws {
    let (sentinel, warnings) = parse("environment,sockets")
    #expect(sentinel?.kinds == [.environment])
    #expect(
      warnings == [
        "CLEANSLATE_SENTINEL: 'sockets' is not a kind of state; the kinds are environment, currentDirectory, userDefaults, files, fileDescriptors, threads, childProcesses, listeningSockets."
      ])
  }

  @Test func allowedNamesAreReadByKind() throws {
    let sentinel = try #require(
      parse("1", allow: "environment:APP_*, threads:NIO-ELT-*,listeningSockets:127.0.0.1:8080")
        .0)
    #expect(sentinel.allows("APP_TOKEN", of: .environment))
    #expect(!sentinel.allows("APP_TOKEN", of: .threads))
    #expect(sentinel.allows("NIO-ELT-0-#0", of: .threads))
    #expect(sentinel.allows("127.0.0.1:8080", of: .listeningSockets))
  }

  @Test func anEntryWithoutAKindAppliesToEveryKind() throws {
    let sentinel = try #require(parse("1", allow: "/tmp/x.lock").0)
    #expect(sentinel.allows("/tmp/x.lock", of: .files))
    #expect(sentinel.allows("/tmp/x.lock", of: .fileDescriptors))
  }

  @Test(arguments: [(nil, false), ("", false), ("fail", false), ("warn", true), (" WARN ", true)])
  func theModeChoosesBetweenFailingAndWarning(_ mode: String?, warns: Bool) {
    var warnings: [String] = []
    #expect(Sentinel.warns(inMode: mode) { warnings.append($0) } == warns)
    #expect(warnings.isEmpty)
  }

  @Test func anUnknownModeFailsTestsWithAWarning() {
    var warnings: [String] = []
    #expect(!Sentinel.warns(inMode: "quiet") { warnings.append($0) })
    #expect(
      warnings == ["CLEANSLATE_SENTINEL_MODE: 'quiet' is not a mode; the modes are fail and warn."])
  }
}
