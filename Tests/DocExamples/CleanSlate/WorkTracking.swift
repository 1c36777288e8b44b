// swift-format-ignore-file
import CleanSlate
import CleanSlateTesting
import Foundation
import Testing

final class Uploader: Sendable {
  let work: WorkTracker
  init(work: WorkTracker) { self.work = work }

  func upload(_ file: URL) {
    work.start("upload \(file.lastPathComponent)") { try await self.send(file) }
  }
}

extension Uploader {
  func send(_ file: URL) async throws {}
}

func refreshesThumbnails(thumbnails: Thumbnails) {
  WorkTracker.current?.start("refresh thumbnails") { await thumbnails.refresh() }
}

func uploads(file: URL) async throws {
  let work = try await use(.workTracker)
  let uploader = Uploader(work: work)
  uploader.upload(file)         // the test may end while the upload runs
}

func savesWithoutSending(model: Model, work: WorkTracker, transport: RecordingTransport)
  async throws
{
  model.save()
  try await work.waitUntilIdle(timeout: .milliseconds(100))
  #expect(transport.requests.isEmpty)
}
