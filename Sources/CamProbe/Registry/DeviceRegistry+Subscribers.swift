import CaptureModel

/// The fan-out: every subscriber gets each device event, or a count of what its full buffer dropped.
extension DeviceRegistry {
    /// A stream of device events from now on. Buffering policy: the oldest
    /// `limit` undelivered events are kept; newer ones are dropped, counted,
    /// and announced with `.overflow(dropped:)` before the next delivered event.
    package func events(limit: Int = 1024) -> AsyncStream<DeviceEvent> { fanOut.subscribe(limit: limit) }

    /// The devices present now with their capabilities read and a stream of every event after them, taken in
    /// one step so nothing falls between the two (`DiscoverySession.events()`): a device still being read is
    /// not in the list, and its `capabilitiesRead` is in the stream.
    package func snapshotAndEvents(limit: Int = 1024) -> (devices: [Device], events: AsyncStream<DeviceEvent>) {
        (describedDevices, events(limit: limit))
    }

    /// Counts and gives `event` to every subscriber.
    func publish(_ event: DeviceEvent) {
        collector.published += 1
        fanOut.publish(event)
    }
}
