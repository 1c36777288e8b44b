#if !Postgres
  public import CleanSlate

  // Built without its trait, the module is empty: its types say so where they are used, instead
  // of a cascade of "cannot find type".

  /// Unavailable: CleanSlatePostgres is built without its trait.
  @available(
    *, unavailable,
    message:
      "CleanSlatePostgres is built without its trait: add \"Postgres\" to swift-clean-slate's traits on your package line (traits: [\"Postgres\"]; the Vapor and Hummingbird traits bring it too)"
  )
  public struct PostgresTestDatabase {}

  /// Unavailable: CleanSlatePostgres is built without its trait.
  @available(
    *, unavailable,
    message:
      "CleanSlatePostgres is built without its trait: add \"Postgres\" to swift-clean-slate's traits on your package line (traits: [\"Postgres\"]; the Vapor and Hummingbird traits bring it too)"
  )
  public struct PostgresTestServer {}

  /// Unavailable: CleanSlatePostgres is built without its trait.
  @available(
    *, unavailable,
    message:
      "CleanSlatePostgres is built without its trait: add \"Postgres\" to swift-clean-slate's traits on your package line (traits: [\"Postgres\"]; the Vapor and Hummingbird traits bring it too)"
  )
  public struct PostgresTestConnection {}

  /// Unavailable: CleanSlatePostgres is built without its trait.
  @available(
    *, unavailable,
    message:
      "CleanSlatePostgres is built without its trait: add \"Postgres\" to swift-clean-slate's traits on your package line (traits: [\"Postgres\"]; the Vapor and Hummingbird traits bring it too)"
  )
  public struct PostgresTemplate {}

  extension Fixture {
    /// Unavailable: the module is built without its trait.
    @available(
      *, unavailable,
      message:
        "CleanSlatePostgres is built without its trait: add \"Postgres\" to swift-clean-slate's traits on your package line (traits: [\"Postgres\"]; the Vapor and Hummingbird traits bring it too)"
    )
    public static func postgresDatabase(
      _ name: String = "", template: Any? = nil, server: Any? = nil, keepingFailed: Bool = true,
      ahead: Int = 2
    ) -> Fixture<Value> {
      fatalError()
    }

    /// Unavailable: the module is built without its trait.
    @available(
      *, unavailable,
      message:
        "CleanSlatePostgres is built without its trait: add \"Postgres\" to swift-clean-slate's traits on your package line (traits: [\"Postgres\"]; the Vapor and Hummingbird traits bring it too)"
    )
    public static func postgresTransaction(
      _ name: String = "", template: Any, server: Any? = nil
    ) -> Fixture<Value> {
      fatalError()
    }
  }
#endif
