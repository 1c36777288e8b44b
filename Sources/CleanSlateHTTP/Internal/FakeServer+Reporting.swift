#if HTTP
  import CleanSlate
  internal import Foundation
  import HTTPTypes

  extension FakeServer {
    /// Records an incident, to be reported when the body of the server's scope ends: the first
    /// one registers the check that reports them. What the check misses (an incident after the
    /// body ended) the teardown reports.
    func record(_ incident: Incident) {
      let scope = state.withLock { state -> ScopeRuntime? in
        state.incidents.append(incident)
        guard !state.reportsIncidents else { return nil }
        state.reportsIncidents = true
        return state.scope
      }
      scope?.addBodyEndCheck { [weak self] in self?.takeFailures() ?? [] }
    }

    /// The failures for the incidents recorded since the last call: one per distinct unmatched
    /// request and per distinct handler failure, with how many times it happened.
    func takeFailures() -> [CleanSlateError] {
      let (incidents, journal, routes) = state.withLock { state in
        defer { state.incidents = [] }
        return (state.incidents, state.journal, state.routes)
      }
      guard !incidents.isEmpty else { return [] }
      var failures: [CleanSlateError] = []
      var positions: [String: Int] = [:]
      var counts: [Int] = []
      for incident in incidents {
        let key: String
        let failure: CleanSlateError
        switch incident {
        case .unmatched(let request, let status):
          key = "unmatched \(request.line)"
          failure = unmatchedFailure(request, status: status, routes: routes, journal: journal)
        case .handlerFailed(let route, let error, let request):
          key = "handler \(route.location) \(error)"
          failure = handlerFailure(route: route, error: error, request: request, journal: journal)
        case .misuse(let misuse):
          key = "misuse \(failures.count)"
          failure = misuse
        }
        if let position = positions[key] {
          counts[position] += 1
        } else {
          positions[key] = failures.count
          failures.append(failure)
          counts.append(1)
        }
      }
      for (index, count) in counts.enumerated() where count > 1 {
        failures[index].summary = failures[index].summary.replacingFirstLine {
          "\($0) (\(count) times)"
        }
      }
      return failures
    }

    private func unmatchedFailure(
      _ request: Request, status: HTTPResponse.Status, routes: [Route], journal: [JournalEntry]
    ) -> CleanSlateError {
      let closest = NearMiss.closest(to: request, among: routes)
      var lines = [
        "Fake server '\(name)' received \(request.line), which no route matches; it answered \(status.code)."
      ]
      if closest.isEmpty {
        lines.append("  no route is close: the routes are \(Self.list(routes))")
      } else {
        lines.append("  closest routes:")
        lines += closest.map { "    \($0)" }
      }
      lines += Self.journalLines(journal)
      return CleanSlateError(
        .unmatchedRequest, summary: lines.joined(separator: "\n"), fixture: name,
        location: location,
        advice:
          "Declare a route for it, fix the request, or set allowsUnmatchedRequests = true on the server if the test expects it."
      )
    }

    private func handlerFailure(
      route: Route, error: String, request: Request, journal: [JournalEntry]
    ) -> CleanSlateError {
      let lines =
        [
          "The handler of \(route) on fake server '\(name)' failed on \(request.line): \(error). The client got 500."
        ] + Self.journalLines(journal)
      return CleanSlateError(
        .handlerFailed, summary: lines.joined(separator: "\n"), fixture: name,
        location: route.location,
        advice:
          "Fix the handler; to answer a bad request, throw FakeServer.BadRequest (400) or return the status you mean."
      )
    }

    /// The journal as lines for a failure: the latest `limit` requests (20 unless given).
    static func journalLines(_ journal: [JournalEntry], limit: Int = 20) -> [String] {
      guard !journal.isEmpty else { return ["  requests received: none"] }
      let shown = journal.suffix(limit)
      var lines = ["  requests received (\(journal.count)):"]
      if shown.count < journal.count {
        lines.append("    … \(journal.count - shown.count) earlier")
      }
      for (offset, entry) in zip(shown.indices, shown) {
        lines.append(
          "    \(offset + 1). \(entry.request.line)\(bodyPreview(entry.request)) → \(entry.outcome ?? "pending")"
        )
      }
      return lines
    }

    private static func bodyPreview(_ request: Request) -> String {
      guard !request.body.isEmpty else { return "" }
      let text = request.text
      guard !text.contains("\u{FFFD}") else { return " (\(request.body.count) bytes)" }
      let flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
      return " " + (flat.count > 80 ? flat.prefix(77) + "…" : flat)
    }

    private static func list(_ routes: [Route]) -> String {
      routes.isEmpty ? "none" : routes.map(\.description).joined(separator: ", ")
    }
  }

  extension String {
    fileprivate func replacingFirstLine(_ change: (Substring) -> String) -> String {
      guard let newline = firstIndex(of: "\n") else { return change(self[...]) }
      return change(self[..<newline]) + self[newline...]
    }
  }

  extension FakeServer {
    /// The whole journal as text, for a failed test's attachment.
    var journalText: String {
      let journal = state.withLock { $0.journal }
      let lines =
        ["fake server '\(name)' at \(baseURL.absoluteString)"]
        + Self.journalLines(journal, limit: journal.count)
      return lines.joined(separator: "\n") + "\n"
    }
  }
#endif
