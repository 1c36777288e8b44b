extension Sequence where Element: Hashable {
  /// Its elements without repeats, each where it first appears: the order a framework named
  /// things in, each named once.
  package func firstOfEach() -> [Element] {
    var seen: Set<Element> = []
    return filter { seen.insert($0).inserted }
  }
}
