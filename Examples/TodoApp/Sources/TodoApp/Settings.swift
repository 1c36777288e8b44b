import Foundation

/// The app's settings, kept in a `UserDefaults` suite.
struct Settings {
  static let suiteName = "org.example.todo"

  enum SortOrder: String {
    case created
    case alphabetical
  }

  private let defaults = UserDefaults(suiteName: Settings.suiteName)!

  var sortOrder: SortOrder {
    get { defaults.string(forKey: "sortOrder").flatMap(SortOrder.init) ?? .created }
    nonmutating set {
      defaults.set(newValue.rawValue, forKey: "sortOrder")
      defaults.synchronize()
    }
  }
}
