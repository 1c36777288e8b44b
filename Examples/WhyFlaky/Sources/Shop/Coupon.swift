/// A coupon drawn at random for a customer.
public struct Coupon: Sendable {
  /// Its discount, in percent.
  public var percent: Int

  /// A coupon of 0 to 20 percent, drawn from the system's generator (unseeded).
  public static func draw() -> Coupon {
    Coupon(percent: Int.random(in: 0...20))
  }

  /// Whether it gives a discount: a coupon of 0 percent is a mistake.
  public var isValid: Bool { percent >= 10 }
}
