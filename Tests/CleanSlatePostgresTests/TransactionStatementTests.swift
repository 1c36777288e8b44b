#if Postgres
  import Testing

  @testable import CleanSlatePostgres

  /// Which statements ``PostgresTestConnection`` turns into savepoints: transaction control, in any
  /// case and spacing, and nothing else.
  @Suite struct TransactionStatementTests {
    @Test(arguments: [
      ("BEGIN", TransactionStatement.begin),
      ("  begin ;", .begin),
      ("START TRANSACTION ISOLATION LEVEL SERIALIZABLE", .begin),
      ("BEGIN READ WRITE", .begin),
      ("COMMIT", .commit),
      ("end work;", .commit),
      ("COMMIT TRANSACTION", .commit),
      ("ROLLBACK", .rollback),
      ("\n\tAbort Transaction ;", .rollback),
      ("ROLLBACK WORK", .rollback),
    ])
    func recognizesTransactionControl(sql: String, statement: TransactionStatement) {
      #expect(TransactionStatement(sql: sql) == statement)
    }

    @Test(arguments: [
      "", " ; ", "SELECT 1", "START", "ROLLBACK TO SAVEPOINT cleanslate_1",
      "ROLLBACK WORK TO SAVEPOINT x", "COMMIT PREPARED 'x'", "END LOOP",
      "UPDATE players SET score = 0",
    ])
    func leavesEverythingElseAlone(sql: String) {
      #expect(TransactionStatement(sql: sql) == nil)
    }
  }
#endif
