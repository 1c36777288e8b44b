import Fluent
import FluentPostgresDriver
import Foundation
import ShopApp
import Testing
import Vapor

// What two steps of a test's setup cost on their own, whatever fixture makes the app: making a
// Vapor app and shutting it down, and making the PostgreSQL configuration the shop's configure
// registers (`.postgres(url:)` without `sslmode`: a TLS context and the system's trusted
// certificates). Run with `--filter AppPhases`; prints the medians.
@Suite(.serialized) struct AppPhases {
  static let rounds = 40

  @Test func makeAndShutDownAgainstATLSConfiguration() async throws {
    var makes: [Duration] = []
    var shutdowns: [Duration] = []
    var configurations: [Duration] = []
    for _ in 0..<Self.rounds {
      var start = ContinuousClock.now
      let app = try await Application.make(.testing)
      makes.append(ContinuousClock.now - start)
      start = ContinuousClock.now
      try await app.asyncShutdown()
      shutdowns.append(ContinuousClock.now - start)

      start = ContinuousClock.now
      _ = try DatabaseConfigurationFactory.postgres(url: "postgres://shop@127.0.0.1:1/shop").make()
      configurations.append(ContinuousClock.now - start)
    }
    print("AppPhases: Application.make(.testing): median \(makes.sorted()[Self.rounds / 2])")
    print(
      "AppPhases: asyncShutdown() of an empty app: median \(shutdowns.sorted()[Self.rounds / 2])")
    print(
      "AppPhases: .postgres(url:) configuration (TLS): median \(configurations.sorted()[Self.rounds / 2])"
    )
  }
}
