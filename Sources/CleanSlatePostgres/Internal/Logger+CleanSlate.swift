#if Postgres
  internal import PostgresNIO

  extension Logger {
    /// The logger CleanSlate passes to PostgresNIO: only critical messages get through.
    static let cleanSlate: Logger = {
      var logger = Logger(label: "CleanSlatePostgres")
      logger.logLevel = .critical
      return logger
    }()
  }
#endif
