#if Vapor
  import Fluent
  import Foundation
  import Testing
  @testable import CleanSlateVapor

  /// CleanSlateVapor reads three private properties of FluentKit's; if one is not where it reads
  /// it, the app fixture fails with a message that names FluentKit's version and what to do,
  /// never falling back to a guess.
  @Suite struct FluentInternalsTests {
    @Test func theFluentKitThisPackageIsBuiltWithHasWhatCleanSlateReads() throws {
      #expect(throws: Never.self) { try FluentReflection.check() }
    }

    @Test func aMissingPropertyIsNamedWithTheVersionAndWhatToDo() {
      // Given stand-ins for Fluent's types where `defaultID` was renamed.
      struct RenamedDatabases { var defaultDatabaseID: String? = nil }
      // When CleanSlate checks them.
      let mismatch = FluentReflection.mismatch(
        databases: RenamedDatabases(), migrations: RenamedDatabases())
      // Then it names the property, the version found and what to do.
      let failure = FluentInternalsChanged(
        property: FluentReflection.defaultIDProperty, version: "1.99.0")
      #expect(mismatch?.property.label == "defaultID")
      #expect(
        failure.description
          == "CleanSlateVapor cannot tell which database is the app's default: it reads `Databases.defaultID`, a private property of FluentKit (Fluent has no accessor for it), and FluentKit 1.99.0, which this test binary was built with, has no stored property `defaultID` of type `Optional<DatabaseID>`. CleanSlateVapor was checked with FluentKit 1.57.0, and never guesses: pin fluent-kit to that version in Package.swift (`.package(url: \"https://github.com/vapor/fluent-kit\", exact: \"1.57.0\")`), or pass `database: .none` to keep the database configure registers (CleanSlate then reads none of Fluent's internals), until a CleanSlate release supports FluentKit 1.99.0."
      )
    }

    @Test func aPropertyOfAnotherTypeIsAMismatchToo() {
      // Given stand-ins whose `drivers` holds something else.
      struct Databases {
        var defaultID: DatabaseID? = nil
        var drivers: [String: Int] = [:]
      }
      // When CleanSlate checks them, then it names `drivers` (here with no version found).
      let mismatch = FluentReflection.mismatch(databases: Databases(), migrations: Databases())
      #expect(mismatch?.property.label == "drivers")
      let drivers = FluentInternalsChanged(property: FluentReflection.driversProperty, version: nil)
      #expect(
        drivers.description
          == "CleanSlateVapor cannot tell which databases configure has already asked for: it reads `Databases.drivers`, a private property of FluentKit (Fluent has no accessor for it), and the FluentKit this test binary was built with (no Package.resolved above it names its version) has no stored property `drivers` of type `Dictionary<DatabaseID, DatabaseDriver>`. CleanSlateVapor was checked with FluentKit 1.57.0, and never guesses: pin fluent-kit to that version in Package.swift (`.package(url: \"https://github.com/vapor/fluent-kit\", exact: \"1.57.0\")`), or pass `database: .none` to keep the database configure registers (CleanSlate then reads none of Fluent's internals), until a CleanSlate release supports it."
      )
    }

    @Test func theVersionIsReadFromPackageResolved() throws {
      let resolved = Data(
        #"""
        {"pins":[{"identity":"fluent","state":{"version":"4.13.0"}},
        {"identity":"fluent-kit","kind":"remoteSourceControl","state":{"revision":"abc","version":"1.57.0"}}],"version":3}
        """#.utf8)
      #expect(FluentKitVersion.pinned(in: resolved) == "1.57.0")
      #expect(FluentKitVersion.pinned(in: Data(#"{"pins":[]}"#.utf8)) == nil)
    }
  }
#endif
