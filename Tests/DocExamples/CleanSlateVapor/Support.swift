// swift-format-ignore-file
// What the examples use and leave to the reader: the app's configure, a todo, the weather
// service the app calls out to.
#if Vapor
  import CleanSlate
  import Foundation
  import Vapor

  func configure(_ app: Application) async throws {
    app.get("todos") { _ in [String]() }
  }

  struct Todo: Content {
    var title: String
  }

  let todo = Todo(title: "call mum")

  struct WeatherService {
    let baseURL: URL
  }

  extension Fixture where Value == WeatherService {
    static let weather = Fixture("weather") { _ in
      WeatherService(baseURL: URL(string: "http://127.0.0.1:1")!)
    }
  }

  struct WeatherServiceURLKey: StorageKey {
    typealias Value = URL
  }

  extension Application {
    var weatherServiceURL: URL? {
      get { storage[WeatherServiceURLKey.self] }
      set { storage[WeatherServiceURLKey.self] = newValue }
    }
  }
#endif
