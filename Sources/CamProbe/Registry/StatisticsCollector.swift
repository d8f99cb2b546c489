/// The registry's counts and delivery times as they are taken: a plain value the registry holds one of, read out
/// as `RegistryStatistics`.
struct StatisticsCollector: Sendable {
    /// Raw udev events taken.
    var rawEvents = 0
    /// Re-reads of the device set (for tests and benchmarks).
    var rescans = 0
    /// Device events announced as soon as complete, before the settle window (for tests and benchmarks).
    var announcedEarly = 0
    /// Re-reads done because the settle window ran out (for tests and benchmarks).
    var fallbackRescans = 0
    /// Raw events that started no early re-read: udev's `add` of a node awaited while others were still awaited.
    var awaitedSkips = 0
    /// Device events published to subscribers.
    var published = 0
    /// Delivery latencies from a batch's first raw event to its device events (ns).
    private var latencies: SampleWindow
    /// How long each announced batch's raw events kept arriving, first to last (ns): the measured basis for the
    /// settle window.
    private var spreads: SampleWindow
    /// Delivery latencies from a batch's last raw event to its device events (ns).
    private var lastEventLatencies: SampleWindow
    /// The same, for batches that connected a device (a connect reads full capabilities).
    private var connectLatencies: SampleWindow

    /// No counts yet; each series keeps its most recent `kept` samples.
    init(kept: Int) {
        latencies = SampleWindow(capacity: kept)
        spreads = SampleWindow(capacity: kept)
        lastEventLatencies = SampleWindow(capacity: kept)
        connectLatencies = SampleWindow(capacity: kept)
    }

    /// A re-read at `now` announced device events for the batch whose raw events came from `start` to `last`
    /// (nil: not known); `connected`: one of them was a `connected`.
    mutating func delivered(start: UInt64, last: UInt64?, now: UInt64, connected: Bool) {
        latencies.append(now > start ? now - start : 0)
        guard let last else { return }
        spreads.append(last > start ? last - start : 0)
        lastEventLatencies.append(now > last ? now - last : 0)
        if connected { connectLatencies.append(now > last ? now - last : 0) }
    }

    /// What was taken so far.
    var snapshot: RegistryStatistics {
        RegistryStatistics(
            rawEvents: rawEvents, rescans: rescans, announcedEarly: announcedEarly, fallbackRescans: fallbackRescans,
            awaitedSkips: awaitedSkips, published: published,
            latencies: latencies.values, spreads: spreads.values,
            lastEventLatencies: lastEventLatencies.values, connectLatencies: connectLatencies.values)
    }
}
