import CleanSlate
package import CleanSlateTestProcess

/// What `cleanslate test` prints of each launch, as one block: `$ ` and the `swift test` command
/// the launch stands for (what a user types to make it again), what its test processes printed,
/// and where each test that passed its time limit was stuck.
package enum LaunchEcho {
  /// The block of `launch`, ending with a newline.
  package static func text(of launch: Launch) -> String {
    let line = "\(launch.command)"
    var text = line.count < 400 ? "$ \(line)\n" : "$ swift test … (an exact --filter)\n"
    text += launch.standardOutput
    if !text.hasSuffix("\n") { text += "\n" }
    text += launch.standardError
    if !text.hasSuffix("\n") { text += "\n" }
    for hung in launch.hung {
      for line in hung.timedOutReport(named: TestName(hung.name)) { text += line + "\n" }
    }
    return text
  }
}
