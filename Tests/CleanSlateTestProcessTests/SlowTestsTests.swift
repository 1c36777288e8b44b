import Foundation
import Testing

@testable import CleanSlateTestProcess

/// A test still running past `--slow-after` is told once each period of its own run, whoever
/// asks how often, and a quick one never.
@Suite struct SlowTestsTests {
  @Test func aRunningTestIsToldOncePerPeriodOfItsOwnRunAndAQuickOneNever() {
    // Given a test that started at 0 s and one at 50 s, under a period of 60 s
    let zero = ContinuousClock.now
    var slow = SlowTests(period: .seconds(60))
    let early = StartedTests.Running(name: "M.A/early()", since: zero, isXCTest: false)
    let late = StartedTests.Running(name: "A.testLate", since: zero + .seconds(50), isXCTest: true)

    // When asked at 59 s, twice at 61 s, at 119 s and at 125 s
    let at59 = slow.due(among: [early, late], at: zero + .seconds(59))
    let at61 = slow.due(among: [early, late], at: zero + .seconds(61))
    let again = slow.due(among: [early, late], at: zero + .seconds(61))
    let at119 = slow.due(among: [early, late], at: zero + .seconds(119))
    let at125 = slow.due(among: [early, late], at: zero + .seconds(125))

    // Then each is told at each whole period of its own run, once
    #expect(at59.isEmpty)
    #expect(at61 == [TestProgress("M.A/early()", .slow(running: .seconds(60)))])
    #expect(again.isEmpty)
    #expect(at119 == [TestProgress("A.testLate", .slow(running: .seconds(60)))])
    #expect(at125 == [TestProgress("M.A/early()", .slow(running: .seconds(120)))])
  }

  @Test func noPeriodOrAZeroOneTellsNothing() {
    // Given a test that has run an hour
    let zero = ContinuousClock.now
    let test = StartedTests.Running(name: "M.A/long()", since: zero, isXCTest: false)

    // Then neither no period nor a zero one tells it slow
    for period in [nil, Duration.zero] {
      var slow = SlowTests(period: period)
      #expect(slow.due(among: [test], at: zero + .seconds(3600)).isEmpty)
    }
  }

  @Test func theWatchTellsEachEndAndItsFrameworksTimeAsItReadsThem() {
    // Given XCTest's lines and Swift Testing's events of a test each
    var started = StartedTests()
    let now = ContinuousClock.now
    started.read(
      xcTestLines: [
        "Test Case 'A.testOne' started at 2026-12-07 13:33:48.354",
        "Test Case 'A.testOne' failed (0.250 seconds)",
      ], at: now)
    started.read(
      events: """
        {"kind":"event","payload":{"kind":"testStarted","testID":"M.B/two()/B.swift:3:4","instant":{"absolute":1,"since1970":1000}}}
        {"kind":"event","payload":{"kind":"testEnded","testID":"M.B/two()/B.swift:3:4","instant":{"absolute":3,"since1970":1002}}}

        """, at: now)

    // When the watch takes what it read
    let progress = started.takeEnds()

    // Then each start and end is told in order, with the framework's time
    #expect(
      progress.map(\.kind) == [
        .started, .ended(.failed, seconds: 0.25), .started, .ended(.passed, seconds: 2),
      ])
    #expect(progress[2].at == Date(timeIntervalSince1970: 1000))
    #expect(progress[3].at == Date(timeIntervalSince1970: 1002))
    if let start = progress[0].at, let end = progress[1].at {
      #expect(abs(end.timeIntervalSince(start) - 0.25) < 0.001)
    } else {
      Issue.record("XCTest's start was not read: \(progress)")
    }
    // And nothing is told twice
    #expect(started.takeEnds().isEmpty)
  }
}
