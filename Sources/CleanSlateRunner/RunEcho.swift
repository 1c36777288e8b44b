package import CleanSlateTestProcess

/// What `cleanslate test` prints of each run, as one block: `$ ` and the `swift test` command the
/// run stands for (what a user types to make it again), what its test processes printed, and
/// where each test that passed its time limit was stuck.
package enum RunEcho {
  /// The block for the run of `command` that ended with `result`, ending with a newline.
  package static func text(of command: SwiftTestInvocation, _ result: TestRunResult) -> String {
    let line = "\(command)"
    var text = line.count < 400 ? "$ \(line)\n" : "$ swift test … (an exact --filter)\n"
    text += result.standardOutput
    if !text.hasSuffix("\n") { text += "\n" }
    text += result.standardError
    if !text.hasSuffix("\n") { text += "\n" }
    for hung in result.hung {
      for line in SwiftTestBatchRunner.report(of: hung, named: hung.name) { text += line + "\n" }
    }
    return text
  }
}
