import CleanSlateLaunch
import Foundation

// Reset before anything reads the stores: only when a test launched the app asking for it.
let locations = AppLocations.current()
let reset = LaunchReset(stores: [
  .directory(locations.dataDirectory),
  .defaults(suite: Settings.suiteName),
]).performIfRequested()
if reset.outcome != .notRequested {
  FileHandle.standardError.write(Data((reset.description + "\n").utf8))
}

let store = try TodoStore(directory: locations.dataDirectory)
let settings = Settings()
Session(store: store, settings: settings).run()
