#if Postgres
  internal import NIOCore

  /// Watches what the server says about a connection's transaction, without a round trip: the
  /// command tag of every statement and the transaction status it reports when it is ready for
  /// the next one.
  ///
  /// Transaction mode lends a connection inside the test's transaction. Code that sends a raw
  /// `COMMIT` or `ROLLBACK` past ``PostgresTestConnection`` ends that transaction; the server
  /// then answers with the tag `COMMIT`, or reports the connection idle (`I`, outside any
  /// transaction). The watch sits first in the connection's channel, so it reads each answer
  /// before PostgresNIO does, and before the query that caused it returns to the test: when the
  /// test ends, ``endedSinceMark`` already says whether its transaction was ended, and
  /// ``sawTransactionControlSinceMark`` whether the code under test sent other transaction control
  /// of its own (`ROLLBACK AND CHAIN`, savepoints), after which the test's savepoint may be gone —
  /// unless the test left statements running, which ``statementInFlight`` tells, from the
  /// statements sent, those that reached PostgresNIO, and what is written to the server: then the
  /// test's end waits for their answers first.
  /// It also reads the server's `FATAL` errors, after which the server ends the connection:
  /// ``serverEnded`` says so before the failed query returns to the test, while the channel may
  /// still be open.
  ///
  /// CleanSlate's own statements (the savepoints ``PostgresTestConnection`` makes, the rollbacks
  /// and restarts of the pool) are announced with ``expectOwnStatements(_:)`` as they are sent;
  /// the answers to them, which come first since a connection runs its statements in order, are
  /// not counted against the test.
  final class TransactionStatusWatch: Sendable {
    private struct State {
      var ended = false
      var transactionControl = false
      var serverEnded = false
      /// CleanSlate's statements sent and not yet answered with ReadyForQuery.
      var ownPending = 0
      /// Whether something was written to the server since it last said it was ready for a
      /// statement, and PostgresNIO wrote nothing after reading that: a statement is on its way or
      /// being answered. (PostgresNIO holds the statements sent after one until its answer has
      /// come, then writes the next at once, while it reads that answer.)
      var awaitingAnswer = false
      /// Within the bytes being read: whether they held ReadyForQuery, and whether anything was
      /// written after it.
      var readyInRead = false
      var wroteAfterReady = false
      /// Statements (PostgresNIO's tasks) sent to the connection, and those that have reached
      /// PostgresNIO's handler on the event loop.
      var sent = 0
      var reachedPostgresNIO = 0
      /// The transaction status the server last reported: `I` (idle), `T` (in a transaction
      /// block) or `E` (in a failed one).
      var lastStatus = UInt8(ascii: "I")
      /// The errors the server answered with (each is a line of its log, too).
      var errors = 0
    }

    private let state = LockedValue(State())

    /// Whether the code under test ended the transaction (committed, rolled back, or the framing
    /// of the server's answers was lost) since the last ``mark()``.
    var endedSinceMark: Bool { state.withLock { $0.ended } }

    /// Whether the code under test sent `ROLLBACK`-, `RELEASE`- or `SAVEPOINT`-tagged statements
    /// of its own since the last ``mark()``.
    var sawTransactionControlSinceMark: Bool { state.withLock { $0.transactionControl } }

    /// Whether the server reported a `FATAL` (or `PANIC`) error, ending the connection.
    var serverEnded: Bool { state.withLock { $0.serverEnded } }

    /// How many errors the server answered with on this connection.
    var errorsRead: Int { state.withLock { $0.errors } }

    /// Whether the server last reported the connection inside a transaction block (`T`, or `E`
    /// for a failed one), as it does after every statement: known without a round trip.
    var isInTransactionBlock: Bool { state.withLock { $0.lastStatus != UInt8(ascii: "I") } }

    /// Starts watching the code under test afresh: called as the connection is lent to a test.
    func mark() {
      state.withLock { state in
        state.ended = false
        state.transactionControl = false
      }
    }

    /// Whether a statement sent on the connection before this call is still waiting for its
    /// answer: one not yet handed to PostgresNIO on the event loop, one on its way to the server or
    /// being answered, or one PostgresNIO holds behind it. Read without a trip to the event loop:
    /// the connection's ``RelayChannel`` counts what is sent (``sentStatement()``), from the
    /// sender's thread.
    var statementInFlight: Bool {
      state.withLock { $0.sent != $0.reachedPostgresNIO || $0.awaitingAnswer }
    }

    /// Counts a statement sent to the connection; called on the sender's thread, before the
    /// statement is handed to the event loop.
    func sentStatement() {
      state.withLock { $0.sent += 1 }
    }

    /// The handler that counts the statements that reached PostgresNIO's; add it last in the
    /// pipeline PostgresNIO's handlers are in, once they are there.
    func makeArrivalHandler() -> ArrivalHandler { ArrivalHandler(watch: self) }

    /// Announces that CleanSlate is about to send `count` statements of its own.
    func expectOwnStatements(_ count: Int) {
      state.withLock { $0.ownPending += count }
    }

    fileprivate func read(tag: Tag) {
      state.withLock { state in
        guard state.ownPending == 0 else { return }
        switch tag {
        case .commit: state.ended = true
        case .transactionControl: state.transactionControl = true
        }
      }
    }

    fileprivate func wrote() {
      state.withLock { state in
        state.awaitingAnswer = true
        state.wroteAfterReady = true
      }
    }

    /// Called once PostgresNIO has handled the bytes just read (and written what it holds, if they
    /// answered the statement on the wire).
    fileprivate func finishedRead() {
      state.withLock { state in
        if state.readyInRead && !state.wroteAfterReady { state.awaitingAnswer = false }
        state.readyInRead = false
      }
    }

    fileprivate func reachedPostgresNIO() {
      state.withLock { $0.reachedPostgresNIO += 1 }
    }

    fileprivate func readReady(status: UInt8) {
      let idle = status == UInt8(ascii: "I")
      state.withLock { state in
        state.lastStatus = status
        state.readyInRead = true
        state.wroteAfterReady = false
        if state.ownPending > 0 {
          state.ownPending -= 1
        } else if idle {
          state.ended = true
        }
      }
    }

    fileprivate func lostFraming() {
      state.withLock { $0.ended = true }
    }

    fileprivate func readError() {
      state.withLock { $0.errors += 1 }
    }

    fileprivate func connectionEnded() {
      state.withLock { $0.serverEnded = true }
    }

    /// The command tags the watch reads.
    fileprivate enum Tag {
      /// `COMMIT`: of `COMMIT`, `END` and `COMMIT AND CHAIN` (which leaves the connection inside
      /// a new transaction). A `COMMIT` of a failed transaction is tagged `ROLLBACK`, and commits
      /// nothing.
      case commit
      /// `ROLLBACK` (also of `ROLLBACK AND CHAIN` and `ROLLBACK TO SAVEPOINT`), `RELEASE` and
      /// `SAVEPOINT`.
      case transactionControl

      init?(_ bytes: [UInt8]) {
        switch bytes {
        case Array("COMMIT\0".utf8): self = .commit
        case Array("ROLLBACK\0".utf8), Array("RELEASE\0".utf8), Array("SAVEPOINT\0".utf8):
          self = .transactionControl
        default: return nil
        }
      }
    }

    /// The channel handler that feeds this watch; add it first in the connection's pipeline.
    func makeHandler() -> Handler { Handler(watch: self) }

    /// Reads the server's messages as they arrive and passes them on untouched, and notes that
    /// something was written to the server.
    ///
    /// Every backend message is a type byte, a 32-bit length that counts itself, and a body. Only
    /// three kinds are read: `C` (CommandComplete, whose body is the command tag), `Z`
    /// (ReadyForQuery, whose one-byte body is the transaction status) and `E` (ErrorResponse,
    /// fields whose `S` is the severity); the others are skipped by their length.
    final class Handler: ChannelDuplexHandler {
      typealias InboundIn = ByteBuffer
      typealias InboundOut = ByteBuffer
      typealias OutboundIn = ByteBuffer
      typealias OutboundOut = ByteBuffer

      private let watch: TransactionStatusWatch
      /// The bytes of the current message's header read so far (type and length).
      private var header: [UInt8] = []
      /// What is left of the current message's body.
      private var bodyLeft = 0
      private var reading = Reading.skipping
      /// The body of the command tag or error read so far.
      private var body: [UInt8] = []

      private enum Reading {
        case skipping, commandTag, readyStatus, error
      }

      /// The longest command tag worth reading: `SAVEPOINT` and its terminating zero.
      private static let longestTag = 10
      /// The longest error worth reading; a longer one is skipped.
      private static let longestError = 4096

      init(watch: TransactionStatusWatch) {
        self.watch = watch
        header.reserveCapacity(5)
      }

      func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        buffer.withUnsafeReadableBytes { read($0) }
        context.fireChannelRead(data)
        watch.finishedRead()
      }

      func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        watch.wrote()
        context.write(data, promise: promise)
      }

      /// Reads the next bytes the server sent, wherever they split its messages.
      func read(_ bytes: UnsafeRawBufferPointer) {
        var index = 0
        while index < bytes.count {
          if bodyLeft > 0 {
            let count = min(bodyLeft, bytes.count - index)
            switch reading {
            case .skipping: break
            case .readyStatus:
              watch.readReady(status: bytes[index])
              reading = .skipping
            case .commandTag, .error:
              body.append(contentsOf: bytes[index..<(index + count)])
            }
            index += count
            bodyLeft -= count
            if bodyLeft == 0 { finishBody() }
            continue
          }
          header.append(bytes[index])
          index += 1
          guard header.count == 5 else { continue }
          startBody()
        }
      }

      private func startBody() {
        let length =
          Int(header[1]) << 24 | Int(header[2]) << 16 | Int(header[3]) << 8 | Int(header[4])
        let type = header[0]
        header.removeAll(keepingCapacity: true)
        guard length >= 4 else {
          // Not the protocol any more: nothing the server says can be trusted to mean the
          // transaction is still the test's.
          watch.lostFraming()
          bodyLeft = Int.max
          reading = .skipping
          return
        }
        bodyLeft = length - 4
        if type == UInt8(ascii: "E") { watch.readError() }
        switch type {
        case UInt8(ascii: "Z") where bodyLeft == 1:
          reading = .readyStatus
        case UInt8(ascii: "C") where bodyLeft <= Self.longestTag:
          reading = .commandTag
        case UInt8(ascii: "E") where bodyLeft <= Self.longestError:
          reading = .error
        default:
          reading = .skipping
        }
        body.removeAll(keepingCapacity: true)
        if bodyLeft == 0 { finishBody() }
      }

      private func finishBody() {
        switch reading {
        case .commandTag:
          if let tag = Tag(body) { watch.read(tag: tag) }
        case .error:
          if Self.severity(ofError: body).map({ $0 == "FATAL" || $0 == "PANIC" }) == true {
            watch.connectionEnded()
          }
        case .skipping, .readyStatus: break
        }
        reading = .skipping
      }

      /// The `S` field of an ErrorResponse body: fields of a code byte and a zero-terminated
      /// string, then a zero.
      private static func severity(ofError body: [UInt8]) -> String? {
        var fields = body[...]
        while let code = fields.first, code != 0 {
          let value = fields.dropFirst().prefix { $0 != 0 }
          if code == UInt8(ascii: "S") { return String(decoding: value, as: UTF8.self) }
          fields = fields.dropFirst(value.count + 2)
        }
        return nil
      }
    }

    /// Counts the statements that reach PostgresNIO's handler: each is passed on first, so that
    /// PostgresNIO has written it (or holds it behind the one on the wire) when it is counted.
    final class ArrivalHandler: ChannelOutboundHandler {
      typealias OutboundIn = Any
      typealias OutboundOut = Any

      private let watch: TransactionStatusWatch

      init(watch: TransactionStatusWatch) { self.watch = watch }

      func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        context.write(data, promise: promise)
        watch.reachedPostgresNIO()
      }
    }
  }
#endif
