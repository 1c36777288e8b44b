#if HTTP
  extension FakeServer {
    /// How many matching requests an expectation wants: an integer literal means exactly that
    /// many.
    ///
    /// ```swift
    /// api.expect(.post, "/todos", times: 1)
    /// api.expect(.get, "/todos", times: .atLeast(2))
    /// api.expect(.delete, "/todos/:id", times: .never)
    /// ```
    public struct RequestCount: Sendable, Hashable, ExpressibleByIntegerLiteral,
      CustomStringConvertible
    {
      let minimum: Int
      let maximum: Int?

      /// Exactly `count` requests.
      public static func exactly(_ count: Int) -> RequestCount {
        RequestCount(minimum: count, maximum: count)
      }

      /// `count` requests or more.
      public static func atLeast(_ count: Int) -> RequestCount {
        RequestCount(minimum: count, maximum: nil)
      }

      /// `count` requests or fewer.
      public static func atMost(_ count: Int) -> RequestCount {
        RequestCount(minimum: 0, maximum: count)
      }

      /// No request at all.
      public static let never = RequestCount(minimum: 0, maximum: 0)

      /// Exactly `value` requests.
      public init(integerLiteral value: Int) { self.init(minimum: value, maximum: value) }

      private init(minimum: Int, maximum: Int?) {
        self.minimum = minimum
        self.maximum = maximum
      }

      /// Whether `count` requests satisfy it.
      func accepts(_ count: Int) -> Bool {
        count >= minimum && maximum.map { count <= $0 } ?? true
      }

      /// The count, as `exactly 1 time` or `at least 2 times`.
      public var description: String {
        switch (minimum, maximum) {
        case (0, 0?): "never"
        case (let minimum, let maximum?) where minimum == maximum: "exactly \(Self.times(minimum))"
        case (0, let maximum?): "at most \(Self.times(maximum))"
        default: "at least \(Self.times(minimum))"
        }
      }

      /// `1 time`, `2 times`.
      static func times(_ count: Int) -> String { count == 1 ? "1 time" : "\(count) times" }
    }
  }
#endif
