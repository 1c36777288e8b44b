import CleanSlateRunner
package import CleanSlateTrace
package import Foundation

extension TestCause {
  /// Appends the cause as the JSON object `--summary-json` gives an explained test, `summary`
  /// (its ``summary`` with its ``advice`` in the reports' words) as its summary:
  ///
  /// ```json
  /// {"kind":"order","summary":"…","reproduce":"…","polluter":"Tests.A/testB","state":"…",
  ///  "runs":[{"what":"alone","outcome":"passed"}],"seconds":9.12}
  /// ```
  ///
  /// Each kind adds its evidence: `polluter` (or `polluters`, several), `state` and `alone` for
  /// order, `seed` and `passingSeed` for seed, `failingZones` and `passingZones` for time zone,
  /// `beside`, `shared`, `atOnce`, `oneAtATime` and (when two crashes went through the same code)
  /// `sharedFrames` for parallel and parallelProcesses, `deterministicHashing` and
  /// `randomHashing` for hashOrder, `busy` and `quiet` for load (`{"failures":4,"runs":5}`),
  /// `alone` for intrinsic, failing and hang, `hungIn` for hang (where it hung, innermost first);
  /// `case`, for a parameterized test, the argument case that failed. Every cause has `tried`,
  /// the experiments that ran, and intrinsic and unknown `experiments`, each with its conditions'
  /// runs: `{"name":"parallel","conditions":[{"what":"with 4 tests at once","failures":3,"runs":40}]}`.
  package func write(to json: inout JSONText, summary: String) {
    json.raw("{\"kind\":")
    json.string(kind.rawValue)
    field("summary", summary, to: &json)
    field("reproduce", reproduce, to: &json)
    if let testCase { field("case", testCase, to: &json) }
    if polluters.count == 1 {
      field("polluter", polluters[0], to: &json)
    } else if !polluters.isEmpty {
      field("polluters", polluters, to: &json)
    }
    if let state { field("state", state, to: &json) }
    if let failingSeed { field("seed", failingSeed, to: &json) }
    if let passingSeed { field("passingSeed", passingSeed, to: &json) }
    if !failingZones.isEmpty { field("failingZones", failingZones, to: &json) }
    if !passingZones.isEmpty { field("passingZones", passingZones, to: &json) }
    if !beside.isEmpty { field("beside", beside, to: &json) }
    if let shared { field("shared", shared, to: &json) }
    if !sharedFrames.isEmpty { field("sharedFrames", sharedFrames, to: &json) }
    if !hungIn.isEmpty { field("hungIn", hungIn, to: &json) }
    for (name, rate) in [
      ("deterministicHashing", deterministicHashing), ("randomHashing", randomHashing),
      ("busy", busy), ("quiet", quiet), ("alone", alone), ("atOnce", atOnce),
      ("oneAtATime", oneAtATime),
    ] {
      guard let rate else { continue }
      json.raw(",\"\(name)\":{\"failures\":\(rate.failures),\"runs\":\(rate.runs)}")
    }
    if !tried.isEmpty { field("tried", tried, to: &json) }
    if !experiments.isEmpty {
      json.raw(",\"experiments\":[")
      for (index, experiment) in experiments.enumerated() {
        json.raw(index == 0 ? "{\"name\":" : ",{\"name\":")
        json.string(experiment.name)
        json.raw(",\"conditions\":[")
        for (offset, condition) in experiment.conditions.enumerated() {
          json.raw(offset == 0 ? "{\"what\":" : ",{\"what\":")
          json.string(condition.what)
          json.raw(
            ",\"failures\":\(condition.rate.failures),\"runs\":\(condition.rate.runs)}")
        }
        json.raw("]}")
      }
      json.raw("]")
    }
    json.raw(",\"runs\":[")
    for (index, run) in runs.enumerated() {
      json.raw(index == 0 ? "{\"what\":" : ",{\"what\":")
      json.string(run.what)
      json.raw(",\"outcome\":\"\(run.passed ? "passed" : "failed")\"}")
    }
    json.raw("],\"seconds\":\(Hundredths.text(seconds))")
    if let pooling { write(pooling, to: &json) }
    json.raw("}")
  }

  /// `"pooled":{"sessions":3,"runs":722,"lead":"parallel","experiments":[{"name":"parallel",
  /// "rounds":"1/0,1/0:700;…","session":"1/1,1/0:2;…","factor":{…},"baseline":{…}}]}`: each
  /// experiment's rounds over the sessions and in this one (``ExperimentEvidence/packed``).
  private func write(_ pooling: Pooling, to json: inout JSONText) {
    json.raw(
      ",\"pooled\":{\"sessions\":\(pooling.sessions),\"runs\":\(pooling.runs),\"lead\":")
    json.string(pooling.lead.rawValue)
    if let focus = pooling.focus { field("focus", focus.rawValue, to: &json) }
    json.raw(",\"experiments\":[")
    let experiments = pooling.pooled.keys.sorted { $0.rawValue < $1.rawValue }
    for (index, experiment) in experiments.enumerated() {
      let evidence = pooling.pooled[experiment]!
      json.raw(index == 0 ? "{\"name\":" : ",{\"name\":")
      json.string(experiment.rawValue)
      field("rounds", evidence.packed, to: &json)
      field("session", pooling.session[experiment]?.packed ?? "", to: &json)
      for (name, rate) in [("factor", evidence.factor), ("baseline", evidence.baseline)] {
        json.raw(",\"\(name)\":{\"failures\":\(rate.failures),\"runs\":\(rate.runs)}")
      }
      json.raw("}")
    }
    json.raw("]}")
  }

  /// The cause a `--summary-json` object describes; `nil` when it lacks a kind, a summary or a
  /// command.
  package init?(json object: [String: Any]) {
    guard let kind = (object["kind"] as? String).flatMap(Kind.init(rawValue:)),
      let summary = object["summary"] as? String, let reproduce = object["reproduce"] as? String
    else { return nil }
    self.init(kind, summary: summary, reproduce: reproduce)
    polluters =
      (object["polluter"] as? String).map { [$0] } ?? object["polluters"] as? [String] ?? []
    state = object["state"] as? String
    failingSeed = object["seed"] as? String
    passingSeed = object["passingSeed"] as? String
    failingZones = object["failingZones"] as? [String] ?? []
    passingZones = object["passingZones"] as? [String] ?? []
    beside = object["beside"] as? [String] ?? []
    shared = object["shared"] as? String
    testCase = object["case"] as? String
    deterministicHashing = Self.rate(object["deterministicHashing"])
    randomHashing = Self.rate(object["randomHashing"])
    busy = Self.rate(object["busy"])
    quiet = Self.rate(object["quiet"])
    alone = Self.rate(object["alone"])
    atOnce = Self.rate(object["atOnce"])
    oneAtATime = Self.rate(object["oneAtATime"])
    sharedFrames = object["sharedFrames"] as? [String] ?? []
    hungIn = object["hungIn"] as? [String] ?? []
    experiments = (object["experiments"] as? [[String: Any]] ?? []).compactMap { experiment in
      guard let name = experiment["name"] as? String else { return nil }
      let conditions = (experiment["conditions"] as? [[String: Any]] ?? []).compactMap {
        condition -> Experiment.Condition? in
        guard let what = condition["what"] as? String, let rate = Self.rate(condition) else {
          return nil
        }
        return Experiment.Condition(what: what, rate: rate)
      }
      return Experiment(name: name, conditions: conditions)
    }
    tried = object["tried"] as? [String] ?? []
    runs = (object["runs"] as? [[String: Any]] ?? []).compactMap { run in
      (run["what"] as? String).map {
        ExperimentRun($0, passed: run["outcome"] as? String == "passed")
      }
    }
    seconds = (object["seconds"] as? Double) ?? Double(object["seconds"] as? Int ?? 0)
    pooling = (object["pooled"] as? [String: Any]).flatMap(Self.pooling(json:))
  }

  /// The pooled evidence a `"pooled"` object describes; `nil` when it is not one.
  private static func pooling(json object: [String: Any]) -> Pooling? {
    guard let sessions = object["sessions"] as? Int,
      let lead = (object["lead"] as? String).flatMap(CleanSlateExplain.Experiment.init(rawValue:))
    else { return nil }
    var pooled: [CleanSlateExplain.Experiment: ExperimentEvidence] = [:]
    var session: [CleanSlateExplain.Experiment: ExperimentEvidence] = [:]
    for entry in object["experiments"] as? [[String: Any]] ?? [] {
      guard
        let experiment = (entry["name"] as? String).flatMap(
          CleanSlateExplain.Experiment.init(rawValue:)),
        let rounds = (entry["rounds"] as? String).flatMap({
          ExperimentEvidence(packed: $0, sessions: sessions)
        })
      else { continue }
      pooled[experiment] = rounds
      if let own = (entry["session"] as? String).flatMap({ ExperimentEvidence(packed: $0) }),
        !own.isEmpty
      {
        session[experiment] = own
      }
    }
    return Pooling(
      session: session, pooled: pooled, lead: lead, sessions: sessions,
      focus: (object["focus"] as? String).flatMap(CleanSlateExplain.Experiment.init(rawValue:)))
  }

  /// The explained tests of a `--summary-json` document, in its order; `nil` when it is not one.
  package static func explained(
    inSummary data: Data
  ) -> [(test: String, cause: TestCause)]? {
    guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let tests = object["tests"] as? [[String: Any]]
    else { return nil }
    return tests.compactMap { test in
      guard let name = test["name"] as? String,
        let cause = (test["cause"] as? [String: Any]).flatMap(TestCause.init(json:))
      else { return nil }
      return (name, cause)
    }
  }

  private static func rate(_ value: Any?) -> Rate? {
    guard let object = value as? [String: Any], let failures = object["failures"] as? Int,
      let runs = object["runs"] as? Int
    else { return nil }
    return Rate(failures: failures, runs: runs)
  }

  private func field(_ name: String, _ value: String, to json: inout JSONText) {
    json.raw(",\"\(name)\":")
    json.string(value)
  }

  private func field(_ name: String, _ values: [String], to json: inout JSONText) {
    json.raw(",\"\(name)\":")
    json.strings(values)
  }
}
