#if Postgres
  internal import Foundation

  /// The PostgreSQL programs a throwaway server needs: `initdb` and `postgres` in one directory,
  /// and `psql`, there or on `PATH`.
  struct PostgresBinaries: Sendable, Hashable {
    /// The directory that holds `initdb` and `postgres`.
    let directory: URL
    /// The client the server's supervisor asks whether the server is still used.
    let psql: URL

    var initdb: URL { directory.appendingPathComponent("initdb") }
    var postgres: URL { directory.appendingPathComponent("postgres") }

    /// The places searched when `CLEANSLATE_POSTGRES_BIN` is not set; tests point them elsewhere.
    struct SearchPath: Sendable {
      /// Debian's and Ubuntu's packages: `<debian>/<version>/bin`.
      var debian = "/usr/lib/postgresql"
      /// Homebrew's prefixes (Apple silicon, then Intel): `<prefix>/postgresql@<version>/bin`, or
      /// `<prefix>/postgresql/bin`.
      var homebrew = ["/opt/homebrew/opt", "/usr/local/opt"]
    }

    /// Finds the programs: in `CLEANSLATE_POSTGRES_BIN` alone when it is set; otherwise in the
    /// newest version of Debian's packages, then in the newest Homebrew formula, then in the
    /// first directory on `PATH` that has both `initdb` and `postgres`. `nil` when none has them.
    static func find(
      environment: [String: String], search: SearchPath = SearchPath()
    ) -> PostgresBinaries? {
      let path = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
      let directories: [String]
      if let override = environment["CLEANSLATE_POSTGRES_BIN"], !override.isEmpty {
        directories = [override]
      } else {
        directories =
          versioned(in: search.debian) { $0 }.map { "\(search.debian)/\($0)/bin" }
          + search.homebrew.flatMap { prefix in
            versioned(in: prefix, named: homebrewVersion).map { "\(prefix)/\($0)/bin" }
          }
          + path
      }
      for directory in directories {
        let url = URL(fileURLWithPath: directory, isDirectory: true)
        guard isExecutable(url.appendingPathComponent("initdb")),
          isExecutable(url.appendingPathComponent("postgres"))
        else { continue }
        let psql = ([directory] + path).lazy
          .map { URL(fileURLWithPath: $0, isDirectory: true).appendingPathComponent("psql") }
          .first(where: isExecutable)
        guard let psql else { continue }
        return PostgresBinaries(directory: url, psql: psql)
      }
      return nil
    }

    /// The entries of `directory` that `version` reads a version from, newest first.
    private static func versioned(
      in directory: String, named version: (String) -> String? = { $0 }
    ) -> [String] {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
      let numbered = names.compactMap { name -> (name: String, version: [Int])? in
        guard let text = version(name) else { return nil }
        let parts = text.split(separator: ".").map { Int($0) }
        guard !parts.isEmpty, !parts.contains(nil) else { return nil }
        return (name, parts.compactMap { $0 })
      }
      return numbered.sorted { $0.version.lexicographicallyPrecedes($1.version) }.reversed()
        .map(\.name)
    }

    /// The version in a Homebrew formula's name: `postgresql@16` is 16; `postgresql`, whose
    /// version Homebrew changes over time, comes after every numbered one.
    private static func homebrewVersion(_ name: String) -> String? {
      if name == "postgresql" { return "0" }
      guard name.hasPrefix("postgresql@") else { return nil }
      return String(name.dropFirst("postgresql@".count))
    }

    private static func isExecutable(_ url: URL) -> Bool {
      var isDirectory: ObjCBool = false
      return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
        && !isDirectory.boolValue && FileManager.default.isExecutableFile(atPath: url.path)
    }
  }
#endif
