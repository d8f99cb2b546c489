import Synchronization

/// A token bucket per peer: `burst` requests at once, refilled at `perSecond`; a peer beyond it is answered 429.
/// At most 4096 peers are remembered (the longest idle forgotten first), so the table cannot grow without bound.
package final class RequestRate: Sendable {
    private struct Bucket {
        var tokens: Double
        var at: ContinuousClock.Instant
    }
    private let burst: Double
    private let perSecond: Double
    private let buckets = Mutex<[String: Bucket]>([:])
    private static let peersKept = 4096

    /// A limiter; see the type.
    package init(burst: Int, perSecond: Double) {
        self.burst = Double(burst)
        self.perSecond = perSecond
    }

    /// Takes one request for `peer`; false when its bucket is empty.
    package func take(_ peer: String, now: ContinuousClock.Instant = .now) -> Bool {
        buckets.withLock { b in
            var bucket = b[peer] ?? Bucket(tokens: burst, at: now)
            let elapsed = now - bucket.at
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            bucket.tokens = min(burst, bucket.tokens + max(0, seconds) * perSecond)
            bucket.at = now
            let allowed = bucket.tokens >= 1
            if allowed { bucket.tokens -= 1 }
            if b[peer] == nil && b.count >= Self.peersKept, let oldest = b.min(by: { $0.value.at < $1.value.at })?.key {
                b.removeValue(forKey: oldest)
            }
            b[peer] = bucket
            return allowed
        }
    }
}
