import Testing

// Tests declared at file scope, outside any suite.

@Test func adds() {
  #expect(!Planted.fails("adds"))
}

@Test("Adds, with a display name") func displayName() {
  #expect(!Planted.fails("displayName"))
}

@Test(arguments: [1, 2, 3]) func parameterized(n: Int) {
  #expect(!Planted.fails("parameterized") || n != 2)
}

@Test func `adds two numbers`() {
  #expect(!Planted.fails("rawIdentifier"))
}

@Test func `a/b.c`() {
  #expect(!Planted.fails("rawIdentifierWithASlash"))
}

@Test func asyncThrowing() async throws {
  try await Task.sleep(for: .milliseconds(1))
  #expect(!Planted.fails("asyncThrowing"))
}

@Test func warns() {
  Issue.record("a warning, which fails nothing", severity: .warning)
  #expect(!Planted.fails("warns"))
}

@Test func knownIssue() {
  withKnownIssue { Issue.record("known, so it fails nothing") }
  #expect(!Planted.fails("knownIssue"))
}

@Test(.disabled("disabled on purpose")) func disabled() {
  Issue.record("a disabled test does not run")
}

#if canImport(Testing)
  #if !os(Windows)
    @Test private func privateInsideIf() {
      #expect(!Planted.fails("privateInsideIf"))
    }
  #endif
#endif
