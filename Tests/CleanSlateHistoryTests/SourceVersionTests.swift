import CleanSlate
import CleanSlateHistory
import CleanSlateTesting
import Foundation
import Testing

/// The commit, dirtiness and branch of the package being tested, however its path is given:
/// relative (`.`, `..`), from a subdirectory, or a package inside a larger repository.
@Suite(.cleanSlate) struct SourceVersionTests {
  /// A repository with one commit on `main`, holding a package in `Packages/Ledger`.
  func repository() async throws -> (root: String, commit: String) {
    let root = try await use(.temporaryDirectory).appendingPathComponent("repository")
    let package = root.appendingPathComponent("Packages/Ledger")
    try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
    try Data("// swift-tools-version: 6.1\n".utf8).write(
      to: package.appendingPathComponent("Package.swift"))
    try await LedgerRepository.git(["init", "-q", "-b", "main"], in: root.path)
    return (root.path, try await LedgerRepository.commit("First", in: root.path))
  }

  static let noCI: [String: String] = [:]

  @Test func theDefaultPackagePathIsReadFromTheDirectoryCleanSlateStartedIn() async throws {
    let (root, commit) = try await repository()
    let (version, unknown) = await SourceVersion.lookUp(
      directory: ".", currentDirectory: "\(root)/Packages/Ledger", environment: Self.noCI)
    #expect(version == SourceVersion(commit: commit, dirty: false, branch: "main"))
    #expect(unknown == nil)
  }

  @Test(arguments: [
    ("..", "Packages/Ledger/Sources"), ("Packages/Ledger", ""), ("../..", "Packages/Ledger"),
  ])
  func aRelativePathFromAnywhereFindsTheRepository(path: String, from: String) async throws {
    let (root, commit) = try await repository()
    try FileManager.default.createDirectory(
      atPath: "\(root)/Packages/Ledger/Sources", withIntermediateDirectories: true)
    let version = await SourceVersion.lookUp(
      directory: path, currentDirectory: "\(root)/\(from)", environment: Self.noCI
    ).version
    #expect(version.commit == commit)
    #expect(version.branch == "main")
  }

  @Test func aChangeTheCommitDoesNotHoldMakesTheTreeDirty() async throws {
    let (root, _) = try await repository()
    try Data("// changed\n".utf8).write(
      to: URL(fileURLWithPath: "\(root)/Packages/Ledger/Package.swift"))
    let version = await SourceVersion.lookUp(
      directory: ".", currentDirectory: "\(root)/Packages/Ledger", environment: Self.noCI
    ).version
    #expect(version.dirty)
  }

  @Test func outsideARepositoryTheCommitIsUnknownAndTheNoteSaysHowToNameIt() async throws {
    let outside = try await use(.temporaryDirectory).appendingPathComponent("plain")
    try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
    let (version, unknown) = await SourceVersion.lookUp(
      directory: ".", currentDirectory: outside.path, environment: Self.noCI)
    #expect(version.commit == nil)
    let note = try #require(unknown)
    #expect(note.contains(outside.standardizedFileURL.path))
    #expect(note.contains("CLEANSLATE_COMMIT"))
  }

  @Test func aCommitNamedInTheEnvironmentWinsAndNeedsNoRepository() async throws {
    let (version, unknown) = await SourceVersion.lookUp(
      directory: "/nowhere",
      environment: ["CLEANSLATE_COMMIT": "abc123", "GITHUB_REF_NAME": "pr-7"])
    #expect(version == SourceVersion(commit: "abc123", dirty: false, branch: "pr-7"))
    #expect(unknown == nil)
  }
}
