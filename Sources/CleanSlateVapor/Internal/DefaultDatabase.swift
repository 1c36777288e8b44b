#if Vapor
  internal import Dispatch
  internal import FluentKit

  /// Finding the app's default database, and putting the test's own in its place.
  enum DefaultDatabase {
    /// The ID of the default database the app's `configure` registered, or `nil` when it
    /// registered none.
    static func id(in databases: Databases) -> DatabaseID? {
      let ids = databases.ids()
      guard !ids.isEmpty else { return nil }
      // Fluent has no accessor for the default ID, and stops the process when asked for the
      // default database while none is set: read it.
      if let stored = Mirror(reflecting: databases).children.first(where: {
        $0.label == "defaultID"
      }) {
        return stored.value as? DatabaseID
      }
      return ids.count == 1 ? ids.first : nil
    }

    /// Registers `configuration` under `id` as the default database, with the model middleware
    /// the configuration it replaces had, and shuts down the driver the old one had started (by
    /// a `configure` that migrated its own database, say) so the next query uses the new one.
    static func replace(
      _ id: DatabaseID, in databases: Databases, with factory: DatabaseConfigurationFactory
    ) async {
      var configuration = factory.make()
      if databases.ids().contains(id), let existing = databases.configuration(for: id) {
        configuration.middleware = existing.middleware
      }
      databases.use(configuration, as: id, isDefault: true)
      // `reinitialize` shuts the old driver down synchronously (it waits on a future): off the
      // cooperative pool.
      await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        DispatchQueue.global().async {
          databases.reinitialize(id)
          done.resume()
        }
      }
    }
  }
#endif
