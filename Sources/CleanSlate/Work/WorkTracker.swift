public import Dispatch
import Foundation

/// A counter of the asynchronous work that code under test starts, so that a test can wait for
/// all of it — event-driven, without polling — and learn by name what is still running.
///
/// Hand a tracker to the code under test the way many XCTest suites inject a `dispatch_group_t`
/// into every class; it needs only the core `CleanSlate` module, which an app may link, never a
/// test framework.
///
/// ```swift
/// final class Uploader {
///   let work: WorkTracker
///   func upload(_ file: URL) {
///     work.start("upload \(file.lastPathComponent)") { try await self.send(file) }
///   }
/// }
///
/// // In a test (XCTest's FixtureTestCase or a Swift Testing test with .cleanSlate):
/// let work = try await use(.workTracker)
/// Uploader(work: work).upload(file)
/// try await work.waitUntilIdle()    // optional: the end of the body waits anyway
/// ```
///
/// Work is tracked three ways:
/// - Swift tasks: ``start(_:priority:fileID:filePath:line:column:operation:)->Task<Success,Error>``
///   starts one, ``track(_:label:fileID:filePath:line:column:)`` follows one that exists.
/// - GCD: ``async(_:on:qos:flags:fileID:filePath:line:column:execute:)`` and ``enter(_:fileID:filePath:line:column:)``
///   track labelled blocks; code written against a `DispatchGroup` uses ``group`` unchanged.
/// - Nested work: inside tracked work, ``current`` is the tracker, so work started from there
///   with `WorkTracker.current?.start(...)` is tracked too, and waiting covers it.
///
/// Used through the ``Fixture/workTracker`` fixture, the tracker is awaited when the test body
/// ends, before any teardown; work still running after ``timeout`` is reported by its label and
/// its tasks are cancelled.
public final class WorkTracker: Sendable {
  /// The DispatchGroup for GCD code written in the dispatch-group pattern many XCTest suites
  /// use: `queue.async(group: group)`, or `group.enter()` … `group.leave()`. Waiting covers it.
  ///
  /// A `DispatchGroup` holds no names, so work in it is reported as unlabelled; prefer
  /// ``async(_:on:qos:flags:fileID:filePath:line:column:execute:)`` or
  /// ``enter(_:fileID:filePath:line:column:)`` in new code.
  public let group = DispatchGroup()

  /// Where the tracker was created; unlabelled work in ``group`` is reported there.
  let location: CodeLocation
  let state: Locked<State>

  /// The tracker of the tracked work running now, if any.
  @TaskLocal static var runningIn: WorkTracker?

  /// Creates a tracker with no work.
  ///
  /// - Parameters:
  ///   - timeout: How long the end of a test waits for the work before reporting it; by
  ///     default ``defaultTimeout``.
  ///   - fileID: The file that calls this, for failure messages; leave the default.
  ///   - filePath: That file's full path; leave the default.
  ///   - line: The line of the call; leave the default.
  ///   - column: The column of the call; leave the default.
  public init(
    timeout: Duration? = nil,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column
  ) {
    location = CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    state = Locked(State(timeout: timeout ?? Self.defaultTimeout))
  }

  /// The tracker of the tracked work that is running now: inside a task started with
  /// ``start(_:priority:fileID:filePath:line:column:operation:)->Task<Success,Error>``
  /// or a block started with ``async(_:on:qos:flags:fileID:filePath:line:column:execute:)``.
  ///
  /// Code that was not handed a tracker can still have its work waited for:
  ///
  /// ```swift
  /// WorkTracker.current?.start("refresh cache") { await cache.refresh() }
  /// ```
  public static var current: WorkTracker? { runningIn }

  /// How long the end of the test body waits for this tracker's work before reporting what is
  /// still running and cancelling it.
  public var timeout: Duration {
    get { state.withLock { $0.timeout } }
    set { state.withLock { $0.timeout = newValue } }
  }

  /// The work running now, oldest first, with unlabelled ``group`` work last.
  public var runningWork: [RunningWork] {
    let tracked = state.withLock { state in
      state.running.sorted { $0.key < $1.key }.map {
        RunningWork(
          label: $0.value.label, location: $0.value.location, isCancellable: $0.value.isTask)
      }
    }
    return groupIsEmpty ? tracked : tracked + [unlabelledGroupWork]
  }

  /// Whether no tracked work is running.
  public var isIdle: Bool {
    state.withLock { $0.running.isEmpty } && groupIsEmpty
  }

  /// Cancels every tracked task still running. GCD work cannot be cancelled and runs on.
  public func cancelAll() {
    let cancels = state.withLock { state in
      state.running.keys.compactMap { state.requestCancel(of: $0) }
    }
    for cancel in cancels { cancel() }
  }

  var unlabelledGroupWork: RunningWork {
    RunningWork(
      label: "unlabelled work in the tracker's DispatchGroup", location: location,
      isCancellable: false)
  }

  var groupIsEmpty: Bool { group.wait(timeout: .now()) == .success }
}

extension WorkTracker {
  /// One piece of tracked work that has not finished yet.
  public struct RunningWork: Sendable, Hashable, CustomStringConvertible {
    /// The label given when the work was started.
    public let label: String
    /// Where the work was started.
    public let location: CodeLocation
    /// Whether the work is a Swift task, which can be cancelled; GCD work cannot.
    public let isCancellable: Bool

    /// The label and location, as `'upload' (started at Module/File.swift:12)`.
    public var description: String { "'\(label)' (started at \(location))" }
  }
}
