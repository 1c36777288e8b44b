import Testing

// Tests in suites of every kind.

@Suite struct StructSuite {
  @Test func plain() {
    #expect(!Planted.fails("plain"))
  }

  @Suite struct Nested {
    @Test func deep() {
      #expect(!Planted.fails("deep"))
    }
  }
}

extension StructSuite {
  @Test func inAnExtension() {
    #expect(!Planted.fails("inAnExtension"))
  }
}

enum EnumSuite {
  @Test static func staticTest() {
    #expect(!Planted.fails("staticTest"))
  }
}

@Suite(.serialized) final class ClassSuite {
  @Test func serialized() {
    #expect(!Planted.fails("serialized"))
  }

  @Test(.enabled(if: false)) func notEnabled() {
    Issue.record("a test not enabled does not run")
  }
}

@MainActor @Suite struct MainActorSuite {
  @Test func onTheMainActor() {
    #expect(!Planted.fails("onTheMainActor"))
  }
}

@Suite struct `Odd Suite` {
  @Test func `x y`() {
    #expect(!Planted.fails("rawIdentifierInASuite"))
  }
}

/// A suite whose trait records an issue outside any of its tests when FORMS_FIXTURE_HIDE says
/// `outside`.
@Suite(RecordsOutsideTheTests()) struct TraitSuite {
  @Test func underATrait() {
    #expect(!Planted.fails("underATrait"))
  }
}

struct RecordsOutsideTheTests: SuiteTrait, TestScoping {
  var isRecursive: Bool { false }

  func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    if Planted.hides("outside") { Issue.record("recorded by a suite's trait, outside its tests") }
    try await function()
  }
}
