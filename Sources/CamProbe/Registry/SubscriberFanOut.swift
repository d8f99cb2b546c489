import Synchronization

/// The registry's subscribers and their continuations: every subscriber gets each event, or a count of what its
/// full buffer dropped. A subscriber that stops listening is removed at once, from whatever thread ends its
/// stream, without a task to carry the removal to the registry.
final class SubscriberFanOut: Sendable {
    private struct State {
        var subscribers: [Int: AsyncStream<DeviceEvent>.Continuation] = [:]
        /// Events dropped per subscriber and not announced yet.
        var pendingOverflow: [Int: Int] = [:]
        var next = 0
    }
    private let state = Mutex(State())

    /// No subscribers yet.
    init() {}

    /// A new subscriber's stream: the oldest `limit` undelivered events are kept; newer ones are dropped and counted.
    func subscribe(limit: Int) -> AsyncStream<DeviceEvent> {
        let (stream, continuation) = AsyncStream<DeviceEvent>.makeStream(bufferingPolicy: .bufferingOldest(limit))
        let id = state.withLock { s in
            defer { s.next += 1 }
            s.subscribers[s.next] = continuation
            return s.next
        }
        // Called as the stream ends (its reader stopped, or `finishAll`), never with the lock held.
        continuation.onTermination = { [weak self] _ in self?.remove(id) }
        return stream
    }

    /// How many subscribers there are.
    var count: Int { state.withLock { $0.subscribers.count } }

    /// Gives `event` to every subscriber: first, to one whose buffer dropped events, the count of them (as
    /// `.overflow(dropped:)`). Called by one caller at a time (the registry).
    func publish(_ event: DeviceEvent) {
        // Yielded outside the lock, so that nothing a stream runs as it yields can wait for it.
        let (subscribers, pending) = state.withLock { s in (s.subscribers, s.pendingOverflow) }
        var dropped: [Int: Int] = [:]
        for (id, c) in subscribers {
            if let n = pending[id], n > 0 {
                if case .enqueued = c.yield(.overflow(dropped: n)) {
                    dropped[id] = 0
                } else {
                    dropped[id] = n + 1
                    continue
                }
            }
            if case .dropped = c.yield(event) { dropped[id, default: pending[id] ?? 0] += 1 }
        }
        state.withLock { s in
            for (id, n) in dropped where s.subscribers[id] != nil { s.pendingOverflow[id] = n }
        }
    }

    /// Ends every subscriber's stream; later events go to nobody but later subscribers.
    func finishAll() {
        // Taken out first: finishing runs each stream's `onTermination`, which takes the lock.
        let all = state.withLock { s in
            defer { (s.subscribers, s.pendingOverflow) = ([:], [:]) }
            return Array(s.subscribers.values)
        }
        for c in all { c.finish() }
    }

    private func remove(_ id: Int) {
        state.withLock { s in
            s.subscribers[id] = nil
            s.pendingOverflow[id] = nil
        }
    }
}
