public import Foundation

/// UUIDs that count up from zero — `00000000-0000-0000-0000-000000000000`, then
/// `00000000-0000-0000-0000-000000000001`, and so on — the same in every run: what
/// `use(.uuids)` gives each test.
///
/// Call it as a function, or hand it to the code under test as one:
///
/// ```swift
/// let uuid = try await use(.uuids)
/// let store = TodoStore(makeID: uuid.callAsFunction)
/// try store.add("call mum")
/// #expect(store.items.map(\.id) == [UUIDGenerator.counted(0)])
/// ```
///
/// It may be called from several threads at once: each call returns the next UUID, and no two
/// calls the same one.
public final class UUIDGenerator: Sendable {
  private let count = Locked<UInt64>(0)

  /// Creates a generator whose first UUID is all zeros.
  public init() {}

  /// Returns the next UUID, counting up from `00000000-0000-0000-0000-000000000000`.
  public func callAsFunction() -> UUID {
    Self.counted(
      count.withLock { count in
        defer { count += 1 }
        return count
      })
  }

  /// The UUID a generator returns on its call numbered `number`, counting from 0:
  /// `counted(1)` is `00000000-0000-0000-0000-000000000001`.
  public static func counted(_ number: UInt64) -> UUID {
    let b = withUnsafeBytes(of: number.bigEndian) { Array($0) }
    return UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]))
  }
}
