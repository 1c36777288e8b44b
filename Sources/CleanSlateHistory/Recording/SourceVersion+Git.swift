internal import CleanSlateChildProcess
import Foundation

extension SourceVersion {
  /// The version of the code in the git repository at `directory`: its commit, whether the tree
  /// has changes the commit does not hold (untracked files aside), and its branch.
  ///
  /// CI that checks out a commit on no branch names it in its environment: `GITHUB_HEAD_REF` or
  /// `GITHUB_REF_NAME` (GitHub Actions), `CI_COMMIT_REF_NAME` (GitLab), `BRANCH_NAME`.
  /// `CLEANSLATE_COMMIT` and `CLEANSLATE_BRANCH` name them where there is no repository. Outside a
  /// repository, with neither, the commit and branch are unknown.
  package static func of(
    directory: String, environment: [String: String] = ProcessInfo.processInfo.environment
  ) async -> SourceVersion {
    func git(_ arguments: [String]) async -> String? {
      guard
        let outcome = try? await ChildProcess("git", ["-C", directory] + arguments).run(),
        outcome.status == 0
      else { return nil }
      let text = outcome.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
      return text.isEmpty ? nil : text
    }
    let commit = environment["CLEANSLATE_COMMIT"].flatMap { $0.isEmpty ? nil : $0 }
    guard commit == nil, let head = await git(["rev-parse", "HEAD"]) else {
      return SourceVersion(commit: commit, dirty: false, branch: branch(environment))
    }
    let changes = await git(["status", "--porcelain", "--untracked-files=no"])
    var branch = branch(environment)
    if branch == nil, let name = await git(["rev-parse", "--abbrev-ref", "HEAD"]), name != "HEAD" {
      branch = name
    }
    return SourceVersion(commit: head, dirty: changes != nil, branch: branch)
  }

  /// The branch CI names in `environment`, when it does.
  private static func branch(_ environment: [String: String]) -> String? {
    for name in [
      "CLEANSLATE_BRANCH", "GITHUB_HEAD_REF", "GITHUB_REF_NAME", "CI_COMMIT_REF_NAME",
      "BRANCH_NAME",
    ] {
      if let value = environment[name], !value.isEmpty { return value }
    }
    return nil
  }
}
