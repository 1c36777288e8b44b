import Foundation

/// A launch could not make the folder it keeps its results, trace and temporary files in: the
/// disk is full, or something else stands where the folder goes.
package struct LaunchFolderError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The folder.
  package var path: String
  /// Why, as the system says it: `Not a directory`.
  package var reason: String

  /// The folder at `path` could not be made, for `error` (Foundation's, or the system's beneath
  /// it).
  package init(path: String, _ error: any Error) {
    self.path = path
    let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? any Error
    let system = (underlying ?? error) as NSError
    reason =
      system.domain == NSPOSIXErrorDomain
      ? String(cString: strerror(Int32(system.code))) : error.localizedDescription
  }

  package var description: String {
    "cannot make the launch's folder \(path): \(reason)"
  }
}
