#if Postgres
  internal import CleanSlate
  internal import NIOCore
  internal import PostgresNIO

  /// The fixtures' own operations on a test's connection (checks, rollbacks, closes), bounded so
  /// that a connection the server ended can never hold a test's end up.
  ///
  /// A server that stops answering would hold a test's end up, and PostgresNIO never answers a
  /// query written to a connection whose channel has already closed (the query's promise is
  /// dropped with the write; a test's connection runs on a ``RelayChannel``, which prevents that,
  /// but CleanSlate's own connections do not), so waiting on it is not enough: each operation races
  /// the connection's close and a time limit, and loses to either.
  enum BoundedOperation {
    /// How long a fixture's own statement or close may take before the connection is given up:
    /// half the teardown limit (5 s unless `CLEANSLATE_TEARDOWN_TIMEOUT` or
    /// `CleanSlateDefaults.teardownTimeout` says otherwise), so that it is reported as what it is
    /// before the teardown that runs it times out.
    ///
    /// It measures the wait as the test process sees it, the time to be scheduled again
    /// included: on a busy machine running hundreds of tests at once (two cores, Swift Testing's
    /// parallel tests) an answer the server sent at once can take seconds to be seen. A limit
    /// of 2 s failed there; a slow CI machine is given more with the teardown limit.
    static var timeLimit: Duration { CleanSlateDefaults.teardownTimeout / 2 }

    /// Why a bounded operation did not finish.
    enum Failure: Error, CustomStringConvertible {
      /// The server closed the connection, before or during the operation.
      case serverClosedConnection
      /// The operation took longer than the time limit; the connection was closed.
      case timedOut(Duration)

      var description: String {
        switch self {
        case .serverClosedConnection:
          "the server closed the connection"
        case .timedOut(let limit):
          "the server did not answer within \(limit); the connection was closed"
        }
      }
    }

    /// Runs `operation` on `connection`, failing with ``Failure`` as soon as the connection is
    /// closed, or once `limit` passes (closing the connection then). It never waits for an
    /// operation that PostgresNIO leaves hanging: that is abandoned and ends on its own.
    @discardableResult
    static func run<Result: Sendable>(
      on connection: PostgresConnection,
      limit: Duration = timeLimit,
      _ operation: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
      if connection.isClosed { throw Failure.serverClosedConnection }
      let outcome = LockedValue<CheckedContinuation<Result, any Error>?>(nil)
      // The time limit is a timer on the connection's event loop: no task to start, wake or
      // cancel on the way of every operation.
      let timer = LockedValue<Scheduled<Void>?>(nil)
      let closeWatch = LockedValue<CloseWatch.Token?>(nil)
      // Resumes the caller with the first outcome; says whether this one was it.
      let finish: @Sendable (Swift.Result<Result, any Error>) -> Bool = { result in
        let continuation = outcome.withLock { pending in
          defer { pending = nil }
          return pending
        }
        guard let continuation else { return false }
        timer.withLock { $0?.cancel() }
        closeWatch.withLock { $0.map(CloseWatch.remove) }
        continuation.resume(with: result)
        return true
      }
      return try await withCheckedThrowingContinuation { continuation in
        outcome.withLock { $0 = continuation }
        // The close watch is in place before the operation starts, so whichever outcome comes
        // first removes it before the caller resumes. A close that fires here already took every
        // callback off the connection.
        let token = CloseWatch.add(on: connection) {
          // Let an answer that arrived before the close win; PostgresNIO fails the others.
          Task {
            await Task.yield()
            _ = finish(.failure(Failure.serverClosedConnection))
          }
        }
        closeWatch.withLock { $0 = token }
        let work = Task {
          do {
            _ = finish(.success(try await operation(connection)))
          } catch {
            _ = finish(.failure(error))
          }
        }
        let scheduled = connection.eventLoop.scheduleTask(in: .nanoseconds(limit.nanoseconds)) {
          guard finish(.failure(Failure.timedOut(limit))) else { return }
          work.cancel()
          connection.close().whenComplete { _ in }
        }
        timer.withLock { $0 = scheduled }
        // Finished before the timer was stored: nothing else will cancel it.
        if outcome.withLock({ $0 == nil }) { scheduled.cancel() }
      }
    }

    /// Closes `connection` without waiting longer than the time limit, and releases the channel a
    /// test's connection runs on (see ``RelayChannel``): call it once nothing will use the
    /// connection any more, even when it is closed already.
    static func close(_ connection: PostgresConnection) async {
      if !connection.isClosed {
        _ = try? await run(on: connection) { try await $0.close() }
      }
      RelayChannel.release(connection)
    }
  }

  extension Duration {
    /// The duration in whole nanoseconds.
    fileprivate var nanoseconds: Int64 {
      components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000
    }
  }
#endif
