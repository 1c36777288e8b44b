import Foundation

/// Crash reports that cost a test process a fraction of a second instead of several seconds.
///
/// The Swift runtime's backtracer names each frame of every thread from the test product's debug
/// information before the process may end: for a debug build of a server app's tests, 5 to 10
/// seconds a crash, where a run that passes takes half a second. An experiment that reruns a test
/// whose process crashes in a third of its runs pays that in every crash. With
/// ``environmentValue`` the runtime writes only the crashed thread's addresses and the binaries
/// they are in (a tenth of a second); ``symbolized(_:)`` then names those frames from the same
/// debug information (``DebugSymbols``), and writes them as the runtime would have, so that
/// ``CrashBacktrace`` reads the report unchanged.
///
/// Only on Linux, where the backtracer writes the binaries' load addresses and the toolchain has
/// `llvm-symbolizer`; a `SWIFT_BACKTRACE` the user set is left as it is.
enum QuickCrashReports {
  /// `SWIFT_BACKTRACE` for a quick report: the crashed thread's addresses, the binaries they are
  /// in, no registers, no symbols.
  static let environmentValue =
    "enable=yes,symbolicate=off,threads=crashed,registers=none,images=mentioned,color=no,interactive=no"

  /// Whether quick reports can be read here.
  static var available: Bool {
    #if os(Linux)
      DebugSymbols.available
    #else
      false
    #endif
  }

  /// `report` (a process's standard error) with each frame of its crashed thread that the
  /// runtime left as an address written as the runtime writes a named one: `1 [ra] 0x… closure #2
  /// in routes(_:) + 0 in App.xctest at /src/routes.swift:28:48`. Frames the debug information
  /// does not name stay as they were; a report without addresses is returned as it is.
  static func symbolized(_ report: String) async -> String {
    var lines = report.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let images = Self.images(in: lines)
    guard !images.isEmpty else { return report }
    var frames: [(line: Int, frame: AddressFrame, image: Image)] = []
    var inCrashedThread = false
    for (index, line) in lines.enumerated() {
      if line.hasPrefix("Thread "), line.hasSuffix(" crashed:") {
        inCrashedThread = true
      } else if inCrashedThread, line.hasPrefix("Images") || line.hasPrefix("Registers") {
        break
      } else if inCrashedThread, let frame = AddressFrame(line: line),
        let image = images.first(where: { $0.contains(frame.address) }), frame.call >= image.start
      {
        frames.append((index, frame, image))
      }
    }
    let places = await DebugSymbols.lookUp(
      frames.map {
        DebugSymbols.Address(module: $0.image.path, offset: $0.frame.call - $0.image.start)
      })
    for (found, place) in zip(frames, places) {
      guard let place else { continue }
      lines[found.line] = found.frame.line(named: place, in: found.image.name)
    }
    return lines.joined(separator: "\n")
  }

  /// A binary the backtracer listed under `Images`: `0x…–0x… <build id> name /path/name`.
  struct Image: Equatable {
    var start: UInt64
    var end: UInt64
    var name: String
    var path: String

    func contains(_ address: UInt64) -> Bool { start <= address && address < end }
  }

  /// The binaries listed under `Images` in `lines`.
  static func images(in lines: [String]) -> [Image] {
    guard let header = lines.firstIndex(where: { $0.hasPrefix("Images") }) else { return [] }
    var images: [Image] = []
    for line in lines[(header + 1)...] {
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      guard fields.count >= 4 else {
        if images.isEmpty { continue } else { break }
      }
      let range = fields[0].split(separator: "–")
      guard range.count == 2, let start = hex(range[0]), let end = hex(range[1]),
        let slash = line.firstIndex(of: "/")
      else { continue }
      let path = String(line[slash...])
      images.append(
        Image(
          start: start, end: end, name: String(path.split(separator: "/").last ?? ""), path: path))
    }
    return images
  }

  /// A frame the backtracer left as an address: `  1 [ra]    0x000055c457ea36f1`.
  struct AddressFrame: Equatable {
    var index: Int
    var marks: [String]
    var address: UInt64

    init?(line: String) {
      guard let (index, marks, rest) = CrashBacktrace.Frame.numberAndMarks(of: Substring(line)),
        // A frame already named has more after its address.
        !rest.contains(" "), let address = hex(rest)
      else { return nil }
      self.index = index
      self.marks = marks
      self.address = address
    }

    /// The instruction that the frame is in: a return address's call is the one before it; the
    /// crashed instruction and an async frame's resume point are where they say.
    var call: UInt64 { marks.contains("ra") && address > 0 ? address - 1 : address }

    /// The frame as the runtime writes a named one, marked `system` when the compiler generated
    /// it (its place has no line) and `thunk` when it is one.
    func line(named place: DebugSymbols.Place, in image: String) -> String {
      var marks = self.marks
      let generated = place.file.map { $0.hasSuffix("<compiler-generated>") } ?? false
      if place.file != nil, generated || place.line == 0, !marks.contains("system") {
        marks.append("system")
      }
      if Self.isThunk(place.function), !marks.contains("thunk") { marks.append("thunk") }
      var location = ""
      if generated {
        location = " at //<compiler-generated>"
      } else if let file = place.file {
        location = " at \(file)"
        if place.line > 0 { location += ":\(place.line)" }
        if place.line > 0, place.column > 0 { location += ":\(place.column)" }
      }
      let number = String(index)
      let padded = String(repeating: " ", count: max(0, 3 - number.count)) + number
      let marked = marks.map { "[\($0)]" }.joined(separator: " ")
      return
        "\(padded) \(marked)\(marked.isEmpty ? "" : " ")0x\(String(format: "%016lx", address)) \(place.function) in \(image)\(location)"
    }

    /// Whether `function` is machinery the compiler wrote around a call.
    static func isThunk(_ function: String) -> Bool {
      ["thunk for ", "partial apply for ", "protocol witness for ", "reabstraction thunk"]
        .contains { function.hasPrefix($0) }
    }
  }

  /// `0x…` as a number.
  private static func hex(_ text: Substring) -> UInt64? {
    guard text.hasPrefix("0x") else { return nil }
    return UInt64(text.dropFirst(2), radix: 16)
  }
}
