/// What a `DeviceRegistry` has done so far: its counts and the most recent 4,096 delivery times (ns).
package struct RegistryStatistics: Sendable {
    /// Raw udev events taken.
    package var rawEvents: Int
    /// Re-reads of the device set.
    package var rescans: Int
    /// Device events announced as soon as complete, before the settle window.
    package var announcedEarly: Int
    /// Re-reads done because the settle window ran out.
    package var fallbackRescans: Int
    /// Raw events that started no early re-read: udev's `add` of a node awaited while others were still awaited.
    package var awaitedSkips: Int
    /// Device events published to subscribers.
    package var published: Int
    /// From a batch's first raw event to its device events.
    package var latencies: [UInt64]
    /// How long each announced batch's raw events kept arriving, first to last: the basis for the settle window.
    package var spreads: [UInt64]
    /// From a batch's last raw event to its device events.
    package var lastEventLatencies: [UInt64]
    /// The same, for batches that connected a device only (a connect reads full capabilities).
    package var connectLatencies: [UInt64]
}
