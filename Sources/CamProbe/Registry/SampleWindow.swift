/// The most recent `capacity` samples of a measurement, plus how many were
/// ever taken: a monitor that runs for weeks keeps bounded memory.
public struct SampleWindow: Sendable, Hashable {
    public let capacity: Int
    private var ring: [UInt64] = []
    private var next = 0
    /// Samples taken since the start (including those no longer kept).
    public private(set) var total = 0

    public init(capacity: Int = 4096) { self.capacity = max(1, capacity) }

    public mutating func append(_ value: UInt64) {
        total += 1
        if ring.count < capacity {
            ring.append(value)
        } else {
            ring[next] = value
        }
        next = (next + 1) % capacity
    }

    /// The kept samples, oldest first.
    public var values: [UInt64] {
        ring.count < capacity ? ring : Array(ring[next...] + ring[..<next])
    }
}
