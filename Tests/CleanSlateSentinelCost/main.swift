import CleanSlate
import Dispatch

// What the sentinel's snapshots cost, by kind, in this process: the first snapshot of a test,
// and the second one compared with it when nothing changed, each repeated `count` times in
// batches of 1,000; prints the median batch's time per call. Run by `Benchmarks/run.sh`:
//
//   swift run -c release CleanSlateSentinelCost [count]

let count = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 20_000
let batch = 1_000

/// The median, over batches, of the microseconds one call of `body` takes.
func median(_ body: () -> Void) -> String {
  var perCall: [Double] = []
  for _ in 0..<max(1, count / batch) {
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<batch { body() }
    perCall.append(Double(DispatchTime.now().uptimeNanoseconds - start) / Double(batch) / 1000)
  }
  perCall.sort()
  let value = (perCall[perCall.count / 2] * 100).rounded() / 100
  return "\(value)"
}

let required: Set<Sentinel.Kind> = [
  .environment, .currentDirectory, .fileDescriptors, .threads, .childProcesses,
]
let cases: [(String, Sentinel)] =
  Sentinel.Kind.all.sorted().filter { $0 != .files }.map { ($0.name, Sentinel(checking: [$0])) }
  + [
    (
      "files, the package directory only",
      Sentinel(checking: [.files], fileRoots: [.packageDirectory])
    ),
    (
      "files, the default roots (package, the process's own temporary directory)",
      Sentinel(checking: [.files])
    ),
    (
      "files, the package directory, HOME and the shared temporary directory",
      Sentinel(
        checking: [.files],
        fileRoots: [.packageDirectory, .homeDirectory, .sharedTemporaryDirectory])
    ),
    (
      "environment + currentDirectory + fileDescriptors + threads + childProcesses",
      Sentinel(checking: required)
    ),
    (
      "every kind, files under the package directory only", Sentinel(fileRoots: [.packageDirectory])
    ),
    ("every kind, default roots", Sentinel()),
  ]
print("| kind | first snapshot (µs) | second snapshot and comparison, nothing changed (µs) |")
print("|---|---:|---:|")
for (name, sentinel) in cases {
  let first = ProcessSnapshot.take(sentinel)
  let take = median { _ = ProcessSnapshot.take(sentinel) }
  let check = median {
    _ = StateDiff.items(from: first, to: ProcessSnapshot.take(sentinel), sentinel: sentinel)
  }
  print("| \(name) | \(take) | \(check) |")
}

// What a watch of files in the package directory or of standard defaults adds: whether another
// watched process of the package ran alongside, noted as it begins and asked as it ends.
WatchedProcesses.shared.register()
let mark = WatchedProcesses.shared.mark()
let begin = median { _ = WatchedProcesses.shared.mark() }
let end = median { _ = WatchedProcesses.shared.alongside(since: mark) }
print("| other watched processes of the package (files, userDefaults) | \(begin) | \(end) |")
