internal import CleanSlateChildProcess
import Foundation

extension SourceVersion {
  /// The version of the code in the git repository that holds `directory`: its commit, whether
  /// the tree has changes the commit does not hold (untracked files aside), and its branch.
  ///
  /// `directory` may be relative (`.`, as `--package-path` is by default, or `../ledger`): it is
  /// read from `currentDirectory`, the directory `cleanslate` was started in, and may be anywhere
  /// in the repository (a package in a subdirectory of a larger repository is found too).
  ///
  /// CI that checks out a commit on no branch names it in its environment: `GITHUB_HEAD_REF` or
  /// `GITHUB_REF_NAME` (GitHub Actions), `CI_COMMIT_REF_NAME` (GitLab), `BRANCH_NAME`.
  /// `CLEANSLATE_COMMIT` and `CLEANSLATE_BRANCH` name them where there is no repository. Outside a
  /// repository, with neither, the commit and branch are unknown, and `unknownCommit` says why,
  /// in a sentence that says how to name it.
  package static func lookUp(
    directory: String, currentDirectory: String = FileManager.default.currentDirectoryPath,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) async -> (version: SourceVersion, unknownCommit: String?) {
    let named = environment["CLEANSLATE_COMMIT"].flatMap { $0.isEmpty ? nil : $0 }
    if let named {
      return (SourceVersion(commit: named, dirty: false, branch: branch(environment)), nil)
    }
    let absolute = URL(
      fileURLWithPath: directory,
      relativeTo: URL(fileURLWithPath: currentDirectory, isDirectory: true)
    ).standardizedFileURL.path
    let git = Git(directory: absolute)
    let head = await git.run(["rev-parse", "HEAD"])
    guard let commit = head.text else {
      let why = head.error ?? "it is not in a git repository"
      return (
        SourceVersion(commit: nil, dirty: false, branch: branch(environment)),
        "this session is recorded without its commit: \(absolute) has none (\(why)). Name it with CLEANSLATE_COMMIT (and CLEANSLATE_BRANCH); without it, cleanslate flaky cannot say since which commit a test is broken."
      )
    }
    let changes = await git.run(["status", "--porcelain", "--untracked-files=no"]).text
    var branch = branch(environment)
    if branch == nil, let name = await git.run(["rev-parse", "--abbrev-ref", "HEAD"]).text,
      name != "HEAD"
    {
      branch = name
    }
    return (SourceVersion(commit: commit, dirty: changes != nil, branch: branch), nil)
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

/// `git`, run in one directory of a repository.
private struct Git {
  /// An absolute path.
  var directory: String

  /// What `git arguments` printed, trimmed (`nil` when it failed or printed nothing), and why it
  /// failed, in words (its error's first line), when it did.
  func run(_ arguments: [String]) async -> (text: String?, error: String?) {
    guard
      let outcome = try? await ChildProcess("git", ["-C", directory] + arguments).run()
    else { return (nil, "git could not be started") }
    guard outcome.status == 0 else {
      let line = outcome.standardError.split(separator: "\n").first.map(String.init)
      return (nil, line.map { "git said: \($0.trimmingCharacters(in: .whitespaces))" })
    }
    let text = outcome.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    return (text.isEmpty ? nil : text, nil)
  }
}
