/// What the Swift runtime wrote on standard error when a test crashed, captured from real test
/// processes on Linux (Swift 6.3.1, debug builds) and trimmed: every thread but the crashed one
/// and thread 0 left out, the crashed thread cut after a few frames, the registers and images
/// dropped. Source paths are shortened to `/src/…`.
enum CapturedBacktraces {
  /// An XCTest test that calls `fatalError` (the runner fixture's `AlphaTests.testCrashes`,
  /// `RUNNER_FIXTURE=crash`), run alone by the test binary: thread 0 crashed.
  static let xcTestFatalError = #"""
    RunnerFixtureTests/AlphaTests.swift:19: Fatal error: crashes on purpose

    *** Signal 4: Backtracing from 0x7f096cef9361... done ***

    *** Program crashed: Illegal instruction at 0x00007f096cef9361 ***

    Platform: x86_64 Linux (Debian GNU/Linux 12 (bookworm))

    Thread 0 "RunnerFixturePa" crashed:

      0               0x00007f096cef9361 _assertionFailure(_:_:file:line:flags:) + 225 in libswiftCore.so
      1 [ra]          0x0000557711842e41 AlphaTests.testCrashes() + 176 in RunnerFixturePackageTests.xctest at /src/RunnerFixture/Tests/RunnerFixtureTests/AlphaTests.swift:19:34
      2 [ra] [system] 0x0000557711817ccb implicit closure #2 in implicit closure #1 in variable initialization expression of static AlphaTests.__allTests__AlphaTests + 26 in RunnerFixturePackageTests.xctest at /src/RunnerFixture/.build/x86_64-unknown-linux-gnu/debug/RunnerFixturePackageDiscoveredTests.derived/RunnerFixtureTests.swift
      3 [ra] [thunk]  0x0000557711817e1f thunk for @escaping @callee_guaranteed () -> (@error @owned Error) + 14 in RunnerFixturePackageTests.xctest at //<compiler-generated>
      4 [ra] [thunk]  0x0000557711818524 partial apply for thunk for @escaping @callee_guaranteed () -> (@error @owned Error) + 19 in RunnerFixturePackageTests.xctest at //<compiler-generated>
    ...

    Thread 1 "r-initiated-qos":

      0  0x00007f096b4dbf16 __futex_abstimed_wait_common + 198 in libc.so.6
    ...

    Registers:

    rax 0x0000000000000000  0
    """#

  /// An `async` XCTest test that calls `fatalError` after a suspension: the crashed thread is a
  /// pool thread, the test's frame `XCrashTests.testAsyncCrash()`.
  static let xcTestAsync = #"""
    CrashScratchTests/XCrash.swift:6: Fatal error: xctest async

    *** Signal 4: Backtracing from 0x7f61cccf9361... done ***

    *** Program crashed: Illegal instruction at 0x00007f61cccf9361 ***

    Platform: x86_64 Linux (Debian GNU/Linux 12 (bookworm))

    Thread 0 "CrashScratchPac":

      0              0x00007f61cb352366 ppoll + 166 in libc.so.6
      1 [ra]         0x00007f61cc3e6f08 __CFRunLoopRun + 1047 in libFoundation.so
      2 [ra]         0x00007f61cc3e6848 CFRunLoopRunSpecific + 503 in libFoundation.so
      3 [ra]         0x00007f61cc3654ae RunLoop.run(mode:before:) + 173 in libFoundation.so
      4 [ra]         0x00007f61cc6fb912 awaitUsingExpectation(_:) + 1073 in libXCTest.so
      5 [ra] [thunk] 0x00007f61cc6fccbe partial apply for closure #1 in closure #1 in asyncTest<A>(_:) + 13 in libXCTest.so
      6 [ra] [thunk] 0x000055cc915c3d44 partial apply for thunk for @escaping @callee_guaranteed () -> (@error @owned Error) + 19 in CrashScratchPackageTests.xctest at //<compiler-generated>
    ...

    Thread 1 "r-initiated-qos" crashed:

      0                  0x00007f61cccf9361 _assertionFailure(_:_:file:line:flags:) + 225 in libswiftCore.so
      1 [ra]             0x000055cc915faf5c XCrashTests.testAsyncCrash() + 235 in CrashScratchPackageTests.xctest at /src/CrashScratch/Tests/CrashScratchTests/XCrash.swift:6:29
      2 [async] [system] 0x000055cc915c3a20 implicit closure #2 in implicit closure #1 in variable initialization expression of static XCrashTests.__allTests__XCrashTests in CrashScratchPackageTests.xctest at /src/CrashScratch/.build/x86_64-unknown-linux-gnu/debug/CrashScratchPackageDiscoveredTests.derived/CrashScratchTests.swift
      3 [async] [thunk]  0x000055cc915c3db0 partial apply for implicit closure #2 in implicit closure #1 in variable initialization expression of static XCrashTests.__allTests__XCrashTests in CrashScratchPackageTests.xctest at //<compiler-generated>
      4 [async]          0x00007f61cc6fc4e0 closure #1 in awaitUsingExpectation(_:) in libXCTest.so
      5 [async] [thunk]  0x00007f61cc6fcf20 partial apply for closure #1 in awaitUsingExpectation(_:) in libXCTest.so
      6 [async]          0x00007f61cc6fc950 specialized thunk for @escaping @isolated(any) @callee_guaranteed @async () -> (@out A) in libXCTest.so
      7 [async] [thunk]  0x00007f61cc6fd1d0 partial apply for specialized thunk for @escaping @isolated(any) @callee_guaranteed @async () -> (@out A) in libXCTest.so
    ...

    Registers:

    rax 0x0000000000000000  0
    """#

  /// An XCTest test that reads past an array's end: the runtime's own fatal error, in
  /// `Swift/ContiguousArrayBuffer.swift`, the test's frame below the standard library's.
  static let xcTestIndexOutOfRange = #"""
    Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range

    *** Signal 4: Backtracing from 0x7f59fcf6df7f... done ***

    *** Program crashed: Illegal instruction at 0x00007f59fcf6df7f ***

    Platform: x86_64 Linux (Debian GNU/Linux 12 (bookworm))

    Thread 0 "CrashScratchPac" crashed:

      0               0x00007f59fcf6df7f closure #1 in closure #1 in _assertionFailure(_:_:file:line:flags:) + 623 in libswiftCore.so
      1 [ra]          0x00007f59fd0f961f _assertionFailure(_:_:file:line:flags:) + 302 in libswiftCore.so
      2 [ra]          0x00007f59fd703f65 specialized Array.subscript.getter + 84 in libswiftSwiftOnoneSupport.so
      3 [ra]          0x000055ccb414c5f2 XCrashTests.testThrowsCrash() + 161 in CrashScratchPackageTests.xctest at /src/CrashScratch/Tests/CrashScratchTests/XCrash.swift:9:54
      4 [ra] [system] 0x000055ccb4114c5e implicit closure #4 in implicit closure #3 in variable initialization expression of static XCrashTests.__allTests__XCrashTests + 29 in CrashScratchPackageTests.xctest at /src/CrashScratch/.build/x86_64-unknown-linux-gnu/debug/CrashScratchPackageDiscoveredTests.derived/CrashScratchTests.swift
      5 [ra] [thunk]  0x000055ccb4114cef partial apply for implicit closure #4 in implicit closure #3 in variable initialization expression of static XCrashTests.__allTests__XCrashTests + 14 in CrashScratchPackageTests.xctest at //<compiler-generated>
      6 [ra] [thunk]  0x000055ccb4114b8f thunk for @escaping @callee_guaranteed () -> (@error @owned Error) + 14 in CrashScratchPackageTests.xctest at //<compiler-generated>
      7 [ra] [thunk]  0x000055ccb4114d44 partial apply for thunk for @escaping @callee_guaranteed () -> (@error @owned Error) + 19 in CrashScratchPackageTests.xctest at //<compiler-generated>
    ...

    Thread 1 "r-initiated-qos":

      0  0x00007f59fb8dbf16 __futex_abstimed_wait_common + 198 in libc.so.6
    ...

    Registers:

    rax 0x0000000000000000  0
    """#

  /// A Swift Testing test that calls `fatalError`, among others running in parallel in one process:
  /// thread 4 crashed, and thread 0 comes first.
  static let swiftTestingDirect = #"""
    ◇ Test nested() started.
    ✔ Test a(i:) with 8 test cases passed after 0.009 seconds.
    CrashScratchTests/CrashSuite.swift:9: Fatal error: direct crash

    *** Signal 4: Backtracing from 0x7f200f4f9361... done ***

    *** Program crashed: Illegal instruction at 0x00007f200f4f9361 ***

    Platform: x86_64 Linux (Debian GNU/Linux 12 (bookworm))

    Thread 0 "CrashScratchPac":

      0      0x00007f200da92301 sigsuspend + 65 in libc.so.6
      1 [ra] 0x00007f200ef59c29 _dispatch_sig_thread + 8 in libdispatch.so
    ...

    Thread 4 "oot.default-qos" crashed:

      0                  0x00007f200f4f9361 _assertionFailure(_:_:file:line:flags:) + 225 in libswiftCore.so
      1 [ra]             0x0000561371cc5ccf CrashSuite.direct() + 190 in CrashScratchPackageTests.xctest at /src/CrashScratch/Tests/CrashScratchTests/CrashSuite.swift:9:29
      2 [ra]             0x0000561371cbc4c7 $s17CrashScratchTests0A5SuiteV6direct4TestfMp_7__localfMu0_ #1 @Sendable (_:) in static CrashSuite.$s17CrashScratchTests0A5SuiteV6direct4TestfMp_16a8c1a84ea028731efMu_@Sendable () + 118 in CrashScratchPackageTests.xctest at /tmp/swift-generated-sources/@__swiftmacro_17CrashScratchTests0A5SuiteV6direct4TestfMp_.swift:5:159
      3 [async]          0x0000561371cbc1a0 static CrashSuite.$s17CrashScratchTests0A5SuiteV6direct4TestfMp_16a8c1a84ea028731efMu_@Sendable () in CrashScratchPackageTests.xctest at /tmp/swift-generated-sources/@__swiftmacro_17CrashScratchTests0A5SuiteV6direct4TestfMp_.swift:7
      4 [async] [system] 0x0000561371cbc890 implicit closure #1 in static CrashSuite.$s17CrashScratchTests0A5SuiteV6direct4TestfMp_25generatora8c1a84ea028731efMu_@Sendable () in CrashScratchPackageTests.xctest at /tmp/swift-generated-sources/@__swiftmacro_17CrashScratchTests0A5SuiteV6direct4TestfMp_.swift
      5 [async] [thunk]  0x0000561371cc46b0 partial apply for implicit closure #1 in static CrashSuite.$s17CrashScratchTests0A5SuiteV6direct4TestfMp_25generatora8c1a84ea028731efMu_@Sendable () in CrashScratchPackageTests.xctest at //<compiler-generated>
      6 [async]          0x00007f200dd56270 closure #1 in closure #1 in static Runner._runTestCase(_:within:context:) in libTesting.so
      7 [async] [thunk]  0x00007f200dd6ff00 partial apply for closure #1 in closure #1 in static Runner._runTestCase(_:within:context:) in libTesting.so
    ...

    Registers:

    rax 0x0000000000000000  0
    """#

  /// A Swift Testing test whose crash is in code it calls (`Parser.parse(_:)` reads past an array's
  /// end): the test's frame is the sixth.
  static let swiftTestingCalledCode = #"""
    ◇ Test b(i:) started.
    ◇ Test nested() started.
    Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range

    *** Signal 4: Backtracing from 0x7f2c4616df7f... done ***

    *** Program crashed: Illegal instruction at 0x00007f2c4616df7f ***

    Platform: x86_64 Linux (Debian GNU/Linux 12 (bookworm))

    Thread 0 "CrashScratchPac":

      0      0x00007f2c44892301 sigsuspend + 65 in libc.so.6
      1 [ra] 0x00007f2c45d5dc29 _dispatch_sig_thread + 8 in libdispatch.so
    ...

    Thread 4 "oot.default-qos" crashed:

      0                  0x00007f2c4616df7f closure #1 in closure #1 in _assertionFailure(_:_:file:line:flags:) + 623 in libswiftCore.so
      1 [ra]             0x00007f2c462f961f _assertionFailure(_:_:file:line:flags:) + 302 in libswiftCore.so
      2 [ra]             0x00007f2c46797f65 specialized Array.subscript.getter + 84 in libswiftSwiftOnoneSupport.so
      3 [ra]             0x000055ee20c8bb09 Parser.deeper(_:) + 40 in CrashScratchPackageTests.xctest at /src/CrashScratch/Sources/Helpers/Parser.swift:8:11
      4 [ra]             0x000055ee20c8bab1 Parser.parse(_:) + 384 in CrashScratchPackageTests.xctest at /src/CrashScratch/Sources/Helpers/Parser.swift:5:12
      5 [ra]             0x000055ee20c88e9f CrashSuite.inCalledCode() + 142 in CrashScratchPackageTests.xctest at /src/CrashScratch/Tests/CrashScratchTests/CrashSuite.swift:13:42
      6 [ra]             0x000055ee20c7fe27 $s17CrashScratchTests0A5SuiteV12inCalledCode4TestfMp_7__localfMu0_ #1 @Sendable (_:) in static CrashSuite.$s17CrashScratchTests0A5SuiteV12inCalledCode4TestfMp_16Z3ff11d8cd039eb0fMu_@Sendable () + 118 in CrashScratchPackageTests.xctest at /tmp/swift-generated-sources/@__swiftmacro_17CrashScratchTests0A5SuiteV12inCalledCode4TestfMp_.swift:5:166
      7 [async]          0x000055ee20c7fb00 static CrashSuite.$s17CrashScratchTests0A5SuiteV12inCalledCode4TestfMp_16Z3ff11d8cd039eb0fMu_@Sendable () in CrashScratchPackageTests.xctest at /tmp/swift-generated-sources/@__swiftmacro_17CrashScratchTests0A5SuiteV12inCalledCode4TestfMp_.swift:7
    ...

    Registers:

    rax 0x0000000000000000  0
    """#

  /// A Swift Testing test that crashes in a closure it passes to `map`: `closure #1 in
  /// CrashSuite.inClosure()`.
  static let swiftTestingClosure = #"""
    ✔ Test nested() passed after 0.001 seconds.
    ✔ Suite Inner passed after 0.001 seconds.
    CrashScratchTests/CrashSuite.swift:17: Fatal error: closure 1

    *** Signal 4: Backtracing from 0x7fc7abcf9361... done ***

    *** Program crashed: Illegal instruction at 0x00007fc7abcf9361 ***

    Platform: x86_64 Linux (Debian GNU/Linux 12 (bookworm))

    Thread 0 "CrashScratchPac":

      0      0x00007fc7aa292301 sigsuspend + 65 in libc.so.6
      1 [ra] 0x00007fc7ab74dc29 _dispatch_sig_thread + 8 in libdispatch.so
    ...

    Thread 2 "oot.default-qos" crashed:

      0                  0x00007fc7abcf9361 _assertionFailure(_:_:file:line:flags:) + 225 in libswiftCore.so
      1 [ra]             0x00005648b41f9ec4 closure #1 in CrashSuite.inClosure() + 307 in CrashScratchPackageTests.xctest at /src/CrashScratch/Tests/CrashScratchTests/CrashSuite.swift:17:59
      2 [ra] [system]    0x00005648b41fa2a5 Collection.map<A, B>(_:) + 980 in CrashScratchPackageTests.xctest at //<compiler-generated>
      3 [ra]             0x00005648b42020e7 CrashSuite.inClosure() + 246 in CrashScratchPackageTests.xctest at /src/CrashScratch/Tests/CrashScratchTests/CrashSuite.swift:17:41
      4 [ra]             0x00005648b41f9787 $s17CrashScratchTests0A5SuiteV9inClosure4TestfMp_7__localfMu0_ #1 @Sendable (_:) in static CrashSuite.$s17CrashScratchTests0A5SuiteV9inClosure4TestfMp_16b4025424b9258991fMu_@Sendable () + 118 in CrashScratchPackageTests.xctest at /tmp/swift-generated-sources/@__swiftmacro_17CrashScratchTests0A5SuiteV9inClosure4TestfMp_.swift:5:162
      5 [async]          0x00005648b41f9460 static CrashSuite.$s17CrashScratchTests0A5SuiteV9inClosure4TestfMp_16b4025424b9258991fMu_@Sendable () in CrashScratchPackageTests.xctest at /tmp/swift-generated-sources/@__swiftmacro_17CrashScratchTests0A5SuiteV9inClosure4TestfMp_.swift:7
      6 [async] [system] 0x00005648b41f9b50 implicit closure #1 in static CrashSuite.$s17CrashScratchTests0A5SuiteV9inClosure4TestfMp_25generatorb4025424b9258991fMu_@Sendable () in CrashScratchPackageTests.xctest at /tmp/swift-generated-sources/@__swiftmacro_17CrashScratchTests0A5SuiteV9inClosure4TestfMp_.swift
      7 [async] [thunk]  0x00005648b4200900 partial apply for implicit closure #1 in static CrashSuite.$s17CrashScratchTests0A5SuiteV9inClosure4TestfMp_25generatorb4025424b9258991fMu_@Sendable () in CrashScratchPackageTests.xctest at //<compiler-generated>
    ...

    Registers:

    rax 0x0000000000000000  0
    """#

  /// A parameterized Swift Testing test, `parameterized(value:)`, crashing for one argument.
  static let swiftTestingParameterized = #"""
    ◇ Test case passing 1 argument value → 1 to parameterized(value:) started.
    ◇ Test case passing 1 argument value → 2 to parameterized(value:) started.
    CrashScratchTests/CrashSuite.swift:26: Fatal error: param 2

    *** Signal 4: Backtracing from 0x7f20f20f9361... done ***

    *** Program crashed: Illegal instruction at 0x00007f20f20f9361 ***

    Platform: x86_64 Linux (Debian GNU/Linux 12 (bookworm))

    Thread 0 "CrashScratchPac":

      0      0x00007f20f0692301 sigsuspend + 65 in libc.so.6
      1 [ra] 0x00007f20f2578c29 _dispatch_sig_thread + 8 in libdispatch.so
    ...

    Thread 4 "oot.default-qos" crashed:

      0                  0x00007f20f20f9361 _assertionFailure(_:_:file:line:flags:) + 225 in libswiftCore.so
      1 [ra]             0x000055b45ca875e4 CrashSuite.parameterized(value:) + 451 in CrashScratchPackageTests.xctest at /src/CrashScratch/Tests/CrashScratchTests/CrashSuite.swift:26:42
      2 [ra]             0x000055b45ca8046e $s17CrashScratchTests0A5SuiteV13parameterized4TestfMp_7__localfMu0_ #1 @Sendable (value:_:) in static CrashSuite.$s17CrashScratchTests0A5SuiteV13parameterized4TestfMp_17Z4f4f87f2e491854afMu_@Sendable (value:) + 141 in CrashScratchPackageTests.xctest at /tmp/swift-generated-sources/@__swiftmacro_17CrashScratchTests0A5SuiteV13parameterized4TestfMp_.swift:5:167
      3 [async]          0x000055b45ca800f0 static CrashSuite.$s17CrashScratchTests0A5SuiteV13parameterized4TestfMp_17Z4f4f87f2e491854afMu_@Sendable (value:) in CrashScratchPackageTests.xctest at /tmp/swift-generated-sources/@__swiftmacro_17CrashScratchTests0A5SuiteV13parameterized4TestfMp_.swift:7
      4 [async] [system] 0x000055b45ca809c0 implicit closure #1 in static CrashSuite.$s17CrashScratchTests0A5SuiteV13parameterized4TestfMp_25generator4f4f87f2e491854afMu_@Sendable () in CrashScratchPackageTests.xctest at /tmp/swift-generated-sources/@__swiftmacro_17CrashScratchTests0A5SuiteV13parameterized4TestfMp_.swift
      5 [async] [thunk]  0x000055b45ca85b20 partial apply for implicit closure #1 in static CrashSuite.$s17CrashScratchTests0A5SuiteV13parameterized4TestfMp_25generator4f4f87f2e491854afMu_@Sendable () in CrashScratchPackageTests.xctest at //<compiler-generated>
      6 [async]          0x00007f20f0912ab0 closure #1 in closure #2 in Test.Case.Generator.init<>(arguments:parameters:testFunction:) in libTesting.so
      7 [async] [thunk]  0x00007f20f0916220 partial apply for closure #1 in closure #2 in Test.Case.Generator.init<>(arguments:parameters:testFunction:) in libTesting.so
    ...

    Registers:

    rax 0x0000000000000000  0
    """#

  /// A Swift Testing test of a nested suite: `CrashSuite.Inner.nested()`.
  static let swiftTestingNested = #"""
    ✔ Test asyncCrash() passed after 0.002 seconds.
    ✔ Suite RaceSuite passed after 0.009 seconds.
    CrashScratchTests/CrashSuite.swift:52: Fatal error: nested

    *** Signal 4: Backtracing from 0x7f47b38f9361... done ***

    *** Program crashed: Illegal instruction at 0x00007f47b38f9361 ***

    Platform: x86_64 Linux (Debian GNU/Linux 12 (bookworm))

    Thread 0 "CrashScratchPac":

      0      0x00007f47b2092301 sigsuspend + 65 in libc.so.6
      1 [ra] 0x00007f47b34bdc29 _dispatch_sig_thread + 8 in libdispatch.so
    ...

    Thread 2 "oot.default-qos" crashed:

      0                  0x00007f47b38f9361 _assertionFailure(_:_:file:line:flags:) + 225 in libswiftCore.so
      1 [ra]             0x0000558e2af51e7f CrashSuite.Inner.nested() + 190 in CrashScratchPackageTests.xctest at /src/CrashScratch/Tests/CrashScratchTests/CrashSuite.swift:52:31
      2 [ra]             0x0000558e2af4d737 $s17CrashScratchTests0A5SuiteV5InnerV6nested4TestfMp_7__localfMu0_ #1 @Sendable (_:) in static CrashSuite.Inner.$s17CrashScratchTests0A5SuiteV5InnerV6nested4TestfMp_16ec99cc6e3e00836dfMu_@Sendable () + 118 in CrashScratchPackageTests.xctest at /tmp/swift-generated-sources/@__swiftmacro_17CrashScratchTests0A5SuiteV5InnerV6nested4TestfMp_.swift:5:166
      3 [async]          0x0000558e2af4d410 static CrashSuite.Inner.$s17CrashScratchTests0A5SuiteV5InnerV6nested4TestfMp_16ec99cc6e3e00836dfMu_@Sendable () in CrashScratchPackageTests.xctest at /tmp/swift-generated-sources/@__swiftmacro_17CrashScratchTests0A5SuiteV5InnerV6nested4TestfMp_.swift:7
      4 [async] [system] 0x0000558e2af4db00 implicit closure #1 in static CrashSuite.Inner.$s17CrashScratchTests0A5SuiteV5InnerV6nested4TestfMp_25generatorec99cc6e3e00836dfMu_@Sendable () in CrashScratchPackageTests.xctest at /tmp/swift-generated-sources/@__swiftmacro_17CrashScratchTests0A5SuiteV5InnerV6nested4TestfMp_.swift
      5 [async] [thunk]  0x0000558e2af4ff40 partial apply for implicit closure #1 in static CrashSuite.Inner.$s17CrashScratchTests0A5SuiteV5InnerV6nested4TestfMp_25generatorec99cc6e3e00836dfMu_@Sendable () in CrashScratchPackageTests.xctest at //<compiler-generated>
      6 [async]          0x00007f47b2356270 closure #1 in closure #1 in static Runner._runTestCase(_:within:context:) in libTesting.so
      7 [async] [thunk]  0x00007f47b236ff00 partial apply for closure #1 in closure #1 in static Runner._runTestCase(_:within:context:) in libTesting.so
    ...

    Registers:

    rax 0x0000000000000000  0
    """#

  /// A Swift Testing test outside any suite: `freeFunction()`.
  static let swiftTestingFreeFunction = #"""
    ◇ Test spawns() started.
    ◇ Test nested() started.
    CrashScratchTests/CrashSuite.swift:76: Fatal error: free function

    *** Signal 4: Backtracing from 0x7fd1508f9361... done ***

    *** Program crashed: Illegal instruction at 0x00007fd1508f9361 ***

    Platform: x86_64 Linux (Debian GNU/Linux 12 (bookworm))

    Thread 0 "CrashScratchPac":

      0      0x00007fd14f06b301 sigsuspend + 65 in libc.so.6
      1 [ra] 0x00007fd150d84c29 _dispatch_sig_thread + 8 in libdispatch.so
    ...

    Thread 2 "oot.default-qos" crashed:

      0                  0x00007fd1508f9361 _assertionFailure(_:_:file:line:flags:) + 225 in libswiftCore.so
      1 [ra]             0x0000557816ce7baf freeFunction() + 190 in CrashScratchPackageTests.xctest at /src/CrashScratch/Tests/CrashScratchTests/CrashSuite.swift:76:25
      2 [ra]             0x0000557816ce4591 $s17CrashScratchTests12freeFunction4TestfMp_7__localfMu_ #1 @Sendable (_:) in $s17CrashScratchTests12freeFunction4TestfMp_17Z784b85d7c0b065e5fMu_@Sendable () + 32 in CrashScratchPackageTests.xctest at /tmp/swift-generated-sources/@__swiftmacro_17CrashScratchTests12freeFunction4TestfMp_.swift:4:100
      3 [async]          0x0000557816ce43b0 $s17CrashScratchTests12freeFunction4TestfMp_17Z784b85d7c0b065e5fMu_@Sendable () in CrashScratchPackageTests.xctest at /tmp/swift-generated-sources/@__swiftmacro_17CrashScratchTests12freeFunction4TestfMp_.swift:6
      4 [async]          0x00007fd14f32f270 closure #1 in closure #1 in static Runner._runTestCase(_:within:context:) in libTesting.so
      5 [async] [thunk]  0x00007fd14f348f00 partial apply for closure #1 in closure #1 in static Runner._runTestCase(_:within:context:) in libTesting.so
      6 [async]          0x00007fd14f2e5630 specialized static Issue.withErrorRecording(at:configuration:isolation:_:) in libTesting.so
      7 [async]          0x00007fd14f32e6a0 closure #1 in static Runner._runTestCase(_:within:context:) in libTesting.so
    ...

    Registers:

    rax 0x0000000000000000  0
    """#

  /// A crash in a task a Swift Testing test detached: `closure #1 in CrashSuite.detachedTask()` on
  /// the task's thread.
  static let swiftTestingDetachedTask = #"""
    ✔ Test direct() passed after 0.005 seconds.
    ✔ Test background() passed after 0.005 seconds.
    CrashScratchTests/CrashSuite.swift:38: Fatal error: in a detached task

    *** Signal 4: Backtracing from 0x7fd03daf9361... done ***

    *** Program crashed: Illegal instruction at 0x00007fd03daf9361 ***

    Platform: x86_64 Linux (Debian GNU/Linux 12 (bookworm))

    Thread 0 "CrashScratchPac":

      0      0x00007fd03c292301 sigsuspend + 65 in libc.so.6
      1 [ra] 0x00007fd03df65c29 _dispatch_sig_thread + 8 in libdispatch.so
    ...

    Thread 4 "oot.default-qos" crashed:

      0                  0x00007fd03daf9361 _assertionFailure(_:_:file:line:flags:) + 225 in libswiftCore.so
      1 [ra]             0x00005608a561b2aa closure #1 in CrashSuite.detachedTask() + 105 in CrashScratchPackageTests.xctest at /src/CrashScratch/Tests/CrashScratchTests/CrashSuite.swift:38:23
      2 [async] [thunk]  0x00005608a561ecd0 partial apply for closure #1 in CrashSuite.detachedTask() in CrashScratchPackageTests.xctest at //<compiler-generated>
      3 [async] [thunk]  0x00005608a561f750 thunk for @escaping @isolated(any) @callee_guaranteed @async () -> (@out A) in CrashScratchPackageTests.xctest at //<compiler-generated>
      4 [async] [thunk]  0x00005608a561f880 partial apply for thunk for @escaping @isolated(any) @callee_guaranteed @async () -> (@out A) in CrashScratchPackageTests.xctest at //<compiler-generated>
      5 [async] [system] 0x00007fd03e0d7310 completeTaskWithClosure(swift::AsyncContext*, swift::SwiftError*) in libswift_Concurrency.so
    ...

    Registers:

    rax 0x0000000000000000  0
    """#

  /// A crash on a thread a helper started (the runner fixture's `Behaviour.crashOnAThread()`,
  /// `RUNNER_FIXTURE=crash-thread`): no frame names a test.
  static let helperThread = #"""
    ◇ Test crashesOnAThread() started.
    ✔ Test crashesBeside() passed after 0.001 seconds.
    RunnerFixtureTests/Behaviour.swift:25: Fatal error: crashes on a thread of its own

    *** Signal 4: Backtracing from 0x7f56978f9361... done ***

    *** Program crashed: Illegal instruction at 0x00007f56978f9361 ***

    Platform: x86_64 Linux (Debian GNU/Linux 12 (bookworm))

    Thread 0 "RunnerFixturePa":

      0      0x00007f5695e92301 sigsuspend + 65 in libc.so.6
      1 [ra] 0x00007f5697d56c29 _dispatch_sig_thread + 8 in libdispatch.so
    ...

    Thread 5 "oot.default-qos" crashed:

      0      0x00007f56978f9361 _assertionFailure(_:_:file:line:flags:) + 225 in libswiftCore.so
      1 [ra] 0x000055cf1e2ab4d3 closure #1 in static Behaviour.crashOnAThread() + 98 in RunnerFixturePackageTests.xctest at /src/RunnerFixture/Tests/RunnerFixtureTests/Behaviour.swift:25:30
      2 [ra] 0x00007f5696f795f9 Thread.main() + 24 in libFoundation.so
      3 [ra] 0x00007f5696f783b7 NSThreadStart(_:) + 150 in libFoundation.so
    ...

    Registers:

    rax 0x0000000000000000  0
    """#

  /// Two parameterized Swift Testing tests that write one unsynchronized static dictionary at once:
  /// signal 11 in `Registry.register(_:)`, called by `RaceSuite.a(i:)`.
  static let raceSegmentationFault = #"""
    ◇ Test case passing 1 argument i → 3 to a(i:) started.
    ◇ Test case passing 1 argument i → 4 to a(i:) started.

    *** Signal 11: Backtracing from 0x7f9c148c14c0... done ***

    *** Program crashed: Bad pointer dereference at 0x0000000000000000 ***

    Platform: x86_64 Linux (Debian GNU/Linux 12 (bookworm))

    Thread 0 "CrashScratchPac":

      0      0x00007f9c12c92301 sigsuspend + 65 in libc.so.6
      1 [ra] 0x00007f9c1415dc29 _dispatch_sig_thread + 8 in libdispatch.so
    ...

    Thread 2 "oot.default-qos" crashed:

      0                  0x00007f9c148c14c0 swift_isUniquelyReferenced_nonNull_native in libswiftCore.so
      1 [ra]             0x0000561d3520f7cb static Registry.register(_:) + 618 in CrashScratchPackageTests.xctest at /src/CrashScratch/Sources/Helpers/Parser.swift:14:48
      2 [ra]             0x0000561d3520d58e RaceSuite.a(i:) + 125 in CrashScratchPackageTests.xctest at /src/CrashScratch/Tests/CrashScratchTests/CrashSuite.swift:59:36
      3 [ra]             0x0000561d3520842e $s17CrashScratchTests9RaceSuiteV1a4TestfMp_7__localfMu0_ #1 @Sendable (i:_:) in static RaceSuite.$s17CrashScratchTests9RaceSuiteV1a4TestfMp_17Z5bf5c01a6e24ab60fMu_@Sendable (i:) + 141 in CrashScratchPackageTests.xctest at /tmp/swift-generated-sources/@__swiftmacro_17CrashScratchTests9RaceSuiteV1a4TestfMp_.swift:5:156
      4 [async]          0x0000561d352080b0 static RaceSuite.$s17CrashScratchTests9RaceSuiteV1a4TestfMp_17Z5bf5c01a6e24ab60fMu_@Sendable (i:) in CrashScratchPackageTests.xctest at /tmp/swift-generated-sources/@__swiftmacro_17CrashScratchTests9RaceSuiteV1a4TestfMp_.swift:7
      5 [async] [system] 0x0000561d35208960 implicit closure #1 in static RaceSuite.$s17CrashScratchTests9RaceSuiteV1a4TestfMp_25generator5bf5c01a6e24ab60fMu_@Sendable () in CrashScratchPackageTests.xctest at /tmp/swift-generated-sources/@__swiftmacro_17CrashScratchTests9RaceSuiteV1a4TestfMp_.swift
      6 [async] [thunk]  0x0000561d3520b3d0 partial apply for implicit closure #1 in static RaceSuite.$s17CrashScratchTests9RaceSuiteV1a4TestfMp_25generator5bf5c01a6e24ab60fMu_@Sendable () in CrashScratchPackageTests.xctest at //<compiler-generated>
      7 [async]          0x00007f9c12f12ab0 closure #1 in closure #2 in Test.Case.Generator.init<>(arguments:parameters:testFunction:) in libTesting.so
    ...

    Registers:

    rax 0x0000000000000000  0
    """#

  /// Every sample by its name.
  static let named: [String: String] = [
    "xcTestFatalError": xcTestFatalError,
    "xcTestAsync": xcTestAsync,
    "xcTestIndexOutOfRange": xcTestIndexOutOfRange,
    "swiftTestingDirect": swiftTestingDirect,
    "swiftTestingCalledCode": swiftTestingCalledCode,
    "swiftTestingClosure": swiftTestingClosure,
    "swiftTestingParameterized": swiftTestingParameterized,
    "swiftTestingNested": swiftTestingNested,
    "swiftTestingFreeFunction": swiftTestingFreeFunction,
    "swiftTestingDetachedTask": swiftTestingDetachedTask,
    "helperThread": helperThread,
    "raceSegmentationFault": raceSegmentationFault,
  ]
}
