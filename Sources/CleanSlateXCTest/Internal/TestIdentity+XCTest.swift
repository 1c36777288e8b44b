import CleanSlate
import XCTest

extension TestIdentity {
  /// The identity of an XCTest test, named as `swift test list` prints it
  /// (`Module.Class/testMethod`) from its `XCTestCase.name`: `Class.testMethod` in
  /// swift-corelibs-xctest, `-[Class testMethod]` in Apple's XCTest.
  init(xcTestNamed name: String, of testClass: XCTestCase.Type) {
    var method = Substring(name)
    if method.hasPrefix("-["), let space = method.lastIndex(of: " ") {
      method = method[method.index(after: space)...].dropLast()
    } else if let dot = method.lastIndex(of: ".") {
      method = method[method.index(after: dot)...]
    }
    self.init(name: "\(String(reflecting: testClass))/\(method)")
  }
}
