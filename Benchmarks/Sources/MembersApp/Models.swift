import Fluent
import Vapor

// A makerspace's members site, shaped like a real Vapor + Fluent app: members with roles,
// equipment that needs a certification, bookings, invoices; twelve migrations, among them an enum
// type, foreign keys, a column added later, indexes and seed data.

public enum Role: String, Codable, Sendable { case member, host, admin }

public final class Member: Model, Content, @unchecked Sendable {
  public static let schema = "members"
  @ID(key: .id) public var id: UUID?
  @Field(key: "name") public var name: String
  @Field(key: "email") public var email: String
  @Enum(key: "role") public var role: Role
  @OptionalField(key: "phone") public var phone: String?
  @Timestamp(key: "joined_at", on: .create) public var joinedAt: Date?
  public init() {}
  public init(name: String, email: String, role: Role = .member) {
    self.name = name
    self.email = email
    self.role = role
  }
}

public final class Equipment: Model, Content, @unchecked Sendable {
  public static let schema = "equipment"
  @ID(key: .id) public var id: UUID?
  @Field(key: "name") public var name: String
  @Field(key: "needs_certification") public var needsCertification: Bool
  public init() {}
  public init(name: String, needsCertification: Bool) {
    self.name = name
    self.needsCertification = needsCertification
  }
}

public final class Certification: Model, Content, @unchecked Sendable {
  public static let schema = "certifications"
  @ID(key: .id) public var id: UUID?
  @Parent(key: "member_id") public var member: Member
  @Parent(key: "equipment_id") public var equipment: Equipment
  public init() {}
  public init(memberID: UUID, equipmentID: UUID) {
    self.$member.id = memberID
    self.$equipment.id = equipmentID
  }
}

public final class Booking: Model, Content, @unchecked Sendable {
  public static let schema = "bookings"
  @ID(key: .id) public var id: UUID?
  @Parent(key: "member_id") public var member: Member
  @Parent(key: "equipment_id") public var equipment: Equipment
  @Field(key: "starts_at") public var startsAt: Date
  @Field(key: "ends_at") public var endsAt: Date
  public init() {}
  public init(memberID: UUID, equipmentID: UUID, startsAt: Date, endsAt: Date) {
    self.$member.id = memberID
    self.$equipment.id = equipmentID
    self.startsAt = startsAt
    self.endsAt = endsAt
  }
}

public final class Invoice: Model, Content, @unchecked Sendable {
  public static let schema = "invoices"
  @ID(key: .id) public var id: UUID?
  @Parent(key: "member_id") public var member: Member
  @Field(key: "amount_cents") public var amountCents: Int
  @Field(key: "paid") public var paid: Bool
  public init() {}
  public init(memberID: UUID, amountCents: Int, paid: Bool = false) {
    self.$member.id = memberID
    self.amountCents = amountCents
    self.paid = paid
  }
}
