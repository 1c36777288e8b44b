import Fluent
import SQLKit

/// The members site's migrations, in order.
public let membersMigrations: [any Migration] = [
  CreateRole(), CreateMember(), CreateEquipment(), CreateCertification(), CreateBooking(),
  CreateInvoice(), AddMemberPhone(), IndexMemberEmail(), IndexBookingStart(),
  IndexInvoiceMember(), CreateAuditLog(), SeedEquipment(),
]

struct CreateRole: AsyncMigration {
  func prepare(on database: any Database) async throws {
    _ = try await database.enum("role").case("member").case("host").case("admin").create()
  }
  func revert(on database: any Database) async throws { try await database.enum("role").delete() }
}

struct CreateMember: AsyncMigration {
  func prepare(on database: any Database) async throws {
    let role = try await database.enum("role").read()
    try await database.schema("members").id()
      .field("name", .string, .required).field("email", .string, .required)
      .field("role", role, .required).field("joined_at", .datetime).create()
  }
  func revert(on database: any Database) async throws {
    try await database.schema("members").delete()
  }
}

struct CreateEquipment: AsyncMigration {
  func prepare(on database: any Database) async throws {
    try await database.schema("equipment").id()
      .field("name", .string, .required).field("needs_certification", .bool, .required)
      .unique(on: "name").create()
  }
  func revert(on database: any Database) async throws {
    try await database.schema("equipment").delete()
  }
}

struct CreateCertification: AsyncMigration {
  func prepare(on database: any Database) async throws {
    try await database.schema("certifications").id()
      .field("member_id", .uuid, .required, .references("members", "id", onDelete: .cascade))
      .field("equipment_id", .uuid, .required, .references("equipment", "id"))
      .unique(on: "member_id", "equipment_id").create()
  }
  func revert(on database: any Database) async throws {
    try await database.schema("certifications").delete()
  }
}

struct CreateBooking: AsyncMigration {
  func prepare(on database: any Database) async throws {
    try await database.schema("bookings").id()
      .field("member_id", .uuid, .required, .references("members", "id", onDelete: .cascade))
      .field("equipment_id", .uuid, .required, .references("equipment", "id"))
      .field("starts_at", .datetime, .required).field("ends_at", .datetime, .required).create()
  }
  func revert(on database: any Database) async throws {
    try await database.schema("bookings").delete()
  }
}

struct CreateInvoice: AsyncMigration {
  func prepare(on database: any Database) async throws {
    try await database.schema("invoices").id()
      .field("member_id", .uuid, .required, .references("members", "id", onDelete: .cascade))
      .field("amount_cents", .int, .required).field("paid", .bool, .required).create()
  }
  func revert(on database: any Database) async throws {
    try await database.schema("invoices").delete()
  }
}

struct AddMemberPhone: AsyncMigration {
  func prepare(on database: any Database) async throws {
    try await database.schema("members").field("phone", .string).update()
  }
  func revert(on database: any Database) async throws {
    try await database.schema("members").deleteField("phone").update()
  }
}

/// An index, in SQL both PostgreSQL and SQLite run.
struct SQLIndex: AsyncMigration {
  let name: String
  let sql: String
  func prepare(on database: any Database) async throws {
    try await (database as! any SQLDatabase).raw(SQLQueryString(sql)).run()
  }
  func revert(on database: any Database) async throws {
    try await (database as! any SQLDatabase).raw(SQLQueryString("DROP INDEX " + name)).run()
  }
}

struct IndexMemberEmail: AsyncMigration {
  let index = SQLIndex(
    name: "members_email", sql: "CREATE UNIQUE INDEX members_email ON members (email)")
  func prepare(on database: any Database) async throws { try await index.prepare(on: database) }
  func revert(on database: any Database) async throws { try await index.revert(on: database) }
}

struct IndexBookingStart: AsyncMigration {
  let index = SQLIndex(
    name: "bookings_start", sql: "CREATE INDEX bookings_start ON bookings (equipment_id, starts_at)"
  )
  func prepare(on database: any Database) async throws { try await index.prepare(on: database) }
  func revert(on database: any Database) async throws { try await index.revert(on: database) }
}

struct IndexInvoiceMember: AsyncMigration {
  let index = SQLIndex(
    name: "invoices_member", sql: "CREATE INDEX invoices_member ON invoices (member_id, paid)")
  func prepare(on database: any Database) async throws { try await index.prepare(on: database) }
  func revert(on database: any Database) async throws { try await index.revert(on: database) }
}

struct CreateAuditLog: AsyncMigration {
  func prepare(on database: any Database) async throws {
    try await database.schema("audit_log").id()
      .field("action", .string, .required).field("at", .datetime, .required).create()
  }
  func revert(on database: any Database) async throws {
    try await database.schema("audit_log").delete()
  }
}

/// The equipment every makerspace starts with.
struct SeedEquipment: AsyncMigration {
  func prepare(on database: any Database) async throws {
    for (name, needsCertification) in [
      ("laser cutter", true), ("3D printer", false), ("lathe", true), ("soldering station", false),
    ] {
      try await Equipment(name: name, needsCertification: needsCertification).save(on: database)
    }
  }
  func revert(on database: any Database) async throws {
    try await Equipment.query(on: database).delete()
  }
}
