package import Dispatch

extension Duration {
  /// The duration as a dispatch interval, in nanoseconds; `.never` if it does not fit.
  package var dispatchInterval: DispatchTimeInterval {
    let (seconds, attoseconds) = components
    let nanoseconds = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    if nanoseconds.overflow || nanoseconds.partialValue > Int64(Int.max) { return .never }
    return .nanoseconds(Int(nanoseconds.partialValue + attoseconds / 1_000_000_000))
  }
}

extension Duration {
  /// The duration in seconds, as a `Double`.
  package var inSeconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}
