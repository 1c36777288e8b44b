#if GRDB
  internal import Foundation

  #if canImport(Glibc)
    internal import Glibc
  #elseif canImport(Darwin)
    internal import Darwin
  #endif

  /// The memory of one test's database: a reservation of address space with the template's pages
  /// at its start, given to SQLite as a database that may grow up to the reservation's end.
  ///
  /// Nothing is copied or allocated up front: on Linux the template lives once in shared memory
  /// and each copy maps it copy-on-write, so a copy shares the template's pages until the test
  /// writes one (then the kernel copies that page alone); elsewhere the template is copied in.
  /// The rest of the reservation costs no memory until the test's database grows into it.
  /// Because the buffer never moves, SQLite reads pages straight from it (memory-mapped I/O)
  /// instead of copying each one into its page cache.
  struct DatabaseRegion: @unchecked Sendable {
    /// How far a test's database may grow beyond the template by default, 1 GiB: writes past it
    /// fail with `SQLITE_FULL` (SQLite itself limits a deserialized database to 1 GiB).
    static let defaultHeadroom = 1 << 30

    /// The start of the region.
    let base: UnsafeMutableRawPointer
    /// Its size in bytes: the template, rounded up to whole memory pages, plus ``headroom``.
    let capacity: Int
    /// How far the database may grow beyond the template.
    let headroom: Int

    /// The size of a memory page.
    static var pageSize: Int {
      #if canImport(Glibc) || canImport(Darwin)
        Int(getpagesize())
      #else
        4096
      #endif
    }

    /// Returns the region's memory to the system. SQLite must be done with it.
    func release() {
      #if canImport(Glibc) || canImport(Darwin)
        munmap(base, capacity)
      #endif
    }

    /// Whether the database grew to the end of the region: its last page was written (a test
    /// that filled the region wrote it, then failed with `SQLITE_FULL`).
    var reachedCapacity: Bool {
      #if canImport(Glibc) || canImport(Darwin)
        let page = DatabaseRegion.pageSize
        #if canImport(Darwin)
          var resident: [CChar] = [0]
        #else
          var resident: [UInt8] = [0]
        #endif
        guard mincore(base + capacity - page, page, &resident) == 0 else { return false }
        return resident[0] & 1 != 0
      #else
        return false
      #endif
    }
  }

  /// The template's bytes, ready to be mapped into the regions of its copies.
  final class DatabaseRegionSource: @unchecked Sendable {
    private let bytes: Data
    /// A shared-memory file holding the bytes (Linux), or -1 to copy them in.
    private let file: Int32
    /// The bytes rounded up to whole memory pages.
    private let mappedSize: Int
    /// How far each copy may grow beyond the template, a whole number of memory pages.
    private let headroom: Int

    init(bytes: Data, headroom: Int) {
      self.bytes = bytes
      let page = DatabaseRegion.pageSize
      mappedSize = (bytes.count + page - 1) / page * page
      self.headroom = max(page, (headroom + page - 1) / page * page)
      file = Self.sharedMemoryFile(holding: bytes)
    }

    deinit {
      #if canImport(Glibc)
        if file >= 0 { close(file) }
      #endif
    }

    /// A new region holding the template, or nil when the system refuses one (or has no `mmap`:
    /// the copy is then made the portable way).
    func makeRegion() -> DatabaseRegion? {
      #if canImport(Glibc) || canImport(Darwin)
        mapRegion()
      #else
        nil
      #endif
    }

    #if canImport(Glibc) || canImport(Darwin)
      private func mapRegion() -> DatabaseRegion? {
        let capacity = mappedSize + headroom
        guard
          let base = mmap(
            nil, capacity, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANON | MAP_NORESERVE, -1, 0),
          base != MAP_FAILED
        else { return nil }
        let region = DatabaseRegion(base: base, capacity: capacity, headroom: headroom)
        if file >= 0, mappedSize > 0 {
          // The template's pages, copy-on-write, over the start of the reservation.
          let mapped = mmap(
            base, mappedSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_FIXED, file, 0)
          if mapped == base { return region }
        }
        bytes.withUnsafeBytes { raw in
          if let source = raw.baseAddress { base.copyMemory(from: source, byteCount: raw.count) }
        }
        return region
      }
    #endif

    /// A file in shared memory holding `bytes`, already unlinked, or -1 where there is none.
    private static func sharedMemoryFile(holding bytes: Data) -> Int32 {
      #if canImport(Glibc)
        let name = "/cleanslate-grdb-\(getpid())-\(UUID().uuidString)"
        let file = shm_open(name, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard file >= 0 else { return -1 }
        shm_unlink(name)
        let written = bytes.withUnsafeBytes { raw -> Bool in
          var offset = 0
          while offset < raw.count {
            let count = write(file, raw.baseAddress! + offset, raw.count - offset)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            offset += count
          }
          return true
        }
        guard written else {
          close(file)
          return -1
        }
        return file
      #else
        return -1
      #endif
    }
  }
#endif
