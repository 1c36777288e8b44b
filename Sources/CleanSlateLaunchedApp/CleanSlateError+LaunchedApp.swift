#if LaunchedApp
  public import CleanSlate

  extension CleanSlateError.Code {
    /// A launched app could not be started (its executable is missing or not executable).
    public static let appLaunchFailed = CleanSlateError.Code("appLaunchFailed")
    /// A launched app did not become ready in time, or ended before it did.
    public static let appNotReady = CleanSlateError.Code("appNotReady")
    /// A launched app crashed or exited with a failure status during its test.
    public static let appCrashed = CleanSlateError.Code("appCrashed")
    /// A launched app did not print the line, or did not exit, as the test waited for.
    public static let appOutputMissing = CleanSlateError.Code("appOutputMissing")
  }
#endif
