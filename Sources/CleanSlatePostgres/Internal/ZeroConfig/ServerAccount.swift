#if Postgres
  internal import Foundation

  #if canImport(Darwin)
    import Darwin
  #elseif canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #endif

  /// The operating-system user that runs a throwaway server's `initdb` and `postgres`: the
  /// current user, or, when the tests run as root (which both refuse), an unprivileged one.
  struct ServerAccount: Sendable, Equatable {
    /// The user's name.
    let name: String
    let uid: uid_t
    let gid: gid_t
    /// What runs a program as this user (`setpriv`, or else `runuser`), put before the program's
    /// path; empty when it is the current user.
    let commandPrefix: [String]

    /// Whether the programs run as another user than the tests.
    var isOtherUser: Bool { !commandPrefix.isEmpty }

    /// The account for this process: itself, unless it runs as root; then Debian's `postgres`
    /// user (made by the `postgresql` package), or else `nobody`.
    static func forCurrentUser(
      path: [String] = ["/usr/bin", "/bin", "/usr/sbin", "/sbin"]
    ) throws
      -> ServerAccount
    {
      let uid = geteuid()
      guard uid == 0 else {
        let name = user(uid: uid)?.name ?? "\(uid)"
        return ServerAccount(name: name, uid: uid, gid: getegid(), commandPrefix: [])
      }
      guard let user = user(named: "postgres") ?? user(named: "nobody") else {
        throw PostgresFixtureError(
          "The tests run as root, which PostgreSQL refuses, and there is neither a 'postgres' nor a 'nobody' user to run the server as: install Debian's postgresql package (it makes the 'postgres' user), run the tests as another user, or set CLEANSLATE_POSTGRES_URL."
        )
      }
      let find = { (name: String) in
        path.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
      }
      let prefix: [String]
      if let setpriv = find("setpriv") {
        prefix = [setpriv, "--reuid=\(user.uid)", "--regid=\(user.gid)", "--init-groups", "--"]
      } else if let runuser = find("runuser") {
        prefix = [runuser, "-u", user.name, "--"]
      } else {
        throw PostgresFixtureError(
          "The tests run as root, which PostgreSQL refuses, and neither setpriv nor runuser is there to run the server as '\(user.name)': install util-linux, run the tests as another user, or set CLEANSLATE_POSTGRES_URL."
        )
      }
      return ServerAccount(name: user.name, uid: user.uid, gid: user.gid, commandPrefix: prefix)
    }

    /// Gives `url` to this account (when it is another user), so that its programs can write there.
    func own(_ url: URL) throws {
      guard isOtherUser else { return }
      guard chown(url.path, uid, gid) == 0 else {
        throw PostgresFixtureError(
          "Could not give \(url.path) to user '\(name)': \(errnoDescription())")
      }
    }

    private static func user(named name: String) -> (name: String, uid: uid_t, gid: gid_t)? {
      guard let entry = getpwnam(name) else { return nil }
      return (name, entry.pointee.pw_uid, entry.pointee.pw_gid)
    }

    private static func user(uid: uid_t) -> (name: String, uid: uid_t, gid: gid_t)? {
      guard let entry = getpwuid(uid) else { return nil }
      return (String(cString: entry.pointee.pw_name), uid, entry.pointee.pw_gid)
    }
  }
#endif
