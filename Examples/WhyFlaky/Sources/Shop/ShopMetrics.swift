/// A counter of events, as a metrics backend keeps one.
public final class OrderCounter: @unchecked Sendable {
  private var count = 0

  public init() {}

  /// Counts one event.
  public func increment() { count += 1 }

  /// How many events were counted.
  public var value: Int { count }
}

/// Where the shop reports what happens: one backend for the whole process, bootstrapped once at
/// start-up — as a metrics system is — and read by every order placed.
public enum ShopMetrics {
  nonisolated(unsafe) private static var backend: OrderCounter?

  /// Sends every later event to `counter`.
  public static func bootstrap(_ counter: OrderCounter) {
    backend = counter
  }

  /// Counts an order placed.
  public static func orderPlaced() {
    backend?.increment()
  }
}
