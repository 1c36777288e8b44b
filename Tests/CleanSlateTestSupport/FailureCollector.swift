package import CleanSlate

/// Collects the failures the engine records, for tests that check what a scope reported.
///
/// Scopes made for CleanSlate's own tests record through ``FailureSink/collecting``, which hands
/// each failure to the collector current in the recording task: ``collectingFailures(_:)``
/// installs one around the code under test. A failure recorded where no collector is current is
/// kept by ``uncollected``, never printed.
package final class FailureCollector: Sendable {
  @TaskLocal package static var current: FailureCollector?
  /// Failures recorded where no collector was current.
  package static let uncollected = FailureCollector()

  private let recorded = Locked<[CleanSlateError]>([])

  package init() {}

  /// Every failure collected so far, in the order recorded.
  package var failures: [CleanSlateError] { recorded.value }

  func append(_ failure: CleanSlateError) {
    recorded.withLock { $0.append(failure) }
  }
}

extension FailureSink {
  /// A sink that hands failures to the current ``FailureCollector``.
  package static let collecting = FailureSink(record: { failure in
    (FailureCollector.current ?? .uncollected).append(failure)
  })
}

/// Runs `body` and returns the failures recorded meanwhile through ``FailureSink/collecting``.
package func collectingFailures(
  _ body: () async throws -> Void
) async rethrows -> [CleanSlateError] {
  let collector = FailureCollector()
  try await FailureCollector.$current.withValue(collector) { try await body() }
  return collector.failures
}

extension ScopeRuntime {
  /// Ends the scope and returns the failures it recorded meanwhile.
  package func endCollectingFailures() async -> [CleanSlateError] {
    await collectingFailures { await end() }
  }

  /// Runs the checks of the end of the body and returns the failures they recorded.
  package func finishBodyCollectingFailures() async -> [CleanSlateError] {
    await collectingFailures { await finishBody() }
  }
}

/// The failures recorded through one sink, wherever they were recorded from: for scopes ended
/// on threads of their own, where no task-local collector is seen.
package final class FailureLog: Sendable {
  private let recorded = Locked<[CleanSlateError]>([])

  package init() {}

  /// The sink that records here.
  package var sink: FailureSink {
    FailureSink(record: { [recorded] failure in recorded.withLock { $0.append(failure) } })
  }

  /// Every failure recorded so far, in order.
  package var failures: [CleanSlateError] { recorded.value }
}
