#if HTTP
  import Foundation
  import HTTPTypes

  extension FakeServer.Request {
    /// A request from what a transport received: `target` is the request target, as
    /// `/todos?page=2` (an absolute URL is cut to its path and query).
    init(method: HTTPRequest.Method, target: String, headers: HTTPFields, body: Data) {
      var target = Substring(target)
      if let scheme = target.range(of: "://") {
        target = target[scheme.upperBound...].drop { $0 != "/" }
      }
      if let fragment = target.firstIndex(of: "#") { target = target[..<fragment] }
      let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
      let path = parts.first.map(String.init) ?? ""
      self.init(
        method: method, path: path.isEmpty ? "/" : path,
        queryItems: parts.count > 1 ? Self.queryItems(parts[1]) : [], headers: headers, body: body,
        parameters: [:])
    }

    private static func queryItems(_ query: Substring) -> [URLQueryItem] {
      query.split(separator: "&").map { pair in
        let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let decode = { (text: Substring) in String(text).removingPercentEncoding ?? String(text) }
        return URLQueryItem(name: decode(parts[0]), value: parts.count > 1 ? decode(parts[1]) : nil)
      }
    }
  }
#endif
