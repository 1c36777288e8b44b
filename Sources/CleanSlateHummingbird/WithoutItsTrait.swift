#if !Hummingbird
  public import CleanSlate

  // Built without its trait, the module is empty: its client type says so where it is used,
  // instead of a cascade of "cannot find type".

  /// Unavailable: CleanSlateHummingbird is built without its trait.
  @available(
    *, unavailable,
    message:
      "CleanSlateHummingbird is built without its trait: add \"Hummingbird\" to swift-clean-slate's traits on your package line (traits: [\"Hummingbird\"], which brings \"Postgres\" too)"
  )
  public struct HummingbirdTestClient {}

  extension Fixture {
    /// Unavailable: the module is built without its trait.
    @available(
      *, unavailable,
      message:
        "CleanSlateHummingbird is built without its trait: add \"Hummingbird\" to swift-clean-slate's traits on your package line (traits: [\"Hummingbird\"], which brings \"Postgres\" too)"
    )
    public static func hummingbirdApp(
      _ name: String = "", testing: Any? = nil, _ build: Any
    ) -> Fixture<Value> {
      fatalError()
    }
  }
#endif
