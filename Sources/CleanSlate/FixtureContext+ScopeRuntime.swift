extension FixtureContext {
  /// The live scope the fixture's value belongs to, for CleanSlate's own modules that register
  /// checks there (a fake server reports its unmatched requests when the test body ends).
  package var scopeRuntime: ScopeRuntime { runtime }
}
