extension Result where Failure == any Error {
  /// Runs an async throwing operation and captures its outcome.
  static func capturing(_ body: () async throws -> Success) async -> Self {
    do { return .success(try await body()) } catch { return .failure(error) }
  }
}
