/// The most recent `capacity` samples of a measurement, plus how many were
/// ever taken: a monitor that runs for weeks keeps bounded memory.
package struct SampleWindow: Sendable, Hashable {
    package let capacity: Int
    private var ring: [UInt64] = []
    private var next = 0
    /// Samples taken since the start (including those no longer kept).
    package private(set) var total = 0

    package init(capacity: Int = 4096) { self.capacity = max(1, capacity) }

    package mutating func append(_ value: UInt64) {
        total += 1
        if ring.count < capacity {
            ring.append(value)
        } else {
            ring[next] = value
        }
        next = (next + 1) % capacity
    }

    /// The kept samples, oldest first.
    package var values: [UInt64] {
        ring.count < capacity ? ring : Array(ring[next...] + ring[..<next])
    }
}
