#if Vapor
  /// A private property of Fluent's that CleanSlate reads is not where it reads it: the app's
  /// FluentKit is one CleanSlate was not checked with.
  struct FluentInternalsChanged: Error, CustomStringConvertible, Equatable {
    /// The FluentKit version CleanSlate reads Fluent's internals as.
    static let checkedVersion = "1.57.0"

    let property: FluentReflection.Property
    /// The FluentKit version the test binary was built with, if known.
    let version: String?

    init(property: FluentReflection.Property, version: String? = FluentKitVersion.resolved) {
      self.property = property
      self.version = version
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.property.label == rhs.property.label && lhs.version == rhs.version
    }

    var description: String {
      let built =
        version.map { "FluentKit \($0), which this test binary was built with," }
        ?? "the FluentKit this test binary was built with (no Package.resolved above it names its version)"
      let other = version.map { "FluentKit \($0)" } ?? "it"
      return
        "CleanSlateVapor cannot tell \(property.purpose): it reads `\(property.owner).\(property.label)`, a private property of FluentKit (Fluent has no accessor for it), and \(built) has no stored property `\(property.label)` of type `\(property.type)`. CleanSlateVapor was checked with FluentKit \(Self.checkedVersion), and never guesses: pin fluent-kit to that version in Package.swift (`.package(url: \"https://github.com/vapor/fluent-kit\", exact: \"\(Self.checkedVersion)\")`), or pass `database: .none` to keep the database configure registers (CleanSlate then reads none of Fluent's internals), until a CleanSlate release supports \(other)."
    }
  }
#endif
