import Testing

@Suite struct BetaSuite {
  @Test func passes() {}

  @Test func flaky() {
    if Behaviour.asks("flaky") && Behaviour.firstAttempt("BetaSuite.flaky")
      || Behaviour.failsEveryFifth("BetaSuite.flaky")
    {
      Issue.record("this attempt fails on purpose")
    }
  }

  @Test func fails() {
    #expect(!Behaviour.asks("fail"), "always fails")
  }

  @Test(.disabled("skipped on purpose")) func skipped() {}
}
