import Synchronization

/// How many of the registry's settle-timer tasks are waiting for a deadline now, and the most there ever were at
/// once: there is to be one at most, and none after `DeviceRegistry.stop()`.
final class TimerCount: Sendable {
    private let counts = Mutex((now: 0, most: 0))

    /// No timer yet.
    init() {}

    /// A timer task started waiting.
    func began() {
        counts.withLock { c in
            c.now += 1
            c.most = max(c.most, c.now)
        }
    }

    /// A timer task ended.
    func ended() { counts.withLock { $0.now -= 1 } }

    /// Timer tasks waiting now.
    var now: Int { counts.withLock { $0.now } }

    /// The most timer tasks that were waiting at once.
    var most: Int { counts.withLock { $0.most } }
}
