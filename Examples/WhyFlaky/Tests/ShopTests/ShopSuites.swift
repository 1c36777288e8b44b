import CleanSlateTesting
import Foundation
import Shop
import Testing

/// The same flaky tests in Swift Testing. The order suites run their tests one at a time, in
/// order (`.serialized`), as a suite whose tests share state must; the other suites run theirs at
/// the same time, as Swift Testing does by default.
enum ShopSuites {
  /// Order, by an environment variable set by hand and never restored.
  @Suite(.cleanSlate, .serialized) struct Greetings {
    @Test func frenchGreeting() {
      setenv("SHOP_LANGUAGE", "fr", 1)
      #expect(Greeting.text(for: "Ada") == "Bonjour, Ada !")
    }

    @Test func greetsInEnglishByDefault() {
      #expect(Greeting.text(for: "Ada") == "Hello, Ada!")
    }
  }

  /// Order, by a static left set.
  @Suite(.cleanSlate, .serialized) struct Prices {
    @Test func pricesInDollars() {
      ShopSettings.shared.currency = "USD"
      #expect(Price(cents: 250).text == "USD 2.50")
    }

    @Test func pricesInEurosByDefault() {
      #expect(Price(cents: 250).text == "EUR 2.50")
    }
  }

  /// Seed: an empty basket never ships.
  @Suite(.cleanSlate) struct Baskets {
    @Test func everyBasketShips() async throws {
      var random = try await use(.seededRandom)
      let basket = Basket.random(using: &random)
      #expect(basket.shippingDays != nil, "a basket of \(basket.itemCount) items never ships")
    }
  }

  /// Time zone: written in Tokyo.
  @Suite(.cleanSlate) struct Receipts {
    @Test func receiptShowsTheLocalTime() {
      let noonUTC = Date(timeIntervalSince1970: 1_767_268_800)  // 2026-01-01 12:00 UTC
      #expect(Receipt(at: noonUTC).time == "21:00")
    }
  }

  /// Parallel: two tests listen on one port; Swift Testing runs them at the same time.
  @Suite(.cleanSlate) struct Ports {
    @Test func holdsThePort() async throws {
      let listener = try? Listener(port: 23_812)
      try await Task.sleep(for: .milliseconds(1500))
      listener?.close()
    }

    @Test func listensOnThePort() async throws {
      try await Task.sleep(for: .milliseconds(300))
      let listener = try Listener(port: 23_812)
      listener.close()
    }
  }

  /// Hash order: the expected JSON is one order of the dictionary's twelve keys, the one every
  /// process gives with deterministic hashing, and a process without it once in 12!
  /// (479,001,600).
  @Suite(.cleanSlate) struct Orders {
    static let items = [
      "apples": 2, "bread": 1, "cheese": 1, "dates": 3, "eggs": 6, "figs": 4,
      "grapes": 1, "honey": 1, "jam": 2, "kiwis": 5, "lemons": 3, "milk": 2,
    ]

    @Test func orderAsJSON() throws {
      let expected =
        #"{"dates":3,"eggs":6,"honey":1,"cheese":1,"grapes":1,"apples":2,"kiwis":5,"bread":1,"#
        + #""lemons":3,"jam":2,"figs":4,"milk":2}"#
      #expect(try Order(items: Self.items).json() == expected)
    }

    /// One argument case is flaky: one item has one order, twelve have 479,001,600.
    @Test(arguments: [1, 12]) func firstItemsAsJSON(count: Int) throws {
      let names = Self.items.keys.sorted().prefix(count)
      let order = Order(items: Self.items.filter { names.contains($0.key) })
      let expected = [
        1: #"{"apples":2}"#,
        12: #"{"dates":3,"eggs":6,"honey":1,"cheese":1,"grapes":1,"apples":2,"kiwis":5,"bread":1,"#
          + #""lemons":3,"jam":2,"figs":4,"milk":2}"#,
      ]
      #expect(try order.json() == expected[count])
    }
  }

  /// Load: a fixed wait for work in the background.
  @Suite(.cleanSlate) struct Catalogue {
    @Test func catalogueIsIndexed() async throws {
      let index = CatalogueIndex()
      index.startBuilding()
      try await Task.sleep(for: .milliseconds(300))
      #expect(index.isBuilt, "the index is not built yet")
    }
  }

  /// Intrinsic: an unseeded draw.
  @Suite(.cleanSlate) struct Coupons {
    @Test func couponGivesADiscount() {
      let coupon = Coupon.draw()
      #expect(coupon.isValid, "a coupon of \(coupon.percent) percent")
    }
  }

  /// Hash order the other way round: the order every process gives with deterministic hashing
  /// is not the one expected.
  @Suite(.cleanSlate) struct Tags {
    @Test func tagLine() {
      let product = Product(name: "Penguin plush", tags: ["swift", "linux"])
      #expect(product.tagLine == "linux,swift")
    }
  }

  /// Parallel in one process: both tests serve a region through one environment variable and
  /// check every 20 ms that it is still theirs. Swift Testing runs them at the same time, and
  /// then each sees the other's region: both fail, whichever starts first.
  @Suite(.cleanSlate) struct Regions {
    @Test func servesEurope() async throws {
      try await keepsServing("eu")
    }

    @Test func servesAmerica() async throws {
      try await keepsServing("us")
    }

    /// Serves `region` for 20 rounds of 20 ms, and expects to read it back after each: the first
    /// other region read in its place is the failure.
    private func keepsServing(_ region: String) async throws {
      var servedInstead: String?
      for _ in 0..<20 {
        Region.serve(region)
        try await Task.sleep(for: .milliseconds(20))
        if servedInstead == nil, Region.current != region { servedInstead = Region.current }
      }
      #expect(servedInstead == nil, "another test served its region while this served \(region)")
    }
  }

  /// Parallel in one process, rarely: each test bootstraps the process-wide metrics backend with
  /// a counter of its own, as a suite that bootstraps a metrics system in its `init` does, checks
  /// that it starts at zero and counts the orders it places. Run at the same time, another test's
  /// bootstrap or orders now and then come between one's bootstrap and its counting: a few runs in
  /// a hundred fail.
  @Suite(.cleanSlate) struct Metrics {
    let counter = OrderCounter()

    init() {
      ShopMetrics.bootstrap(counter)
    }

    @Test func countsAnOrder() {
      #expect(counter.value == 0)
      ShopMetrics.orderPlaced()
      #expect(counter.value == 1)
    }

    @Test func countsTwoOrders() {
      #expect(counter.value == 0)
      ShopMetrics.orderPlaced()
      ShopMetrics.orderPlaced()
      #expect(counter.value == 2)
    }

    @Test func countsThreeOrders() {
      #expect(counter.value == 0)
      for _ in 0..<3 { ShopMetrics.orderPlaced() }
      #expect(counter.value == 3)
    }

    @Test func countsNoOrderBeforeOneIsPlaced() {
      #expect(counter.value == 0)
      ShopMetrics.orderPlaced()
      #expect(counter.value == 1)
    }
  }

  /// Tests that pass in every run.
  @Suite(.cleanSlate) struct Stable {
    @Test func greetsByName() {
      #expect(Greeting.text(for: "Grace").contains("Grace"))
    }

    @Test func aFullBasketShips() {
      #expect(Basket(itemCount: 3).shippingDays != nil)
    }
  }
}
