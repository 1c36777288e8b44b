#if HTTP
  /// Importing CleanSlateHTTP gives access to the engine (`Fixture`, `use(_:)`) and to the HTTP
  /// types its API speaks (`HTTPRequest.Method`, `HTTPResponse.Status`, `HTTPFields`).
  @_exported public import CleanSlate
  @_exported public import HTTPTypes
#endif
