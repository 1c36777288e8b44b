/// A child process could not be started (its program is missing or not executable, its directory
/// is gone) or talked to.
package struct ChildProcessError: Error, CustomStringConvertible {
  package let description: String

  init(starting process: ChildProcess, _ error: any Error) {
    description = "Could not run \(process.commandLine): \(error)"
  }

  init(emptyCommandFor process: ChildProcess) {
    description = "Could not run a child process: its command is empty."
  }

  package init(_ description: String) {
    self.description = description
  }
}
