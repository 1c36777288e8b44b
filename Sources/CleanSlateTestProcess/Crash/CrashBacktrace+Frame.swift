import Foundation

extension CrashBacktrace {
  /// One frame of a crashed thread, as the runtime's backtracer prints it:
  ///
  /// ```
  ///   1 [ra]    0x000055e7833bc171 AlphaTests.testCrashes() + 176 in RunnerFixturePackageTests.xctest at /src/AlphaTests.swift:19:34
  ///   3 [async] 0x0000563390ed55e0 closure #1 in Suite.test() in Tests.xctest at /src/Suite.swift:7
  /// ```
  package struct Frame: Sendable, Equatable {
    /// Its number in the thread, from 0 (where it crashed).
    package var index: Int
    /// The backtracer's marks: `ra` (a return address), `async` (a suspended async function),
    /// `system` (the runtime's or the compiler's machinery), `thunk`, `inlined`.
    package var marks: [String]
    /// The function, demangled: `AlphaTests.testCrashes()`, `closure #1 in Suite.test(x:)`.
    package var symbol: String
    /// The binary it is in: `RunnerFixturePackageTests.xctest`, `libswiftCore.so`.
    package var image: String
    /// Its source location, when known: `/src/AlphaTests.swift:19:34`.
    package var location: String?

    /// A frame of these parts.
    package init(
      index: Int, marks: [String] = [], symbol: String, image: String, location: String? = nil
    ) {
      self.index = index
      self.marks = marks
      self.symbol = symbol
      self.image = image
      self.location = location
    }

    /// The frame `line` prints; `nil` for a line that is not one.
    init?(line: Substring) {
      guard let (index, marks, fromAddress) = Self.numberAndMarks(of: line),
        fromAddress.hasPrefix("0x")
      else { return nil }
      let rest = fromAddress.drop(while: { !$0.isWhitespace }).trimmingSpaces
      guard let (symbol, image, location) = Self.parts(of: rest) else { return nil }
      self.init(index: index, marks: marks, symbol: symbol, image: image, location: location)
    }

    /// A frame line's number and marks, and the rest of it (from its address): `1 [ra] 0x… f()`
    /// as 1, `["ra"]` and `0x… f()`; `nil` for a line that does not start with a number.
    static func numberAndMarks(
      of line: Substring
    ) -> (index: Int, marks: [String], rest: Substring)? {
      var rest = line.trimmingSpaces
      let number = rest.prefix(while: \.isNumber)
      guard let index = Int(number) else { return nil }
      rest = rest.dropFirst(number.count).trimmingSpaces
      var marks: [String] = []
      while rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
        marks.append(String(rest[rest.index(after: rest.startIndex)..<close]))
        rest = rest[rest.index(after: close)...].trimmingSpaces
      }
      return (index, marks, rest)
    }

    /// Whether a reader learns from it: not the runtime's or the compiler's machinery (`system`,
    /// `thunk`), nor a function the test macros generated (its name still mangled, `$s…`).
    package var isMeaningful: Bool {
      !marks.contains("system") && !marks.contains("thunk") && !symbol.contains("$s")
    }

    /// Whether it is the test framework's own code, that ran the test: the frames below it
    /// say nothing of the test.
    package var isInTestFramework: Bool {
      ["libTesting.so", "libXCTest.so", "Testing", "XCTest", "libTesting.dylib"].contains(image)
    }

    /// The frame in a line of a report: the function and where it is, `AlphaTests.testCrashes()
    /// at /src/AlphaTests.swift:19:34`, or the binary when the place is unknown.
    package var shortText: String {
      guard let location, !location.hasPrefix("//<") else { return "\(symbol) in \(image)" }
      return "\(symbol) at \(location)"
    }

    /// The frame in a sentence: the function and its file's name, `AlphaTests.testCrashes()
    /// (AlphaTests.swift:19:34)`; the function alone when the place is unknown.
    package var briefText: String {
      guard let location, !location.hasPrefix("//<") else { return symbol }
      return "\(symbol) (\(location.split(separator: "/").last ?? ""))"
    }

    /// `symbol [+ offset] in image [at location]` as its parts. The symbol may hold ` in `
    /// itself (`closure #1 in Suite.test()`): the image is the first word after an ` in ` that
    /// ends the line or comes before ` at `.
    private static func parts(
      of text: Substring
    ) -> (symbol: String, image: String, location: String?)? {
      var searched = text[...]
      while let separator = searched.range(of: " in ") {
        let after = text[separator.upperBound...]
        let image = after.prefix(while: { !$0.isWhitespace })
        let tail = after.dropFirst(image.count)
        if !image.isEmpty, tail.isEmpty || tail.hasPrefix(" at ") {
          var symbol = text[..<separator.lowerBound]
          if let plus = symbol.range(of: " + ", options: .backwards),
            symbol[plus.upperBound...].allSatisfy(\.isNumber)
          {
            symbol = symbol[..<plus.lowerBound]
          }
          let location = tail.isEmpty ? nil : String(tail.dropFirst(4))
          return (String(symbol), String(image), location)
        }
        searched = text[separator.upperBound...]
      }
      return nil
    }
  }
}
