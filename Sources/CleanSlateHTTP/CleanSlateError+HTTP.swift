#if HTTP
  public import CleanSlate

  extension CleanSlateError.Code {
    /// A fake server received a request that no route matches.
    public static let unmatchedRequest = CleanSlateError.Code(
      "unmatchedRequest", locationLabel: "server declared at")
    /// A fake server's route handler threw, or its response could not be encoded.
    public static let handlerFailed = CleanSlateError.Code(
      "handlerFailed", locationLabel: "route declared at")
  }
#endif
