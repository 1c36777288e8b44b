import CleanSlateTesting
import CleanSlateVapor
import Foundation
import MembersApp
import Testing
import VaporTesting

// A suite shaped like a real app's (Sources/MembersApp: configure migrates in-memory SQLite under
// `.testing`, route registration fills a global registry that concurrent configures corrupt), run
// the ways a user would: see run-members.sh. MEMBERS_BENCH_MODE picks the way.

/// How each test gets its app.
enum MembersMode: String {
  /// `Fixture.vaporApp` with its default options.
  case cleanslate
  /// `Fixture.vaporApp(database: .sqlite)`.
  case sqlite
  /// The app's own helper: `Application.make(.testing)`, `configure`, the test, `asyncShutdown()`
  /// (run serialized, the app's documented way).
  case own
  /// The same helper, run in parallel: it crashes in some runs.
  case ownParallel = "own-parallel"
}

let membersMode =
  MembersMode(rawValue: ProcessInfo.processInfo.environment["MEMBERS_BENCH_MODE"] ?? "")
  ?? .cleanslate

extension Fixture where Value == Application {
  static let members: Fixture<Application> =
    membersMode == .sqlite
    ? Fixture.vaporApp("members", database: .sqlite) { app in try await configure(app) }
    : Fixture.vaporApp("members") { app in try await configure(app) }
}

/// The app's own test helper, kept as its tests call it: with CleanSlate, its body is one line.
func withApp(_ test: (Application) async throws -> Void) async throws {
  guard membersMode == .own || membersMode == .ownParallel else {
    return try await test(use(.members))
  }
  try await withOwnApp(test)
}

/// The app's own helper as its authors wrote it: a new app, configured, the test, shut down.
func withOwnApp(_ test: (Application) async throws -> Void) async throws {
  let app = try await Application.make(.testing)
  do {
    try await configure(app)
    try await test(app)
  } catch {
    try? await app.asyncShutdown()
    throw error
  }
  try await app.asyncShutdown()
}

@Suite(.cleanSlate) struct MemberTests {
  @Test(arguments: 0..<20) func joins(number: Int) async throws {
    try await withApp { app in
      let member = try await app.send(
        .POST, "members", Member(name: "M\(number)", email: "m\(number)@x.org"))
      let shown = try await app.send(.GET, "members/\(member.id!)", as: Member.self)
      #expect(shown.email == "m\(number)@x.org")
    }
  }

  @Test(arguments: 0..<10) func listsMembersByName(number: Int) async throws {
    try await withApp { app in
      _ = try await app.send(.POST, "members", Member(name: "Zoe \(number)", email: "z@x.org"))
      _ = try await app.send(.POST, "members", Member(name: "Ada \(number)", email: "a@x.org"))
      let names = try await app.send(.GET, "members", as: [Member].self).map(\.name)
      #expect(names == ["Ada \(number)", "Zoe \(number)"])
    }
  }

  @Test(arguments: 0..<10) func changesARole(number: Int) async throws {
    try await withApp { app in
      let member = try await app.send(
        .POST, "members", Member(name: "H\(number)", email: "h@x.org"))
      let changed = try await app.send(
        .PATCH, "members/\(member.id!)/role", NewRoleBody(role: .host), as: Member.self)
      #expect(changed.role == .host)
    }
  }

  @Test(arguments: 0..<10) func refusesATakenEmail(number: Int) async throws {
    try await withApp { app in
      _ = try await app.send(.POST, "members", Member(name: "A\(number)", email: "same@x.org"))
      try await app.testing().test(
        .POST, "members",
        beforeRequest: { try $0.content.encode(Member(name: "B", email: "same@x.org")) }
      ) { #expect($0.status == .conflict) }
    }
  }
}

@Suite(.cleanSlate) struct BookingTests {
  @Test(arguments: 0..<20) func certifiedMembersBook(number: Int) async throws {
    try await withApp { app in
      let (member, laser) = try await app.memberAndEquipment(named: "laser cutter", number)
      _ = try await app.send(
        .POST, "members/\(member.id!)/certifications/\(laser.id!)", EmptyBody(),
        as: CertificationBody.self)
      let booking = try await app.send(
        .POST, "bookings", NewBookingBody(member: member, equipment: laser, hour: number),
        as: BookingBody.self)
      #expect(booking.id != nil)
    }
  }

  @Test(arguments: 0..<10) func uncertifiedMembersAreRefused(number: Int) async throws {
    try await withApp { app in
      let (member, lathe) = try await app.memberAndEquipment(named: "lathe", number)
      try await app.testing().test(
        .POST, "bookings",
        beforeRequest: {
          try $0.content.encode(NewBookingBody(member: member, equipment: lathe, hour: number))
        }
      ) { #expect($0.status == .forbidden) }
    }
  }

  @Test(arguments: 0..<10) func overlappingBookingsAreRefused(number: Int) async throws {
    try await withApp { app in
      let (member, printer) = try await app.memberAndEquipment(named: "3D printer", number)
      let body = NewBookingBody(member: member, equipment: printer, hour: number)
      _ = try await app.send(.POST, "bookings", body, as: BookingBody.self)
      try await app.testing().test(
        .POST, "bookings", beforeRequest: { try $0.content.encode(body) }
      ) {
        #expect($0.status == .conflict)
      }
    }
  }
}

@Suite(.cleanSlate) struct InvoiceTests {
  @Test(arguments: 0..<20) func theBalanceAddsOpenInvoices(number: Int) async throws {
    try await withApp { app in
      let member = try await app.send(
        .POST, "members", Member(name: "I\(number)", email: "i@x.org"))
      for cents in [500, number * 100] {
        _ = try await app.send(
          .POST, "invoices", NewInvoiceBody(memberID: member.id!, amountCents: cents),
          as: InvoiceBody.self)
      }
      let balance = try await app.send(.GET, "members/\(member.id!)/balance", as: BalanceBody.self)
      #expect(balance.openCents == 500 + number * 100)
    }
  }

  @Test(arguments: 0..<11) func aPaidInvoiceLeavesTheBalance(number: Int) async throws {
    try await withApp { app in
      let member = try await app.send(
        .POST, "members", Member(name: "P\(number)", email: "p@x.org"))
      let invoice = try await app.send(
        .POST, "invoices", NewInvoiceBody(memberID: member.id!, amountCents: 900),
        as: InvoiceBody.self)
      _ = try await app.send(
        .POST, "invoices/\(invoice.id!)/pay", EmptyBody(), as: InvoiceBody.self)
      let balance = try await app.send(.GET, "members/\(member.id!)/balance", as: BalanceBody.self)
      #expect(balance.openCents == 0)
    }
  }
}

struct NewRoleBody: Content { var role: Role }
struct EmptyBody: Content {}
struct CertificationBody: Content { var id: UUID? }
struct BookingBody: Content { var id: UUID? }
struct InvoiceBody: Content {
  var id: UUID?
  var paid: Bool
}
struct BalanceBody: Content { var openCents: Int }
struct NewInvoiceBody: Content {
  var memberID: UUID
  var amountCents: Int
}
struct NewBookingBody: Content {
  var memberID: UUID
  var equipmentID: UUID
  var startsAt: Date
  var hours: Int

  init(member: Member, equipment: Equipment, hour: Int) {
    memberID = member.id!
    equipmentID = equipment.id!
    startsAt = Date(timeIntervalSince1970: 1_800_000_000 + Double(hour) * 3600)
    hours = 1
  }
}

extension Application {
  /// Sends `body` and decodes the reply as the same type.
  func send<Body: Content>(_ method: HTTPMethod, _ path: String, _ body: Body) async throws -> Body
  {
    try await send(method, path, body, as: Body.self)
  }

  /// Sends `body` and decodes the reply, which must be 200 OK.
  func send<Body: Content, Reply: Content>(
    _ method: HTTPMethod, _ path: String, _ body: Body, as: Reply.Type
  ) async throws -> Reply {
    var reply: Reply?
    try await testing().test(method, path, beforeRequest: { try $0.content.encode(body) }) {
      #expect($0.status == .ok)
      reply = try $0.content.decode(Reply.self)
    }
    return try #require(reply)
  }

  /// Sends a request without a body and decodes the reply.
  func send<Reply: Content>(
    _ method: HTTPMethod, _ path: String, as: Reply.Type
  ) async throws
    -> Reply
  {
    var reply: Reply?
    try await testing().test(method, path) { reply = try $0.content.decode(Reply.self) }
    return try #require(reply)
  }

  /// A new member and the seeded equipment named `name`.
  func memberAndEquipment(named name: String, _ number: Int) async throws -> (Member, Equipment) {
    let member = try await send(.POST, "members", Member(name: "B\(number)", email: "b@x.org"))
    let equipment = try await send(.GET, "equipment", as: [Equipment].self)
    return (member, try #require(equipment.first { $0.name == name }))
  }
}
