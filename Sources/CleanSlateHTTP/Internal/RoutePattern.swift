#if HTTP
  import Foundation

  /// A path pattern such as `/users/:id/posts` or `/files/*`: literal segments, `:name`
  /// parameters that match one segment, and a final `*` that matches the rest of the path.
  struct RoutePattern: Sendable, Hashable, CustomStringConvertible {
    enum Segment: Sendable, Hashable {
      case literal(String)
      case parameter(String)
      case rest
    }

    let segments: [Segment]
    /// The pattern as declared, as `/users/:id`.
    let description: String

    init(_ text: String) {
      let path = text.firstIndex(of: "?").map { String(text[..<$0]) } ?? text
      segments = PathSegments.split(path).map { segment in
        if segment == "*" { return .rest }
        if segment.hasPrefix(":"), segment.count > 1 {
          return .parameter(String(segment.dropFirst()))
        }
        return .literal(segment)
      }
      description = path.hasPrefix("/") ? path : "/" + path
    }

    /// The parameters when `path` (split into decoded segments) matches, else `nil`.
    func match(_ path: [String]) -> [String: String]? {
      var parameters: [String: String] = [:]
      for (index, segment) in segments.enumerated() {
        switch segment {
        case .rest:
          parameters["*"] = path[min(index, path.count)...].joined(separator: "/")
          return parameters
        case .literal(let literal):
          guard index < path.count, path[index] == literal else { return nil }
        case .parameter(let name):
          guard index < path.count else { return nil }
          parameters[name] = path[index]
        }
      }
      return path.count == segments.count ? parameters : nil
    }

    /// How far `path` is from matching, in edited characters: 0 for a match, small for a typo, a
    /// missing or an extra segment.
    func distance(to path: [String]) -> Int {
      // An edit distance over segments: a parameter or the rest matches any segment, a literal
      // costs its character edit distance, and a segment added or left out costs its length + 1.
      let width = path.count + 1
      var previous = Array(0..<width).map { column in
        path.prefix(column).reduce(0) { $0 + $1.count + 1 }
      }
      for segment in segments {
        var current = [previous[0] + Self.length(of: segment)]
        for column in 1..<width {
          let substitution =
            previous[column - 1] + Self.cost(of: segment, against: path[column - 1])
          let deletion = previous[column] + Self.length(of: segment)
          let insertion = current[column - 1] + path[column - 1].count + 1
          current.append(min(substitution, deletion, insertion))
        }
        previous = current
      }
      return previous[width - 1]
    }

    private static func length(of segment: Segment) -> Int {
      switch segment {
      case .literal(let literal): literal.count + 1
      case .parameter, .rest: 2
      }
    }

    private static func cost(of segment: Segment, against text: String) -> Int {
      switch segment {
      case .literal(let literal): EditDistance.between(literal, text)
      case .parameter, .rest: 0
      }
    }
  }

  /// Splits paths into percent-decoded segments, ignoring empty ones (`/a//b/` is `a`, `b`).
  enum PathSegments {
    static func split(_ path: String) -> [String] {
      path.split(separator: "/").map { segment in
        let text = String(segment)
        return text.utf8.contains(UInt8(ascii: "%")) ? text.removingPercentEncoding ?? text : text
      }
    }
  }

  /// The Levenshtein distance between two short strings.
  enum EditDistance {
    static func between(_ first: String, _ second: String) -> Int {
      let first = Array(first.utf8)
      let second = Array(second.utf8)
      if first == second { return 0 }
      var previous = Array(0...second.count)
      for (row, byte) in first.enumerated() {
        var current = [row + 1]
        for (column, other) in second.enumerated() {
          current.append(
            min(
              previous[column] + (byte == other ? 0 : 1), previous[column + 1] + 1,
              current[column] + 1))
        }
        previous = current
      }
      return previous[second.count]
    }
  }
#endif
