import CleanSlate
internal import Foundation

/// The fields of one trace line that the reader reads, each as the reader takes it: a field
/// meant to hold a string that holds something else is `nil`, and so is an integer field that
/// holds no integer.
struct TraceLine {
  /// Whether the line has a `trace` field, which makes it a header, whatever its value.
  var isHeader = false
  var trace: String?
  var version: Int64?
  var run: String?
  var pid: Int64?
  var host: String?
  var command: String?
  var seed: String?
  var timeMicros: Int64?
  var phase: LifecycleEvent.Phase?
  var scope: FixtureScope?
  var scopeName: String?
  var scopeID: Int64?
  var parentScopeID: Int64?
  var fixture: String?
  var test: String?
  var outcome: LifecycleEvent.Outcome?
  var durationNanos: Int64?
  var message: String?
  var code: String?
  var argumentCase: String?
  var location: CodeLocation?

  /// The keys read, by name.
  enum Key: String {
    case trace, v, run, pid, host, command, seed, timeMicros, phase, scope, scopeName, scopeID
    case parentScopeID, fixture, test, outcome, durationNanos, message, code, `case`, at
  }

  /// The line in `bytes`, read by the fast parser (into `fields`, its room) or else by
  /// Foundation's; `nil` when it is not a JSON object.
  init?(
    _ bytes: UnsafeRawBufferPointer, fields: UnsafeMutablePointer<FlatJSONParser.Field>,
    recent: inout RecentValues
  ) {
    guard let count = FlatJSONParser.scan(bytes, into: fields) else {
      guard let object = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any]
      else { return nil }
      self.init(object)
      return
    }
    self.init()
    let base = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
    for index in 0..<count {
      let field = fields[index]
      let key =
        field.keyEscaped
        ? Key(
          rawValue: FlatJSONParser.string(bytes, field.keyStart, field.keyEnd, escaped: true))
        : Self.key(base + field.keyStart, field.keyEnd - field.keyStart)
      guard let key else { continue }
      if field.isInteger {
        setInteger(field.integer, for: key)
      } else if field.valueEscaped {
        setString(
          FlatJSONParser.string(bytes, field.valueStart, field.valueEnd, escaped: true), for: key)
      } else {
        setBytes(
          base + field.valueStart, field.valueEnd - field.valueStart, for: key, recent: &recent)
      }
    }
  }

  private init() {}

  /// The line as Foundation's parser read it.
  init(_ object: [String: Any]) {
    self.init()
    isHeader = object["trace"] != nil
    for (name, value) in object {
      guard let key = Key(rawValue: name) else { continue }
      if let string = value as? String {
        setString(string, for: key)
      } else {
        setInteger(Self.integer64(value), for: key)
      }
    }
  }

  /// The event the line holds, or `nil` if it lacks a field every event has.
  var event: TimedEvent? {
    guard let phase, let scope, let scopeName, let timeMicros else { return nil }
    var event = LifecycleEvent(
      phase: phase, scope: scope, scopeName: scopeName, fixture: fixture,
      // A test scope's own events name no test: it is the scope.
      testName: test ?? (scope == .test ? scopeName : nil), outcome: outcome,
      duration: durationNanos.map { .nanoseconds($0) }, message: message,
      scopeID: scopeID.map { Int($0) } ?? 0, parentScopeID: parentScopeID.map { Int($0) },
      issueCode: code, argumentCase: argumentCase)
    event.location = location
    return TimedEvent(timeMicros: timeMicros, event: event)
  }

  private mutating func setInteger(_ value: Int64?, for key: Key) {
    switch key {
    case .trace:
      isHeader = true
      trace = nil
    case .v: version = value
    case .pid: pid = value
    case .timeMicros: timeMicros = value
    case .scopeID: scopeID = value
    case .parentScopeID: parentScopeID = value
    case .durationNanos: durationNanos = value
    default: setString(nil, for: key)
    }
  }

  private mutating func setString(_ value: String?, for key: Key) {
    switch key {
    case .trace:
      isHeader = true
      trace = value
    case .run: run = value
    case .host: host = value
    case .command: command = value
    case .seed: seed = value
    case .phase: phase = value.flatMap(LifecycleEvent.Phase.init(rawValue:))
    case .scope: scope = value.flatMap(Self.scope(named:))
    case .scopeName: scopeName = value
    case .fixture: fixture = value
    case .test: test = value
    case .outcome: outcome = value.flatMap(LifecycleEvent.Outcome.init(rawValue:))
    case .message: message = value
    case .code: code = value
    case .case: argumentCase = value
    case .at: location = value.map(Self.location)
    case .v, .pid, .timeMicros, .scopeID, .parentScopeID, .durationNanos: setInteger(nil, for: key)
    }
  }

  /// A string field's value from its bytes, unescaped: the strings that repeat line after line
  /// are shared with the line before's.
  private mutating func setBytes(
    _ start: UnsafePointer<UInt8>, _ count: Int, for key: Key, recent: inout RecentValues
  ) {
    switch key {
    case .run: run = recent.run.string(start, count)
    case .scopeName: scopeName = recent.scopeName.string(start, count)
    case .test: test = recent.test.string(start, count)
    case .fixture: fixture = recent.fixture.string(start, count)
    case .phase: phase = Self.phase(start, count)
    case .scope: scope = Self.scope(start, count)
    case .outcome: outcome = Self.outcome(start, count)
    case .at:
      let text = recent.at.string(start, count)
      if recent.at.repeated, let location = recent.location {
        self.location = location
      } else {
        // A trace names a few places many times: each is read once.
        let location = recent.locations[text] ?? Self.location(text)
        recent.locations[text] = location
        recent.location = location
        self.location = location
      }
    default:
      setString(
        String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self),
        for: key)
    }
  }
}

extension TraceLine {
  /// The key whose name is the `count` bytes at `start`: told apart by length and first letter,
  /// then checked whole.
  fileprivate static func key(_ start: UnsafePointer<UInt8>, _ count: Int) -> Key? {
    let first = start[0]
    let key: Key? =
      switch count {
      case 1: .v
      case 2: .at
      case 3: first == 0x72 ? .run : .pid
      case 4:
        switch first {
        case 0x74: .test
        case 0x68: .host
        case 0x73: .seed
        default: start[1] == 0x6F ? .code : .case
        }
      case 5: first == 0x70 ? .phase : first == 0x73 ? .scope : .trace
      case 7:
        switch first {
        case 0x66: .fixture
        case 0x6F: .outcome
        case 0x73: .scopeID
        case 0x6D: .message
        default: .command
        }
      case 9: .scopeName
      case 10: .timeMicros
      case 13: first == 0x64 ? .durationNanos : .parentScopeID
      default: nil
      }
    guard let key, matches(start, count, key.name) else { return nil }
    return key
  }

  /// The phase named by the `count` bytes at `start`.
  fileprivate static func phase(
    _ start: UnsafePointer<UInt8>, _ count: Int
  ) -> LifecycleEvent.Phase? {
    let second = count > 1 ? start[1] : 0
    let phase: LifecycleEvent.Phase? =
      switch count {
      case 4: .note
      case 5: .issue
      case 7: start[0] == 0x62 ? .bodyEnd : .waitEnd
      case 8: second == 0x65 ? .setupEnd : .scopeEnd
      case 9: start[0] == 0x62 ? .bodyBegin : .waitBegin
      case 10: second == 0x65 ? .setupBegin : .scopeBegin
      case 11: .teardownEnd
      case 13: .teardownBegin
      default: nil
      }
    guard let phase, matches(start, count, phase.name) else { return nil }
    return phase
  }

  /// The scope named by the `count` bytes at `start`.
  fileprivate static func scope(_ start: UnsafePointer<UInt8>, _ count: Int) -> FixtureScope? {
    switch count {
    case 4: matches(start, count, "test") ? .test : nil
    case 5: matches(start, count, "suite") ? .suite : nil
    case 7: matches(start, count, "process") ? .process : nil
    default: nil
    }
  }

  /// The outcome named by the `count` bytes at `start`.
  fileprivate static func outcome(
    _ start: UnsafePointer<UInt8>, _ count: Int
  ) -> LifecycleEvent.Outcome? {
    switch count {
    case 6:
      matches(start, count, "passed") ? .passed : matches(start, count, "failed") ? .failed : nil
    case 7: matches(start, count, "skipped") ? .skipped : nil
    case 8: matches(start, count, "timedOut") ? .timedOut : nil
    case 10: matches(start, count, "knownIssue") ? .knownIssue : nil
    default: nil
    }
  }

  /// Whether the `count` bytes at `start` are `name`'s.
  private static func matches(
    _ start: UnsafePointer<UInt8>, _ count: Int, _ name: StaticString
  ) -> Bool {
    name.utf8CodeUnitCount == count && memcmp(start, name.utf8Start, count) == 0
  }

  fileprivate static func scope(named name: String) -> FixtureScope? {
    switch name {
    case "test": .test
    case "suite": .suite
    case "process": .process
    default: nil
    }
  }

  /// A location written as `Module/File.swift:12`.
  fileprivate static func location(_ text: String) -> CodeLocation {
    guard let colon = text.lastIndex(of: ":"), let line = Int(text[text.index(after: colon)...])
    else { return CodeLocation(fileID: text, filePath: text, line: 0, column: 0) }
    let file = String(text[..<colon])
    return CodeLocation(fileID: file, filePath: file, line: line, column: 0)
  }

  /// A number as Foundation's parser gives it.
  fileprivate static func integer64(_ value: Any?) -> Int64? {
    switch value {
    case let number as NSNumber: number.int64Value
    case let number as Int: Int64(number)
    case let number as Int64: number
    default: nil
    }
  }
}

extension TraceLine.Key {
  /// The key's name, as bytes to compare with a line's.
  fileprivate var name: StaticString {
    switch self {
    case .trace: "trace"
    case .v: "v"
    case .run: "run"
    case .pid: "pid"
    case .host: "host"
    case .command: "command"
    case .seed: "seed"
    case .timeMicros: "timeMicros"
    case .phase: "phase"
    case .scope: "scope"
    case .scopeName: "scopeName"
    case .scopeID: "scopeID"
    case .parentScopeID: "parentScopeID"
    case .fixture: "fixture"
    case .test: "test"
    case .outcome: "outcome"
    case .durationNanos: "durationNanos"
    case .message: "message"
    case .code: "code"
    case .case: "case"
    case .at: "at"
    }
  }
}

extension LifecycleEvent.Phase {
  /// The phase's name, as bytes to compare with a line's.
  fileprivate var name: StaticString {
    switch self {
    case .scopeBegin: "scopeBegin"
    case .scopeEnd: "scopeEnd"
    case .setupBegin: "setupBegin"
    case .setupEnd: "setupEnd"
    case .bodyBegin: "bodyBegin"
    case .bodyEnd: "bodyEnd"
    case .teardownBegin: "teardownBegin"
    case .teardownEnd: "teardownEnd"
    case .issue: "issue"
    case .note: "note"
    case .waitBegin: "waitBegin"
    case .waitEnd: "waitEnd"
    }
  }
}

/// The strings of the fields that repeat from line to line, as the last line had them, and the
/// location the last `at` was read into.
struct RecentValues {
  var run = RecentString()
  var scopeName = RecentString()
  var test = RecentString()
  var fixture = RecentString()
  var at = RecentString()
  /// The location of the last `at`.
  var location: CodeLocation?
  /// Every location read, by its text.
  var locations: [String: CodeLocation] = [:]
}

/// The last string read for one field, with its bytes in the file: the next line with the same
/// bytes gets the same string, which shares its storage.
struct RecentString {
  private var start: UnsafePointer<UInt8>?
  private var count = 0
  private var string = ""
  /// Whether the last string asked for was the one before it.
  private(set) var repeated = false

  mutating func string(_ start: UnsafePointer<UInt8>, _ count: Int) -> String {
    if count == self.count, let last = self.start, memcmp(last, start, count) == 0 {
      repeated = true
      return string
    }
    repeated = false
    self.start = start
    self.count = count
    string = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    return string
  }
}
