/// What streaming really delivered, measured from the driver's own frame
/// timestamps and sequence numbers.
public struct StreamReport: Sendable, Hashable, Codable {
    public var framesReceived: Int
    /// Frames the driver counted but never delivered (gaps in `sequence`).
    public var framesDropped: Int
    /// Frames flagged `V4L2_BUF_FLAG_ERROR`.
    public var framesWithErrors: Int
    /// Delivered rate over the run: (frames - 1) / (last timestamp - first timestamp).
    public var deliveredFPS: Double?
    /// Mean and standard deviation of the intervals between frames, milliseconds.
    public var meanIntervalMilliseconds: Double?
    public var jitterMilliseconds: Double?
    /// From STREAMON to the first frame, milliseconds.
    public var timeToFirstFrameMilliseconds: Double?
    /// The rate that was negotiated, for comparison.
    public var expectedFPS: Double?
    /// The 95 % interval of `rateError` that the frame count and the jitter allow (Student's t over the
    /// intervals): with few frames or much jitter the delivered rate is known only roughly.
    public var rateErrorLow: Double?
    public var rateErrorHigh: Double?
    /// Dropped / (received + dropped), 0…1.
    public var dropRatio: Double {
        framesReceived + framesDropped == 0 ? 0 : Double(framesDropped) / Double(framesReceived + framesDropped)
    }
    /// deliveredFPS / expectedFPS - 1 (negative: a shortfall).
    public var rateError: Double? {
        guard let d = deliveredFPS, let e = expectedFPS, e > 0 else { return nil }
        return d / e - 1
    }

    /// How well the intervals pin the rate down; nil without a negotiated rate or with fewer than 3 frames.
    package var rateInterval: RateInterval? {
        guard let mean = meanIntervalMilliseconds, let sd = jitterMilliseconds else { return nil }
        return RateInterval(
            count: max(0, framesReceived - 1), meanMilliseconds: mean, populationDeviationMilliseconds: sd, expectedFPS: expectedFPS)
    }

    /// Measures `frames` (in dequeue order). `startedAt` is when STREAMON returned.
    package init(frames: [FrameRecord], startedAt: UInt64, expectedFPS: Double?) {
        framesReceived = frames.count
        framesWithErrors = frames.filter(\.hasError).count
        self.expectedFPS = expectedFPS
        var dropped = 0
        for (a, b) in zip(frames, frames.dropFirst()) {
            let gap = b.sequence &- a.sequence  // wraps correctly at 2^32
            if gap > 1 && gap < 1_000_000 { dropped += Int(gap - 1) }
        }
        framesDropped = dropped
        if let first = frames.first, first.dequeuedAt >= startedAt {
            timeToFirstFrameMilliseconds = Double(first.dequeuedAt - startedAt) / 1e6
        }
        let ts = frames.map(\.timestampNanoseconds)
        let intervals = zip(ts, ts.dropFirst()).compactMap { a, b in b > a ? Double(b - a) / 1e6 : nil }
        if let first = ts.first, let last = ts.last, last > first, frames.count > 1 {
            deliveredFPS = Double(frames.count - 1) / (Double(last - first) / 1e9)
        }
        if !intervals.isEmpty {
            let mean = intervals.reduce(0, +) / Double(intervals.count)
            meanIntervalMilliseconds = mean
            jitterMilliseconds = (intervals.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(intervals.count)).squareRoot()
        }
        rateErrorLow = rateInterval?.low
        rateErrorHigh = rateInterval.flatMap { $0.high.isFinite ? $0.high : nil }
    }
}
