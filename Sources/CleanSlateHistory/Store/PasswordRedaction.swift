/// Text with every URL's password taken out, so that what CleanSlate records or prints never holds
/// one: `postgresql://ci:s3cret@db/runs` reads `postgresql://ci:***@db/runs`, and a `password=`
/// parameter (`?password=s3cret`) reads `password=***`.
///
/// It errs on the side of removing too much: a password holding `@` or `/` unescaped (which a URL
/// parser reads wrong) is removed up to the URL's last `@` before its query.
package enum PasswordRedaction {
  /// `text` with the password of each URL in it replaced by `***`.
  package static func redacted(_ text: String) -> String {
    text.replacing(/[A-Za-z][A-Za-z0-9+.\-]*:\/\/\S+/) { match in
      withoutPassword(String(match.output))
    }
  }

  /// `arguments` as one command line, each with its passwords taken out (``redacted(_:)``).
  package static func commandLine(_ arguments: [String]) -> String {
    arguments.map(redacted).joined(separator: " ")
  }

  /// One URL, `scheme://…` with no white space, without its password.
  private static func withoutPassword(_ url: String) -> String {
    var url = url.replacing(/(?i)([?&;]password=)[^&;]*/) { "\($0.output.1)***" }
    guard let scheme = url.firstRange(of: "://") else { return url }
    let rest = url[scheme.upperBound...]
    // The user's part ends at the URL's last @ before its query (a password may hold @ or /
    // unescaped); a colon in it starts the password.
    let query = rest.firstIndex(of: "?") ?? rest.endIndex
    guard let at = rest[..<query].lastIndex(of: "@"),
      let colon = rest[..<at].firstIndex(of: ":")
    else { return url }
    url.replaceSubrange(url.index(after: colon)..<at, with: "***")
    return url
  }
}
