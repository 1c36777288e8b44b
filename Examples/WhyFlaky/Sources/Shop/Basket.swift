/// A basket of items, and the day it ships.
public struct Basket: Sendable {
  /// How many items it holds.
  public var itemCount: Int

  public init(itemCount: Int) {
    self.itemCount = itemCount
  }

  /// A basket of 0 to 3 items, drawn from `random`.
  public static func random(using random: inout some RandomNumberGenerator) -> Basket {
    Basket(itemCount: Int.random(in: 0...3, using: &random))
  }

  /// In how many days it ships: an empty basket never does.
  public var shippingDays: Int? { itemCount == 0 ? nil : 1 + itemCount / 2 }
}
