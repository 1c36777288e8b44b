// swift-format-ignore-file
// The examples of "Making tests deterministic".
import CleanSlate
import CleanSlateTesting
import Foundation
import Testing

struct DeterministicExamples {
  @Test(.cleanSlate) func printsAReceipt() async throws {
    try await use(.timeZone("Asia/Tokyo"))          // this test's zone, restored afterwards
    let uuid = try await use(.uuids)                 // 00000000-…-000000000000, then …0001
    var random = try await use(.seededRandom)        // the same draws in every run

    let shop = Shop(makeID: uuid.callAsFunction)
    let basket = Basket.random(itemCount: 3, using: &random)
    let receipt = try shop.checkOut(basket, at: midnightUTC)
    #expect(receipt.id == UUIDGenerator.counted(0))
    #expect(receipt.header == "1 Jan 2026 09:00")
  }
}

struct LocaleExamples {
  struct PriceLabel {
    var locale: Locale = .current
    func text(for price: Decimal) -> String {
      price.formatted(.currency(code: "EUR").locale(locale))
    }
  }

  @Test func pricesAreFrench() {
    #expect(PriceLabel(locale: Locale(identifier: "fr_FR")).text(for: 3.5).hasPrefix("3,50"))
  }
}

final class Shop {
  let makeID: () -> UUID
  init(makeID: @escaping () -> UUID = UUID.init) { self.makeID = makeID }
}

extension Fixture where Value == Tenant {
  static let tenant = Fixture("tenant") { context in
    let name = "tenant-" + (context.testIdentity?.description ?? context.scopeName)
    return try await Tenant.create(named: name)
  }
}

// What the examples use and leave to the reader.

let midnightUTC = Date(timeIntervalSince1970: 1_767_225_600)

struct Basket {
  var items: [Int]
  static func random(itemCount: Int, using generator: inout some RandomNumberGenerator) -> Basket {
    Basket(items: (0..<itemCount).map { _ in Int.random(in: 1...100, using: &generator) })
  }
}

struct Receipt {
  let id: UUID
  let header: String
}

extension Shop {
  func checkOut(_ basket: Basket, at date: Date) throws -> Receipt {
    let formatter = DateFormatter()
    formatter.dateFormat = "d MMM yyyy HH:mm"
    return Receipt(id: makeID(), header: formatter.string(from: date))
  }
}

struct Tenant: Sendable {
  let name: String
  static func create(named name: String) async throws -> Tenant { Tenant(name: name) }
}
