#if canImport(Security)
  import Foundation
  import Security

  extension LaunchReset.Store {
    /// Every generic password the app keeps under a keychain service (where the Security
    /// framework exists).
    public static func keychain(service: String) -> LaunchReset.Store {
      LaunchReset.Store(
        name: "keychain service \(service)",
        plan: { KeychainStore(service: service).plan() },
        reset: { KeychainStore(service: service).reset() })
    }
  }

  /// Resets the generic passwords of one keychain service.
  struct KeychainStore {
    let service: String

    private var query: [String: Any] {
      [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service]
    }

    func plan() -> StoreResult {
      var match = query
      match[kSecMatchLimit as String] = kSecMatchLimitAll
      match[kSecReturnAttributes as String] = true
      var result: CFTypeRef?
      let status = SecItemCopyMatching(match as CFDictionary, &result)
      switch status {
      case errSecSuccess:
        let items = (result as? [[String: Any]]) ?? []
        return StoreResult(
          items: items.map { item in
            (item[kSecAttrAccount as String] as? String).map { "account \($0)" } ?? "an item"
          })
      case errSecItemNotFound:
        return StoreResult()
      default:
        return StoreResult(failures: [message(for: status)])
      }
    }

    func reset() -> StoreResult {
      let planned = plan()
      guard planned.failures.isEmpty, !planned.items.isEmpty else { return planned }
      let status = SecItemDelete(query as CFDictionary)
      guard status == errSecSuccess || status == errSecItemNotFound else {
        return StoreResult(failures: [message(for: status)])
      }
      return planned
    }

    private func message(for status: OSStatus) -> String {
      let text = (SecCopyErrorMessageString(status, nil) as String?) ?? "OSStatus \(status)"
      return "the keychain answered: \(text)"
    }
  }
#endif
