#if Postgres
  import Testing

  @testable import CleanSlatePostgres

  /// The watch reads the server's answers as they arrive, split anywhere by the network, and
  /// tells whether the code under test ended its transaction (a `COMMIT` tag, or the connection
  /// reported idle) or sent transaction control of its own (`ROLLBACK`, `RELEASE`, `SAVEPOINT`
  /// tags), leaving CleanSlate's own statements aside. No server is needed: the bytes are the
  /// protocol's.
  @Suite struct TransactionStatusWatchTests {
    @Test(arguments: [
      // Statements inside the transaction, with bodies that contain the bytes of the messages
      // the watch looks for: none ends it.
      Stream(
        [
          .tag("UPDATE 3"), .ready("T"), .row("COMMIT\0Z\0\0\0\u{5}I"), .tag("SELECT 1"),
          .ready("T"),
        ],
        ends: false),
      // A statement failed: the transaction is failed, not ended.
      Stream([.error("ERROR", "duplicate key"), .ready("E")], ends: false),
      // Savepoints of the code under test's own: the test's savepoint may be gone.
      Stream(
        [.tag("SAVEPOINT"), .ready("T"), .tag("RELEASE"), .ready("T")], ends: false, control: true),
      // ROLLBACK AND CHAIN, or a rollback to a savepoint of its own.
      Stream([.tag("ROLLBACK"), .ready("T")], ends: false, control: true),
      // A raw COMMIT.
      Stream([.tag("UPDATE 1"), .ready("T"), .tag("COMMIT"), .ready("I")], ends: true),
      // COMMIT AND CHAIN: committed, though the connection is in a transaction again.
      Stream([.tag("COMMIT"), .ready("T")], ends: true),
      // A raw ROLLBACK: the connection is outside any transaction.
      Stream([.tag("ROLLBACK"), .ready("I")], ends: true, control: true),
    ])
    func tellsWhatTheCodeUnderTestDidWhereverTheBytesAreSplit(stream: Stream) {
      let bytes = stream.bytes
      // Given the server's answers in one piece, in two pieces split at every offset, and one
      // byte at a time.
      var splits: [[Int]] = [[], Array(1..<bytes.count)]
      splits += (1..<bytes.count).map { [$0] }
      for split in splits {
        let watch = TransactionStatusWatch()
        let handler = watch.makeHandler()
        watch.mark()
        // When the watch reads them.
        var start = 0
        for end in split + [bytes.count] {
          bytes[start..<end].withUnsafeBytes { handler.read($0) }
          start = end
        }
        // Then it tells whether the transaction was ended, and whether the code under test sent
        // transaction control of its own.
        #expect(watch.endedSinceMark == stream.ends, "split at \(split)")
        #expect(watch.sawTransactionControlSinceMark == stream.control, "split at \(split)")
      }
    }

    @Test func cleanSlatesOwnStatementsAreNotCountedAgainstTheTest() {
      // Given a connection lent to a test while CleanSlate's restart of its transaction, sent
      // without waiting, is still unanswered: ROLLBACK (idle), BEGIN, SAVEPOINT.
      let watch = TransactionStatusWatch()
      let handler = watch.makeHandler()
      watch.expectOwnStatements(3)
      watch.mark()
      // When the answers to those arrive, then the test's own statement's.
      Stream(
        [
          .tag("ROLLBACK"), .ready("I"), .tag("BEGIN"), .ready("T"), .tag("SAVEPOINT"),
          .ready("T"), .tag("UPDATE 1"), .ready("T"),
        ], ends: false
      ).bytes.withUnsafeBytes { handler.read($0) }
      // Then the test left its transaction alone.
      #expect(!watch.endedSinceMark)
      #expect(!watch.sawTransactionControlSinceMark)
      // And a ROLLBACK after them is the test's.
      Stream([.tag("ROLLBACK"), .ready("I")], ends: true).bytes.withUnsafeBytes { handler.read($0) }
      #expect(watch.endedSinceMark)
    }

    @Test func markStartsWatchingAfresh() {
      // Given a watch that saw the connection go idle (the pool beginning its transaction).
      let watch = TransactionStatusWatch()
      let handler = watch.makeHandler()
      Stream([.ready("I"), .tag("BEGIN"), .ready("T")], ends: true).bytes.withUnsafeBytes {
        handler.read($0)
      }
      #expect(watch.endedSinceMark)
      // When it is marked for the test, and the test's statements stay in the transaction.
      watch.mark()
      Stream([.tag("INSERT 0 1"), .ready("T")], ends: false).bytes.withUnsafeBytes {
        handler.read($0)
      }
      // Then the transaction counts as not ended.
      #expect(!watch.endedSinceMark)
    }

    @Test(arguments: [("FATAL", true), ("PANIC", true), ("ERROR", false)])
    func aFatalErrorSaysTheServerEndsTheConnection(severity: String, ends: Bool) {
      // Given an error from the server, as pg_terminate_backend or a shutdown sends.
      let watch = TransactionStatusWatch()
      let bytes = Stream([.error(severity, "terminating connection")], ends: false).bytes
      // When the watch reads it.
      bytes.withUnsafeBytes { watch.makeHandler().read($0) }
      // Then it tells whether the server ends the connection, before the channel closes.
      #expect(watch.serverEnded == ends)
      #expect(!watch.endedSinceMark)
    }

    @Test func aBrokenLengthCountsAsEnded() {
      // Given bytes that are not the protocol: a message whose length is less than its own size.
      let watch = TransactionStatusWatch()
      watch.mark()
      let bytes: [UInt8] = [UInt8(ascii: "C"), 0, 0, 0, 2]
      bytes.withUnsafeBytes { watch.makeHandler().read($0) }
      // Then nothing the server says can prove the transaction is still the test's.
      #expect(watch.endedSinceMark)
    }
  }

  /// Backend messages, as the server writes them.
  struct Stream: Sendable, CustomTestStringConvertible {
    enum Message: Sendable {
      case tag(String), ready(Character), row(String), error(String, String)
    }

    let messages: [Message]
    let ends: Bool
    let control: Bool

    init(_ messages: [Message], ends: Bool, control: Bool = false) {
      self.messages = messages
      self.ends = ends
      self.control = control
    }

    var bytes: [UInt8] {
      messages.flatMap { message -> [UInt8] in
        switch message {
        case .tag(let tag): Self.frame("C", Array(tag.utf8) + [0])
        case .ready(let status): Self.frame("Z", [status.asciiValue!])
        case .row(let value):
          Self.frame("D", [0, 1] + Self.length(value.utf8.count) + Array(value.utf8))
        case .error(let severity, let message):
          Self.frame(
            "E",
            [UInt8(ascii: "S")] + Array(severity.utf8) + [0, UInt8(ascii: "M")]
              + Array(message.utf8)
              + [0, 0])
        }
      }
    }

    var testDescription: String { "\(messages) ends: \(ends), control: \(control)" }

    private static func frame(_ type: Character, _ body: [UInt8]) -> [UInt8] {
      [type.asciiValue!] + length(body.count + 4) + body
    }

    private static func length(_ value: Int) -> [UInt8] {
      [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }
  }
#endif
