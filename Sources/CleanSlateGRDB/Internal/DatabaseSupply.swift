#if GRDB
  internal import Foundation
  internal import GRDB

  /// Private in-memory copies of a template, opened ahead on a low-priority background thread so
  /// that a test only takes one, and closed there once the test is done with them.
  ///
  /// Each copy is a database of its own, opened with the fixture's configuration and loaded from
  /// the template's image; a test that finds none ready (the first, or one that follows another
  /// faster than a copy opens, as on a machine with no idle core) opens its own on its path, as
  /// if there were no supply.
  final class DatabaseSupply: @unchecked Sendable {
    private let template: DatabaseTemplate
    private let configuration: Configuration
    /// How many copies to keep ready.
    private let ahead: Int
    /// How many copies may wait to be closed in the background before tests close their own.
    private let closingBacklog = 4
    private let worker = BackgroundWorker(name: "CleanSlateGRDB.DatabaseSupply")
    private let lock = NSLock()
    private var ready: [DatabaseCopy] = []
    private var filling = false
    private var closed = false

    init(template: DatabaseTemplate, configuration: Configuration, ahead: Int = 2) {
      self.template = template
      self.configuration = configuration
      self.ahead = ahead
    }

    /// A fresh copy of the template for one test: a ready one, or else one opened now.
    func take() throws -> DatabaseCopy {
      let copy = lock.withLock { ready.isEmpty ? nil : ready.removeFirst() }
      refill()
      return try copy ?? template.makeCopy(configuration: configuration)
    }

    /// Starts opening copies in the background until `ahead` are ready.
    func refill() {
      let start = lock.withLock { () -> Bool in
        guard !filling, !closed, ready.count < ahead else { return false }
        filling = true
        return true
      }
      if start { worker.async { self.fill() } }
    }

    /// Closes a copy a test is done with, in the background; on the caller's thread when the
    /// background is that far behind, so that copies never pile up.
    func discard(_ copy: DatabaseCopy) {
      if worker.backlog >= closingBacklog {
        try? copy.queue.close()
      } else {
        worker.async { try? copy.queue.close() }
      }
    }

    /// Stops opening copies, waits for the background work, and closes the copies still ready.
    func close() {
      lock.withLock { closed = true }
      worker.waitUntilIdle()
      worker.stop()
      let left = lock.withLock { () -> [DatabaseCopy] in
        defer { ready = [] }
        return ready
      }
      for copy in left { try? copy.queue.close() }
    }

    private func fill() {
      while needsMore() {
        // A failure here is left for the test that needs the copy: it opens its own and reports.
        guard let copy = try? template.makeCopy(configuration: configuration) else {
          lock.withLock { filling = false }
          return
        }
        let kept = lock.withLock { () -> Bool in
          guard !closed else { return false }
          ready.append(copy)
          return true
        }
        if !kept { try? copy.queue.close() }
      }
    }

    /// Whether to open another copy; when not, the fill ends, in the same critical section.
    private func needsMore() -> Bool {
      lock.withLock {
        if closed || ready.count >= ahead {
          filling = false
          return false
        }
        return true
      }
    }
  }
#endif
