import Foundation
import MembersApp
import Testing
import VaporTesting

// The members app's suite as its authors would write it without CleanSlate, for
// `cleanslate test --explain` on a crash: 104 tests, each configuring an app of its own with the
// app's own helper (`withOwnApp`, beside `withApp` in MembersSuite.swift), in thirteen suites of
// eight that are serialized within themselves and run at once across suites (Swift Testing's
// default), as a real Vapor app's suite is. Two configures at once corrupt the route registry
// (Sources/MembersApp/RouteRegistry.swift) and the process crashes, in some runs and not others.
// The tests are written out one function each, as an app's tests are: `swift test --filter`, and
// so the experiments, select tests by name. They run only with MEMBERS_RACE=1:
//
//   MEMBERS_RACE=1 swift run cleanslate test --package-path Benchmarks --filter RaceTests \
//     --repeat 3 --explain
//
// (Benchmarks/run-members-crash.sh runs it until a repetition crashes.)

/// Whether the race suites run: only when asked, since they crash their process.
let membersRace = ProcessInfo.processInfo.environment["MEMBERS_RACE"] == "1"

func joins(number: Int) async throws {
  try await withOwnApp { app in
    let member = try await app.send(
      .POST, "members", Member(name: "R\(number)", email: "r\(number)@x.org"))
    #expect(member.id != nil)
  }
}

func listsEquipment(number: Int) async throws {
  try await withOwnApp { app in
    let equipment = try await app.send(.GET, "equipment", as: [Equipment].self)
    #expect(equipment.contains { $0.name == "lathe" })
  }
}

func books(number: Int) async throws {
  try await withOwnApp { app in
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

func invoices(number: Int) async throws {
  try await withOwnApp { app in
    let member = try await app.send(
      .POST, "members", Member(name: "V\(number)", email: "v@x.org"))
    _ = try await app.send(
      .POST, "invoices", NewInvoiceBody(memberID: member.id!, amountCents: number * 100),
      as: InvoiceBody.self)
    let balance = try await app.send(.GET, "members/\(member.id!)/balance", as: BalanceBody.self)
    #expect(balance.openCents == number * 100)
  }
}

/// A member joins, eight ways.
@Suite(.serialized, .enabled(if: membersRace)) struct MemberRaceTests {
  @Test func joins1() async throws { try await joins(number: 1) }
  @Test func joins2() async throws { try await joins(number: 2) }
  @Test func joins3() async throws { try await joins(number: 3) }
  @Test func joins4() async throws { try await joins(number: 4) }
  @Test func joins5() async throws { try await joins(number: 5) }
  @Test func joins6() async throws { try await joins(number: 6) }
  @Test func joins7() async throws { try await joins(number: 7) }
  @Test func joins8() async throws { try await joins(number: 8) }
}

/// A newcomer joins, eight ways.
@Suite(.serialized, .enabled(if: membersRace)) struct NewcomerRaceTests {
  @Test func joins1() async throws { try await joins(number: 9) }
  @Test func joins2() async throws { try await joins(number: 10) }
  @Test func joins3() async throws { try await joins(number: 11) }
  @Test func joins4() async throws { try await joins(number: 12) }
  @Test func joins5() async throws { try await joins(number: 13) }
  @Test func joins6() async throws { try await joins(number: 14) }
  @Test func joins7() async throws { try await joins(number: 15) }
  @Test func joins8() async throws { try await joins(number: 16) }
}

/// A volunteer joins, eight ways.
@Suite(.serialized, .enabled(if: membersRace)) struct VolunteerRaceTests {
  @Test func joins1() async throws { try await joins(number: 17) }
  @Test func joins2() async throws { try await joins(number: 18) }
  @Test func joins3() async throws { try await joins(number: 19) }
  @Test func joins4() async throws { try await joins(number: 20) }
  @Test func joins5() async throws { try await joins(number: 21) }
  @Test func joins6() async throws { try await joins(number: 22) }
  @Test func joins7() async throws { try await joins(number: 23) }
  @Test func joins8() async throws { try await joins(number: 24) }
}

/// The equipment is listed, eight ways.
@Suite(.serialized, .enabled(if: membersRace)) struct EquipmentRaceTests {
  @Test func listsEquipment1() async throws { try await listsEquipment(number: 25) }
  @Test func listsEquipment2() async throws { try await listsEquipment(number: 26) }
  @Test func listsEquipment3() async throws { try await listsEquipment(number: 27) }
  @Test func listsEquipment4() async throws { try await listsEquipment(number: 28) }
  @Test func listsEquipment5() async throws { try await listsEquipment(number: 29) }
  @Test func listsEquipment6() async throws { try await listsEquipment(number: 30) }
  @Test func listsEquipment7() async throws { try await listsEquipment(number: 31) }
  @Test func listsEquipment8() async throws { try await listsEquipment(number: 32) }
}

/// The tools are listed, eight ways.
@Suite(.serialized, .enabled(if: membersRace)) struct ToolRaceTests {
  @Test func listsEquipment1() async throws { try await listsEquipment(number: 33) }
  @Test func listsEquipment2() async throws { try await listsEquipment(number: 34) }
  @Test func listsEquipment3() async throws { try await listsEquipment(number: 35) }
  @Test func listsEquipment4() async throws { try await listsEquipment(number: 36) }
  @Test func listsEquipment5() async throws { try await listsEquipment(number: 37) }
  @Test func listsEquipment6() async throws { try await listsEquipment(number: 38) }
  @Test func listsEquipment7() async throws { try await listsEquipment(number: 39) }
  @Test func listsEquipment8() async throws { try await listsEquipment(number: 40) }
}

/// The workshop's machines are listed, eight ways.
@Suite(.serialized, .enabled(if: membersRace)) struct WorkshopRaceTests {
  @Test func listsEquipment1() async throws { try await listsEquipment(number: 41) }
  @Test func listsEquipment2() async throws { try await listsEquipment(number: 42) }
  @Test func listsEquipment3() async throws { try await listsEquipment(number: 43) }
  @Test func listsEquipment4() async throws { try await listsEquipment(number: 44) }
  @Test func listsEquipment5() async throws { try await listsEquipment(number: 45) }
  @Test func listsEquipment6() async throws { try await listsEquipment(number: 46) }
  @Test func listsEquipment7() async throws { try await listsEquipment(number: 47) }
  @Test func listsEquipment8() async throws { try await listsEquipment(number: 48) }
}

/// A certified member books, eight ways.
@Suite(.serialized, .enabled(if: membersRace)) struct BookingRaceTests {
  @Test func books1() async throws { try await books(number: 49) }
  @Test func books2() async throws { try await books(number: 50) }
  @Test func books3() async throws { try await books(number: 51) }
  @Test func books4() async throws { try await books(number: 52) }
  @Test func books5() async throws { try await books(number: 53) }
  @Test func books6() async throws { try await books(number: 54) }
  @Test func books7() async throws { try await books(number: 55) }
  @Test func books8() async throws { try await books(number: 56) }
}

/// The laser cutter is booked, eight ways.
@Suite(.serialized, .enabled(if: membersRace)) struct LaserRaceTests {
  @Test func books1() async throws { try await books(number: 57) }
  @Test func books2() async throws { try await books(number: 58) }
  @Test func books3() async throws { try await books(number: 59) }
  @Test func books4() async throws { try await books(number: 60) }
  @Test func books5() async throws { try await books(number: 61) }
  @Test func books6() async throws { try await books(number: 62) }
  @Test func books7() async throws { try await books(number: 63) }
  @Test func books8() async throws { try await books(number: 64) }
}

/// An evening slot is booked, eight ways.
@Suite(.serialized, .enabled(if: membersRace)) struct EveningRaceTests {
  @Test func books1() async throws { try await books(number: 65) }
  @Test func books2() async throws { try await books(number: 66) }
  @Test func books3() async throws { try await books(number: 67) }
  @Test func books4() async throws { try await books(number: 68) }
  @Test func books5() async throws { try await books(number: 69) }
  @Test func books6() async throws { try await books(number: 70) }
  @Test func books7() async throws { try await books(number: 71) }
  @Test func books8() async throws { try await books(number: 72) }
}

/// An invoice is opened, eight ways.
@Suite(.serialized, .enabled(if: membersRace)) struct InvoiceRaceTests {
  @Test func invoices1() async throws { try await invoices(number: 73) }
  @Test func invoices2() async throws { try await invoices(number: 74) }
  @Test func invoices3() async throws { try await invoices(number: 75) }
  @Test func invoices4() async throws { try await invoices(number: 76) }
  @Test func invoices5() async throws { try await invoices(number: 77) }
  @Test func invoices6() async throws { try await invoices(number: 78) }
  @Test func invoices7() async throws { try await invoices(number: 79) }
  @Test func invoices8() async throws { try await invoices(number: 80) }
}

/// A payment is due, eight ways.
@Suite(.serialized, .enabled(if: membersRace)) struct PaymentRaceTests {
  @Test func invoices1() async throws { try await invoices(number: 81) }
  @Test func invoices2() async throws { try await invoices(number: 82) }
  @Test func invoices3() async throws { try await invoices(number: 83) }
  @Test func invoices4() async throws { try await invoices(number: 84) }
  @Test func invoices5() async throws { try await invoices(number: 85) }
  @Test func invoices6() async throws { try await invoices(number: 86) }
  @Test func invoices7() async throws { try await invoices(number: 87) }
  @Test func invoices8() async throws { try await invoices(number: 88) }
}

/// A balance grows, eight ways.
@Suite(.serialized, .enabled(if: membersRace)) struct BalanceRaceTests {
  @Test func invoices1() async throws { try await invoices(number: 89) }
  @Test func invoices2() async throws { try await invoices(number: 90) }
  @Test func invoices3() async throws { try await invoices(number: 91) }
  @Test func invoices4() async throws { try await invoices(number: 92) }
  @Test func invoices5() async throws { try await invoices(number: 93) }
  @Test func invoices6() async throws { try await invoices(number: 94) }
  @Test func invoices7() async throws { try await invoices(number: 95) }
  @Test func invoices8() async throws { try await invoices(number: 96) }
}

/// Dues are invoiced, eight ways.
@Suite(.serialized, .enabled(if: membersRace)) struct DuesRaceTests {
  @Test func invoices1() async throws { try await invoices(number: 97) }
  @Test func invoices2() async throws { try await invoices(number: 98) }
  @Test func invoices3() async throws { try await invoices(number: 99) }
  @Test func invoices4() async throws { try await invoices(number: 100) }
  @Test func invoices5() async throws { try await invoices(number: 101) }
  @Test func invoices6() async throws { try await invoices(number: 102) }
  @Test func invoices7() async throws { try await invoices(number: 103) }
  @Test func invoices8() async throws { try await invoices(number: 104) }
}
