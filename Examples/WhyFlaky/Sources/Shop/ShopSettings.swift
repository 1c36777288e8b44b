import Foundation

/// The shop's settings: one object for the whole process, as apps often have.
public final class ShopSettings: @unchecked Sendable {
  /// The settings every part of the shop reads.
  public static let shared = ShopSettings()

  private let lock = NSLock()
  private var storedCurrency = "EUR"

  /// The currency prices are shown in: `EUR` until set.
  public var currency: String {
    get { lock.withLock { storedCurrency } }
    set { lock.withLock { storedCurrency = newValue } }
  }
}

/// A price, shown in the shop's currency.
public struct Price: Sendable {
  public var cents: Int

  public init(cents: Int) {
    self.cents = cents
  }

  /// `EUR 2.50`.
  public var text: String {
    "\(ShopSettings.shared.currency) \(cents / 100).\(String(format: "%02d", cents % 100))"
  }
}
