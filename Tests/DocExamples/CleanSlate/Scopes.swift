// swift-format-ignore-file
import CleanSlate
import Foundation

extension Fixture where Value == Store {
  static let store = Fixture("store") { context in
    try Store(directory: await context.use(.scratch))
  }
}

extension Fixture where Value == Server {
  static let server = Fixture("server") { context in
    let server = try await Server.start()
    context.addTeardown { await server.stop() }
    return server
  }
}
