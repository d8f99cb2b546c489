/// SplitMix64: a seeded generator, so property tests and fuzzing see the same
/// cases on every run.
package struct SeededRandom {
    package var state: UInt64
    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    package mutating func pick<T>(_ a: [T]) -> T { a[Int(next() % UInt64(a.count))] }

    /// The numbers a driver or a file may report: an edge value half the time,
    /// a plausible size or rate a sixth of the time, any UInt32 otherwise.
    package mutating func u32() -> UInt32 {
        switch next() % 6 {
        case 0, 1, 2: pick(SeededRandom.edges)
        case 3: pick([16, 30, 120, 480, 640, 720, 1001, 1080, 1920, 30000, 10_000_000])
        default: UInt32(truncatingIfNeeded: next())
        }
    }

    /// 0, 1, 2, UInt32.max − 1, UInt32.max.
    package static let edges: [UInt32] = [0, 1, 2, UInt32.max - 1, UInt32.max]
}
