import CaptureModel
import HostSystem
import Logging
import V4L2

/// The fan-out: every subscriber gets each device event, or a count of what its full buffer dropped.
extension DeviceRegistry {
    /// A stream of device events from now on. Buffering policy: the oldest
    /// `limit` undelivered events are kept; newer ones are dropped, counted,
    /// and announced with `.overflow(dropped:)` before the next delivered event.
    package func events(limit: Int = 1024) -> AsyncStream<DeviceEvent> {
        let (stream, continuation) = AsyncStream<DeviceEvent>.makeStream(bufferingPolicy: .bufferingOldest(limit))
        let id = nextSubscriber
        nextSubscriber += 1
        subscribers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.unsubscribe(id) }
        }
        return stream
    }

    /// The devices present now with their capabilities read and a stream of every event after them, taken in
    /// one step so nothing falls between the two (`DiscoverySession.events()`): a device still being read is
    /// not in the list, and its `capabilitiesRead` is in the stream.
    package func snapshotAndEvents(limit: Int = 1024) -> (devices: [Device], events: AsyncStream<DeviceEvent>) {
        (describedDevices, events(limit: limit))
    }

    func unsubscribe(_ id: Int) {
        subscribers[id] = nil
        pendingOverflow[id] = nil
    }

    func publish(_ event: DeviceEvent) {
        published += 1
        for (id, c) in subscribers {
            if let n = pendingOverflow[id], n > 0 {
                if case .enqueued = c.yield(.overflow(dropped: n)) {
                    pendingOverflow[id] = 0
                } else {
                    pendingOverflow[id] = n + 1
                    continue
                }
            }
            if case .dropped = c.yield(event) { pendingOverflow[id, default: 0] += 1 }
        }
    }
}
