import CaptureModel

/// Accumulates `--list-formats-ext` entries: formats, their sizes, each size's intervals.
struct FormatListBuilder {
    var bufferType: BufferType = .videoCapture
    private(set) var formats: [PixelFormat] = []
    private var format: PixelFormat?
    private var size: (kind: String, min: Dimensions, max: Dimensions, step: Dimensions)?
    private var intervals: [FrameDuration] = []
    private var intervalRange: FrameIntervals?

    /// Starts a format (`[0]: 'MJPG' (Motion-JPEG, compressed)` or the old `Index : 0`).
    mutating func startFormat(index: UInt32) {
        finishFormat()
        format = PixelFormat(index: index, fourcc: FourCC(rawValue: 0), description: "", bufferType: bufferType, flags: [], sizes: [])
    }

    var hasFormat: Bool { format != nil }
    mutating func setFourCC(_ f: FourCC) { format?.fourcc = f }
    mutating func setDescription(_ d: String) { format?.description = d }
    mutating func addFlags(_ f: FormatFlags) { format?.flags.formUnion(f) }

    mutating func startSize(kind: String, min: Dimensions, max: Dimensions, step: Dimensions) {
        finishSize()
        size = (kind, min, max, step)
    }

    var hasSize: Bool { size != nil }
    mutating func addInterval(_ d: FrameDuration) { intervals.append(d) }
    mutating func setIntervalRange(_ r: FrameIntervals) { intervalRange = r }

    private mutating func finishSize() {
        guard let s = size else { return }
        let iv: FrameIntervals =
            intervalRange ?? (intervals.isEmpty ? .unknown(reason: "v4l2-ctl printed no intervals for this size") : .discrete(intervals))
        switch s.kind {
        case "discrete": format?.sizes.append(.discrete(s.min, intervals: iv))
        case "stepwise": format?.sizes.append(.stepwise(min: s.min, max: s.max, step: s.step, intervalsAtMin: iv, intervalsAtMax: iv))
        default: format?.sizes.append(.continuous(min: s.min, max: s.max, intervalsAtMin: iv, intervalsAtMax: iv))
        }
        size = nil
        intervals = []
        intervalRange = nil
    }

    mutating func finishFormat() {
        finishSize()
        if let f = format { formats.append(f) }
        format = nil
    }
}
