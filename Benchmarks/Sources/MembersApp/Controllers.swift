import Fluent
import Vapor

struct NewRole: Content {
  var role: Role
}

struct MemberController: RouteCollection {
  func boot(routes: any RoutesBuilder) throws {
    let members = routes.grouped("members")
    members.documented(.GET, summary: "Lists the members by name") { request in
      try await Member.query(on: request.db).sort(\.$name).all()
    }
    members.documented(.POST, summary: "Adds a member") { request -> Member in
      let member = try request.content.decode(Member.self)
      if try await Member.query(on: request.db).filter(\.$email == member.email).first() != nil {
        throw Abort(.conflict, reason: "A member with that email exists.")
      }
      try await member.save(on: request.db)
      return member
    }
    members.documented(.GET, ":id", summary: "Shows a member") { request -> Member in
      try await find(Member.self, request)
    }
    members.documented(.PATCH, ":id", "role", summary: "Changes a member's role") { request in
      let member = try await find(Member.self, request)
      member.role = try request.content.decode(NewRole.self).role
      try await member.save(on: request.db)
      return member
    }
    members.documented(
      .POST, ":id", "certifications", ":equipment", summary: "Certifies a member"
    ) { request -> Certification in
      let member = try await find(Member.self, request)
      let equipment = try await find(Equipment.self, request, "equipment")
      let certification = Certification(memberID: member.id!, equipmentID: equipment.id!)
      try await certification.save(on: request.db)
      return certification
    }
  }
}

struct EquipmentController: RouteCollection {
  func boot(routes: any RoutesBuilder) throws {
    let equipment = routes.grouped("equipment")
    equipment.documented(.GET, summary: "Lists the equipment") { request in
      try await Equipment.query(on: request.db).sort(\.$name).all()
    }
    equipment.documented(.POST, summary: "Adds equipment") { request -> Equipment in
      let item = try request.content.decode(Equipment.self)
      try await item.save(on: request.db)
      return item
    }
  }
}

struct NewBooking: Content {
  var memberID: UUID
  var equipmentID: UUID
  var startsAt: Date
  var hours: Int
}

struct BookingController: RouteCollection {
  func boot(routes: any RoutesBuilder) throws {
    let bookings = routes.grouped("bookings")
    bookings.documented(.POST, summary: "Books equipment") { request -> Booking in
      let new = try request.content.decode(NewBooking.self)
      let endsAt = new.startsAt.addingTimeInterval(Double(new.hours) * 3600)
      return try await request.db.transaction { database in
        guard let equipment = try await Equipment.find(new.equipmentID, on: database) else {
          throw Abort(.notFound)
        }
        if equipment.needsCertification {
          let certified = try await Certification.query(on: database)
            .filter(\.$member.$id == new.memberID).filter(\.$equipment.$id == new.equipmentID)
            .first()
          guard certified != nil else { throw Abort(.forbidden, reason: "Not certified.") }
        }
        let overlapping = try await Booking.query(on: database)
          .filter(\.$equipment.$id == new.equipmentID)
          .filter(\.$startsAt < endsAt).filter(\.$endsAt > new.startsAt).count()
        guard overlapping == 0 else { throw Abort(.conflict, reason: "Already booked.") }
        let booking = Booking(
          memberID: new.memberID, equipmentID: new.equipmentID, startsAt: new.startsAt,
          endsAt: endsAt)
        try await booking.save(on: database)
        return booking
      }
    }
    bookings.documented(.GET, summary: "Lists the bookings") { request in
      try await Booking.query(on: request.db).sort(\.$startsAt).all()
    }
  }
}

struct NewInvoice: Content {
  var memberID: UUID
  var amountCents: Int
}

struct Balance: Content {
  var openCents: Int
}

struct InvoiceController: RouteCollection {
  func boot(routes: any RoutesBuilder) throws {
    let invoices = routes.grouped("invoices")
    invoices.documented(.POST, summary: "Bills a member") { request -> Invoice in
      let new = try request.content.decode(NewInvoice.self)
      let invoice = Invoice(memberID: new.memberID, amountCents: new.amountCents)
      try await invoice.save(on: request.db)
      return invoice
    }
    invoices.documented(.POST, ":id", "pay", summary: "Pays an invoice") { request -> Invoice in
      let invoice = try await find(Invoice.self, request)
      invoice.paid = true
      try await invoice.save(on: request.db)
      return invoice
    }
    routes.documented(.GET, "members", ":id", "balance", summary: "A member's balance") {
      request -> Balance in
      let member = try await find(Member.self, request)
      let open = try await Invoice.query(on: request.db).filter(\.$member.$id == member.id!)
        .filter(\.$paid == false).all()
      return Balance(openCents: open.reduce(0) { $0 + $1.amountCents })
    }
  }
}

/// The model the path's parameter names, or a 404.
func find<M: Model>(
  _ type: M.Type, _ request: Request, _ parameter: String = "id"
) async throws
  -> M where M.IDValue == UUID
{
  guard let model = try await M.find(request.parameters.get(parameter), on: request.db) else {
    throw Abort(.notFound)
  }
  return model
}
