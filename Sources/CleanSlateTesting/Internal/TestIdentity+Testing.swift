internal import CleanSlate
internal import Testing

extension TestIdentity {
  /// Tells the identity of `test`'s running case when a fixture first asks for it: reading a
  /// case's arguments costs a reflection, which most tests never need. (A synchronous function,
  /// so that what it captures is not kept in the async frames of the case's task.)
  static func provider(
    for test: Test, case testCase: Test.Case?
  ) -> @Sendable () -> TestIdentity {
    let id = test.id
    return { TestIdentity(id, case: testCase) }
  }

  /// The identity of one case of the test `id` names: its name as `swift test list` prints it,
  /// and, for a parameterized test, the case's arguments.
  init(_ id: Test.ID, case testCase: Test.Case?) {
    self.init(
      name: id.moduleName + "." + id.nameComponents.joined(separator: "/"),
      argumentCase: testCase.flatMap(Self.arguments(of:)))
  }

  /// A parameterized case's arguments as Swift Testing prints them (`count → 3, unit → "kg"`),
  /// with the number Swift Testing tells equal arguments apart by, when it is not 0.
  ///
  /// Swift Testing keeps a case's arguments out of its public API (`Test.Case.arguments` is for
  /// tools), so they are read by reflection, as its own output shows them. Should a version of
  /// Swift Testing store them differently, the cases of a test share one identity (and a seed)
  /// rather than the test failing.
  private static func arguments(of testCase: Test.Case) -> String? {
    guard testCase.isParameterized,
      let arguments = child("arguments", of: testCase, depth: 3) as? [Any], !arguments.isEmpty
    else { return nil }
    let described = arguments.map { argument -> String in
      let value = child("value", of: argument, depth: 0).map { String(describingForTest: $0) }
      let parameter = child("parameter", of: argument, depth: 0)
      let name =
        parameter.flatMap { child("secondName", of: $0, depth: 0) as? String }
        ?? parameter.flatMap { child("firstName", of: $0, depth: 0) as? String }
      return "\(name ?? "_") → \(value ?? "?")"
    }
    let discriminator = child("discriminator", of: testCase, depth: 3) as? Int ?? 0
    return described.joined(separator: ", ") + (discriminator == 0 ? "" : " [\(discriminator)]")
  }

  /// The first stored property labelled `label` of `value`, or of the values it holds down to
  /// `depth` levels (an enum's payload, a tuple).
  private static func child(_ label: String, of value: Any, depth: Int) -> Any? {
    let children = Mirror(reflecting: value).children
    if let found = children.first(where: { $0.label == label }) { return found.value }
    guard depth > 0 else { return nil }
    for child in children {
      if let found = self.child(label, of: child.value, depth: depth - 1) { return found }
    }
    return nil
  }
}
