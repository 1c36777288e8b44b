#if !Vapor
  public import CleanSlate

  // Built without its trait, the module is empty: its option type says so where it is used,
  // instead of a cascade of "cannot find type".

  /// Unavailable: CleanSlateVapor is built without its trait.
  @available(
    *, unavailable,
    message:
      "CleanSlateVapor is built without its trait: add \"Vapor\" to swift-clean-slate's traits on your package line (traits: [\"Vapor\"], which brings \"Postgres\" too)"
  )
  public struct VaporAppDatabase {}

  extension Fixture {
    /// Unavailable: the module is built without its trait.
    @available(
      *, unavailable,
      message:
        "CleanSlateVapor is built without its trait: add \"Vapor\" to swift-clean-slate's traits on your package line (traits: [\"Vapor\"], which brings \"Postgres\" too)"
    )
    public static func vaporApp(
      _ name: String = "", database: Any? = nil, configuresConcurrently: Bool = false,
      _ configure: Any
    ) -> Fixture<Value> {
      fatalError()
    }
  }
#endif
