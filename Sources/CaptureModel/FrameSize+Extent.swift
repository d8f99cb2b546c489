extension FrameSize {
    /// The smallest and the largest size this entry really offers.
    ///
    /// Drivers and files can describe degenerate ranges. A dimension whose
    /// maximum is below its minimum offers only its minimum; a maximum off the
    /// step grid is lowered to the last size on the grid; a step of 0 counts as
    /// 1, as `contains` has always read it (every size from min to max). For
    /// every well-formed entry `max` is the reported maximum, unchanged.
    /// Computed without any arithmetic that can overflow.
    public var extent: (min: Dimensions, max: Dimensions) {
        switch self {
        case .discrete(let d, _):
            return (d, d)
        case .stepwise(let lo, let hi, let step, _, _):
            return (
                lo,
                Dimensions(
                    width: Self.reach(lo.width, hi.width, step: step.width),
                    height: Self.reach(lo.height, hi.height, step: step.height))
            )
        case .continuous(let lo, let hi, _, _):
            return (lo, Dimensions(width: Self.reach(lo.width, hi.width, step: 1), height: Self.reach(lo.height, hi.height, step: 1)))
        }
    }

    /// Whether the reported maximum is not offered (`extent.max` differs from it).
    public var isDegenerateRange: Bool {
        switch self {
        case .discrete: false
        case .stepwise(_, let hi, _, _, _), .continuous(_, let hi, _, _): extent.max != hi
        }
    }

    /// How far one dimension reaches: the last `lo + k·step` not above `hi`
    /// (step 0 counting as 1); `lo` when `hi < lo`.
    static func reach(_ lo: UInt32, _ hi: UInt32, step: UInt32) -> UInt32 {
        guard hi > lo else { return lo }
        let span = hi - lo
        let step = Swift.max(step, 1)
        return lo + (span - span % step)  // ≤ hi: cannot overflow
    }
}
