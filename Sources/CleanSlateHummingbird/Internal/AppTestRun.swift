#if Hummingbird
  internal import CleanSlate
  internal import Hummingbird
  internal import HummingbirdTesting

  /// One run of `app.test(_:_:)` held open for a test: started in a task of its own, whose
  /// closure hands the client over, then waits until the test ends.
  @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
  final class AppTestRun: Sendable {
    let client: HummingbirdTestClient
    private let task: Task<Void, any Error>
    private let end: AsyncStream<Void>.Continuation

    private init(
      client: HummingbirdTestClient, task: Task<Void, any Error>,
      end: AsyncStream<Void>.Continuation
    ) {
      self.client = client
      self.task = task
      self.end = end
    }

    /// Runs `app` and returns once its client is ready, or throws what stopped it first.
    static func start<App: ApplicationProtocol>(
      _ app: App, testing: TestingSetup
    ) async throws -> AppTestRun {
      let (ended, end) = AsyncStream.makeStream(of: Void.self)
      let handOver = ClientHandOver()
      let task = Task {
        do {
          try await app.test(testing) { client in
            handOver.give(HummingbirdTestClient(base: client))
            for await _ in ended {}
          }
          handOver.fail(AppStoppedEarly())
        } catch {
          handOver.fail(error)
          throw error
        }
      }
      do {
        let client = try await handOver.take()
        return AppTestRun(client: client, task: task, end: end)
      } catch {
        end.finish()
        task.cancel()
        _ = await task.result
        throw error
      }
    }

    /// Ends the run: the client disconnects and the app shuts down gracefully. Throws what the
    /// app's run threw.
    func stop() async throws {
      end.finish()
      try await task.value
    }
  }

  /// The client, handed from the run's task to the fixture's setup once.
  @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
  private final class ClientHandOver: Sendable {
    private enum State {
      case waiting(CheckedContinuation<HummingbirdTestClient, any Error>?)
      case done(Result<HummingbirdTestClient, any Error>)
      case taken
    }

    private let state = Locked<State>(.waiting(nil))

    func give(_ client: HummingbirdTestClient) { settle(.success(client)) }

    func fail(_ error: any Error) { settle(.failure(error)) }

    func take() async throws -> HummingbirdTestClient {
      try await withCheckedThrowingContinuation { continuation in
        let ready: Result<HummingbirdTestClient, any Error>? = state.withLock { state in
          switch state {
          case .waiting:
            state = .waiting(continuation)
            return nil
          case .done(let result):
            state = .taken
            return result
          case .taken:
            return .failure(AppStoppedEarly())
          }
        }
        if let ready { continuation.resume(with: ready) }
      }
    }

    private func settle(_ result: Result<HummingbirdTestClient, any Error>) {
      let waiting: CheckedContinuation<HummingbirdTestClient, any Error>? = state.withLock {
        state in
        switch state {
        case .waiting(let continuation?):
          state = .taken
          return continuation
        case .waiting(nil):
          state = .done(result)
          return nil
        case .done, .taken:
          return nil
        }
      }
      waiting?.resume(with: result)
    }
  }

  /// The app's test run ended before it handed a client over.
  struct AppStoppedEarly: Error, CustomStringConvertible {
    var description: String { "The Hummingbird app stopped before its test client was ready." }
  }
#endif
