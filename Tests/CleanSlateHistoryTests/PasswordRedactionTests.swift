import CleanSlateHistory
import Testing

/// What CleanSlate records or prints never holds a URL's password.
@Suite struct PasswordRedactionTests {
  @Test(arguments: [
    ("postgresql://ci:s3cret@db:5432/runs", "postgresql://ci:***@db:5432/runs"),
    ("postgres://ci:s3cret@db/runs?sslmode=require", "postgres://ci:***@db/runs?sslmode=require"),
    ("postgresql://db/runs?user=ci&password=s3cret", "postgresql://db/runs?user=ci&password=***"),
    ("postgresql://ci:p@ss/w@rd@db/runs", "postgresql://ci:***@db/runs"),
    ("postgresql://ci@db/runs", "postgresql://ci@db/runs"),
    ("postgresql://db/runs", "postgresql://db/runs"),
    ("runs.sqlite", "runs.sqlite"),
    ("/tmp/a:b@c/runs.sqlite", "/tmp/a:b@c/runs.sqlite"),
  ])
  func aURLLosesItsPasswordAndNothingElse(url: String, redacted: String) {
    #expect(PasswordRedaction.redacted(url) == redacted)
  }

  @Test func aSentenceKeepsItsWordsAndLosesEveryPassword() {
    let sentence =
      "cannot connect to postgresql://ci:s3cret@db/runs: refused (also tried postgres://b:other@x/y)."
    #expect(
      PasswordRedaction.redacted(sentence)
        == "cannot connect to postgresql://ci:***@db/runs: refused (also tried postgres://b:***@x/y)."
    )
  }

  @Test func aCommandLineIsRecordedWithoutPasswordsInEitherSpelling() {
    let line = PasswordRedaction.commandLine([
      "cleanslate", "test", "--history", "postgresql://ci:s3cret@db/runs",
      "--history=postgresql://ci:s3cret@db/runs", "--retries", "2",
    ])
    #expect(
      line
        == "cleanslate test --history postgresql://ci:***@db/runs --history=postgresql://ci:***@db/runs --retries 2"
    )
  }

  @Test func aStoreErrorNeverHoldsThePassword() {
    let error = StoreError(.unreachable, "cannot connect to postgresql://ci:s3cret@db/runs")
    #expect(error.description == "cannot connect to postgresql://ci:***@db/runs")
  }
}
