/// An object that writes its creation and deallocation to the journal.
final class Tracked {
  let name: String
  init(_ name: String) {
    self.name = name
    log("init \(name)")
  }
  deinit { log("deinit \(name)") }
}
