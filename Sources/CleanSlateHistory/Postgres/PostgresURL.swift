#if Postgres
  import Foundation
  internal import NIOSSL
  internal import PostgresNIO

  /// A PostgreSQL URL read into a connection's settings:
  /// `postgresql://user:password@host:port/database?sslmode=require`.
  ///
  /// The port is 5432 unless given, the user `postgres`, the database the user's name. `sslmode`
  /// is `disable`, `prefer` (the default: TLS when the server offers it) or `require`.
  struct PostgresURL {
    let configuration: PostgresConnection.Configuration

    /// Reads `url`; `name` is how errors name it.
    ///
    /// - Throws: ``StoreError`` when it is not such a URL.
    init(_ url: String, name: String) throws {
      guard let components = URLComponents(string: url), let host = components.host,
        !host.isEmpty
      else {
        throw StoreError(
          .failed,
          "\(name) is not a PostgreSQL URL: give postgresql://user:password@host:port/database.")
      }
      let user = components.user ?? "postgres"
      let database = components.path.split(separator: "/").first.map(String.init) ?? user
      let mode =
        components.queryItems?.first { $0.name == "sslmode" }?.value ?? "prefer"
      let tls: PostgresConnection.Configuration.TLS
      switch mode {
      case "disable":
        tls = .disable
      case "prefer", "allow", "require", "verify-ca", "verify-full":
        var settings = TLSConfiguration.makeClientConfiguration()
        if mode != "verify-full" && mode != "verify-ca" { settings.certificateVerification = .none }
        do {
          let context = try NIOSSLContext(configuration: settings)
          tls = mode == "prefer" || mode == "allow" ? .prefer(context) : .require(context)
        } catch {
          throw StoreError(.failed, "\(name): cannot set up TLS: \(error)")
        }
      default:
        throw StoreError(
          .failed,
          "\(name): sslmode '\(mode)' is not one of disable, prefer, require, verify-ca, verify-full."
        )
      }
      var configuration = PostgresConnection.Configuration(
        host: host, port: components.port ?? 5432, username: user,
        password: components.password, database: database, tls: tls)
      configuration.options.connectTimeout = .seconds(10)
      self.configuration = configuration
    }
  }
#endif
