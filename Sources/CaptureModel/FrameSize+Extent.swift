extension FrameSize {
    /// The smallest and the largest size this entry really offers.
    ///
    /// Drivers and files can describe degenerate ranges: a stepwise step of 0,
    /// a maximum below the minimum, or a maximum off the step grid. A dimension
    /// with step 0 or `max < min` offers only its minimum (a step-0 stepwise
    /// range is the single minimum size); an off-grid maximum is lowered to the
    /// last size on the grid. For every well-formed entry `max` is the reported
    /// maximum, unchanged. Computed without any arithmetic that can overflow.
    public var extent: (min: Dimensions, max: Dimensions) {
        switch self {
        case .discrete(let d, _):
            return (d, d)
        case .stepwise(let lo, let hi, let step, _, _):
            return (lo, Dimensions(width: Self.reach(lo.width, hi.width, step: step.width),
                                   height: Self.reach(lo.height, hi.height, step: step.height)))
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

    /// How far one dimension reaches: the last `lo + k·step` not above `hi`;
    /// `lo` when the step is 0 or `hi < lo`.
    static func reach(_ lo: UInt32, _ hi: UInt32, step: UInt32) -> UInt32 {
        guard step > 0, hi > lo else { return lo }
        let span = hi - lo
        return lo + (span - span % step)  // ≤ hi: cannot overflow
    }
}
