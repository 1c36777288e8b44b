#if Vapor
  internal import CleanSlatePostgres

  /// A failure of a Vapor app fixture's setup, with what to do about it.
  struct VaporAppError: Error, CustomStringConvertible {
    let description: String

    /// The app's `configure` threw.
    static func configureFailed(_ error: any Error) -> VaporAppError {
      VaporAppError(description: "The app's configure threw: \(String(reflecting: error))")
    }
  }
#endif
