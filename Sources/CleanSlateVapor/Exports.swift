#if Vapor
  /// Importing the integration gives access to the engine: `Fixture`, `use(_:)` and the rest.
  @_exported public import CleanSlate
#endif
