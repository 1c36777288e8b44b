/// Reads the results of one session that a PostgreSQL store sends packed in one text: a line a
/// result, `test runs failures quarantined verdict`, each a whole number (the verdict's is its
/// place in ``StoredVerdict/allCases`` counted from 1, 0 for a word this version does not know).
enum PackedResults {
  /// A packed text that is not what the query makes.
  struct Malformed: Error, CustomStringConvertible {
    var line: String
    var description: String { "a result the store sent is not five numbers: \"\(line)\"" }
  }

  /// Appends the results in `lines` of the session numbered `session` to `results`, each test
  /// named by its number in `tests`; results of tests not in `tests` are left out.
  static func read(
    _ lines: String, session: Int32, tests: [Int64: Int32],
    into results: inout [StoredHistory.Result]
  ) throws {
    var lines = lines
    try lines.withUTF8 { bytes in
      var fields = [Int64](repeating: 0, count: 5)
      var field = 0
      var value: Int64 = 0
      var digits = 0
      var start = 0
      var index = 0
      while index <= bytes.count {
        let byte = index < bytes.count ? bytes[index] : 10
        if byte >= 48 && byte <= 57 {
          value = value &* 10 &+ Int64(byte &- 48)
          digits += 1
        } else if (byte == 32 || byte == 10) && digits > 0 && field < 5 {
          fields[field] = value
          field += 1
          value = 0
          digits = 0
          if byte == 10 {
            guard field == 5 else { throw malformed(bytes, from: start, to: index) }
            if let test = tests[fields[0]] {
              let verdict = Int(fields[4])
              results.append(
                .init(
                  session: session, test: test,
                  verdict: (1...StoredVerdict.allCases.count).contains(verdict)
                    ? StoredVerdict.allCases[verdict - 1] : .skipped,
                  runs: Int32(clamping: fields[1]), failures: Int32(clamping: fields[2]),
                  quarantined: fields[3] != 0))
            }
            field = 0
            start = index + 1
          }
        } else if !(byte == 10 && index == bytes.count && start == index) {
          throw malformed(bytes, from: start, to: index)
        }
        index += 1
      }
    }
  }

  private static func malformed(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
  )
    -> Malformed
  {
    var stop = end
    while stop < bytes.count && bytes[stop] != 10 { stop += 1 }
    return Malformed(line: String(decoding: bytes[start..<stop], as: UTF8.self))
  }
}
