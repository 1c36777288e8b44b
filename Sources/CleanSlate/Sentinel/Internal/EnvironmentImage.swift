#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The process environment, copied into one buffer (`NAME=value`, each ended by a zero byte):
/// one allocation to take, one comparison to tell that nothing changed, parsed into variables
/// only when two images differ.
struct EnvironmentImage: Sendable, Equatable {
  let bytes: [UInt8]

  /// The environment as it is now.
  ///
  /// Like `getenv`, it reads `environ` without a lock: a test that calls `setenv` on another
  /// thread at the same moment may make it miss or tear one variable.
  static func capture() -> EnvironmentImage {
    guard let variables = currentEnviron() else { return EnvironmentImage(bytes: []) }
    var total = 0
    var index = 0
    while let variable = variables[index] {
      total += strlen(variable) + 1
      index += 1
    }
    let bytes = [UInt8](unsafeUninitializedCapacity: total) { buffer, count in
      var offset = 0
      var index = 0
      while let variable = variables[index], offset < total {
        let length = min(strlen(variable) + 1, total - offset)
        memcpy(buffer.baseAddress! + offset, variable, length)
        offset += length
        index += 1
      }
      count = offset
    }
    return EnvironmentImage(bytes: bytes)
  }

  /// The variables, by name. A variable listed twice keeps its first value, as `getenv` does.
  var variables: [String: String] {
    var variables: [String: String] = [:]
    for entry in bytes.split(separator: 0, omittingEmptySubsequences: true) {
      guard let equals = entry.firstIndex(of: UInt8(ascii: "=")) else { continue }
      let name = String(decoding: entry[..<equals], as: UTF8.self)
      if variables[name] == nil {
        variables[name] = String(decoding: entry[(equals + 1)...], as: UTF8.self)
      }
    }
    return variables
  }

  private static func currentEnviron() -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
    #if canImport(Darwin)
      return _NSGetEnviron()?.pointee
    #else
      return environ
    #endif
  }
}
