import CleanSlateTesting
import Testing

/// `use(_:)` without a CleanSlate scope fails with a message that says which trait to add.
@Suite struct UseOutsideAnyScopeTests {
  @Test func useOutsideAnyScopeNamesTheTraitToAdd() async {
    // Given a test that has no CleanSlate trait
    // When it asks for a fixture
    let error = await #expect(throws: CleanSlateError.self) {
      try await use(.answer)
    }

    // Then the failure says there is no scope, and to add `.cleanSlate`
    #expect(error?.code == .noActiveScope)
    #expect(error?.description.contains(".cleanSlate") == true)
  }
}
