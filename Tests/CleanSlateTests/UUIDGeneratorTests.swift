import CleanSlateTestSupport
import Foundation
import Testing

@testable import CleanSlate

/// `use(.uuids)` gives each test UUIDs that count up from zero, safely from several threads.
@Suite struct UUIDGeneratorTests {
  @Test func uuidsCountFromZeroInEveryTest() async throws {
    // Given two tests, one after the other
    let scopes = Scopes()
    var drawn: [[String]] = []
    for name in ["Suite/first()", "Suite/second()"] {
      let test = scopes.test(name)

      // When each asks for UUIDs three times, through two uses of the fixture
      let uuid = try await test.use(.uuids, at: CodeLocation())
      let first = uuid()
      let again = try await test.use(.uuids, at: CodeLocation())
      drawn.append([first, again(), again()].map(\.uuidString))
      await test.end()
    }

    // Then each counted from zero
    let expected = [
      "00000000-0000-0000-0000-000000000000", "00000000-0000-0000-0000-000000000001",
      "00000000-0000-0000-0000-000000000002",
    ]
    #expect(drawn == [expected, expected])
    #expect(UUIDGenerator.counted(2).uuidString == expected[2])
    #expect(
      UUIDGenerator.counted(0x1_0000_0000).uuidString == "00000000-0000-0000-0000-000100000000")
  }

  @Test func callsFromSeveralThreadsNeverShareAUUID() async {
    // Given one generator
    let uuid = UUIDGenerator()

    // When eight tasks take 1,000 UUIDs each at the same time
    let all = await withTaskGroup(of: [UUID].self) { group in
      for _ in 0..<8 { group.addTask { (0..<1_000).map { _ in uuid() } } }
      return await group.reduce(into: []) { $0 += $1 }
    }

    // Then they took the first 8,000, each once
    #expect(Set(all) == Set((0..<8_000).map { UUIDGenerator.counted(UInt64($0)) }))
  }
}
