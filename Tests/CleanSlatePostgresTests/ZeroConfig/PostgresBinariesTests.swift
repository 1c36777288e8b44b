#if Postgres
  import CleanSlateTestSupport
  import Foundation
  import Testing

  @testable import CleanSlatePostgres

  /// Where zero-config PostgreSQL looks for `initdb`, `postgres` and `psql`, in which order.
  @Suite struct PostgresBinariesTests {
    @Test func picksTheNewestDebianVersionNumerically() throws {
      try withFakeSystem { system in
        // Given Debian's directories for 9.6, 10 and 16, and an incomplete 17.
        for version in ["9.6", "10", "16"] { try system.install("debian/\(version)/bin") }
        try system.install("debian/17/bin", programs: ["initdb", "psql"])
        // When the binaries are searched.
        let found = PostgresBinaries.find(environment: [:], search: system.search)
        // Then 16 wins: 17 has no postgres, and 10 is newer than 9.6.
        #expect(found?.directory.path == system.path("debian/16/bin"))
      }
    }

    @Test func searchesDebianThenHomebrewThenPATH() throws {
      try withFakeSystem { system in
        try system.install("homebrew/postgresql@16/bin")
        try system.install("path/bin")
        let environment = ["PATH": system.path("path/bin")]
        #expect(
          PostgresBinaries.find(environment: environment, search: system.search)?.directory.path
            == system.path("homebrew/postgresql@16/bin"))

        try system.install("debian/15/bin")
        #expect(
          PostgresBinaries.find(environment: environment, search: system.search)?.directory.path
            == system.path("debian/15/bin"))
      }
    }

    @Test func preferTheNewestNumberedHomebrewFormulaToTheUnnumberedOne() throws {
      try withFakeSystem { system in
        for formula in ["postgresql", "postgresql@14", "postgresql@17", "postgresql-common"] {
          try system.install("homebrew/\(formula)/bin")
        }
        let found = PostgresBinaries.find(environment: [:], search: system.search)
        #expect(found?.directory.path == system.path("homebrew/postgresql@17/bin"))
      }
    }

    @Test func fallsBackToPATHAndTakesPsqlFromPATH() throws {
      try withFakeSystem { system in
        // Given a PATH whose first directory has psql alone and whose second has the server.
        try system.install("client", programs: ["psql"])
        try system.install("server", programs: ["initdb", "postgres"])
        let environment = ["PATH": "\(system.path("client")):\(system.path("server"))"]
        // When the binaries are searched.
        let found = PostgresBinaries.find(environment: environment, search: system.search)
        // Then the server's directory is found, with psql from the client's.
        #expect(found?.directory.path == system.path("server"))
        #expect(found?.psql.path == system.path("client/psql"))
      }
    }

    @Test func aDirectoryWithoutPsqlAnywhereIsPassedOver() throws {
      try withFakeSystem { system in
        try system.install("debian/16/bin", programs: ["initdb", "postgres"])
        #expect(PostgresBinaries.find(environment: [:], search: system.search) == nil)
      }
    }

    @Test func theOverrideIsTheOnlyPlaceSearched() throws {
      try withFakeSystem { system in
        // Given PostgreSQL in Debian's directory and on PATH, and an override naming an empty one.
        try system.install("debian/16/bin")
        try system.install("path/bin")
        try FileManager.default.createDirectory(
          atPath: system.path("empty"), withIntermediateDirectories: true)
        let environment = [
          "PATH": system.path("path/bin"), "CLEANSLATE_POSTGRES_BIN": system.path("empty"),
        ]
        // Then nothing is found.
        #expect(PostgresBinaries.find(environment: environment, search: system.search) == nil)
        // And an override that has them is used.
        let overridden = ["CLEANSLATE_POSTGRES_BIN": system.path("path/bin")]
        #expect(
          PostgresBinaries.find(environment: overridden, search: system.search)?.directory.path
            == system.path("path/bin"))
      }
    }
  }

  /// A directory standing for a machine's file system, where tests install fake programs.
  struct FakeSystem {
    let root: URL

    /// Debian's and Homebrew's places under the root.
    var search: PostgresBinaries.SearchPath {
      PostgresBinaries.SearchPath(debian: path("debian"), homebrew: [path("homebrew")])
    }

    func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// Writes executable scripts named `programs` into `directory`.
    func install(
      _ directory: String, programs: [String] = ["initdb", "postgres", "psql"],
      script: String = "exit 0"
    ) throws {
      let url = root.appendingPathComponent(directory, isDirectory: true)
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
      for program in programs {
        let file = url.appendingPathComponent(program)
        try Data("#!/bin/sh\n\(script)\n".utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
      }
    }
  }

  /// Runs `body` with a fake system in a new directory, removed afterwards.
  func withFakeSystem(_ body: (FakeSystem) throws -> Void) throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cleanslate-fake-system-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    try body(FakeSystem(root: root))
  }
#endif
