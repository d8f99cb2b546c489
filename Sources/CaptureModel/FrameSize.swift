/// A width × height in pixels.
public struct Dimensions: Sendable, Hashable, Codable, CustomStringConvertible, Comparable {
    public var width: UInt32
    public var height: UInt32
    public init(width: UInt32, height: UInt32) {
        self.width = width
        self.height = height
    }
    public var area: UInt64 { UInt64(width) * UInt64(height) }
    public var description: String { "\(width)x\(height)" }
    public static func < (a: Dimensions, b: Dimensions) -> Bool { (a.area, a.width) < (b.area, b.width) }

    /// Parses "1280x720".
    public init?(parsing text: some StringProtocol) {
        let p = text.split(separator: "x")
        guard p.count == 2, let w = UInt32(p[0]), let h = UInt32(p[1]) else { return nil }
        self.init(width: w, height: h)
    }
}

/// One entry of `VIDIOC_ENUM_FRAMESIZES` with the intervals that go with it.
///
/// Discrete sizes carry their own interval list. Stepwise and continuous
/// ranges are kept as ranges; their intervals are asked at both ends of the
/// range (`intervalsAtMin`, `intervalsAtMax`) rather than for every size.
public enum FrameSize: Sendable, Hashable, Codable {
    case discrete(Dimensions, intervals: FrameIntervals)
    case stepwise(min: Dimensions, max: Dimensions, step: Dimensions, intervalsAtMin: FrameIntervals, intervalsAtMax: FrameIntervals)
    case continuous(min: Dimensions, max: Dimensions, intervalsAtMin: FrameIntervals, intervalsAtMax: FrameIntervals)

    /// `.discrete`, `.stepwise` or `.continuous` (the V4L2 frame-size type).
    public var kind: FrameSizeKind {
        switch self {
        case .discrete: .discrete
        case .stepwise: .stepwise
        case .continuous: .continuous
        }
    }

    /// The largest dimensions this entry covers (`extent.max`: a range whose
    /// maximum is below its minimum covers only its minimum).
    public var largest: Dimensions { extent.max }

    /// Whether `d` is one of the sizes this entry offers. A step of 0 counts
    /// as 1; a dimension whose maximum is below its minimum offers only its minimum.
    public func contains(_ d: Dimensions) -> Bool {
        switch self {
        case .discrete(let s, _): return s == d
        case .stepwise(let min, _, let step, _, _):
            let max = extent.max
            guard d.width >= min.width, d.width <= max.width, d.height >= min.height, d.height <= max.height else { return false }
            let sw = Swift.max(step.width, 1)
            let sh = Swift.max(step.height, 1)
            return (d.width - min.width) % sw == 0 && (d.height - min.height) % sh == 0
        case .continuous(let min, _, _, _):
            let max = extent.max
            return d.width >= min.width && d.width <= max.width && d.height >= min.height && d.height <= max.height
        }
    }

    enum CodingKeys: String, CodingKey { case type, width, height, min, max, step, intervals, intervalsAtMin, intervalsAtMax }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let type = try c.decode(String.self, forKey: .type)
        switch FrameSizeKind(rawValue: type) {
        case .discrete?:
            self = .discrete(
                Dimensions(width: try c.decode(UInt32.self, forKey: .width), height: try c.decode(UInt32.self, forKey: .height)),
                intervals: try c.decode(FrameIntervals.self, forKey: .intervals))
        case .stepwise?:
            self = .stepwise(
                min: try c.decode(Dimensions.self, forKey: .min), max: try c.decode(Dimensions.self, forKey: .max),
                step: try c.decode(Dimensions.self, forKey: .step),
                intervalsAtMin: try c.decode(FrameIntervals.self, forKey: .intervalsAtMin),
                intervalsAtMax: try c.decode(FrameIntervals.self, forKey: .intervalsAtMax))
        case .continuous?:
            self = .continuous(
                min: try c.decode(Dimensions.self, forKey: .min), max: try c.decode(Dimensions.self, forKey: .max),
                intervalsAtMin: try c.decode(FrameIntervals.self, forKey: .intervalsAtMin),
                intervalsAtMax: try c.decode(FrameIntervals.self, forKey: .intervalsAtMax))
        case nil: throw DecodingError.dataCorruptedError(forKey: .type, in: c, debugDescription: "unknown frame size type \(type)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind, forKey: .type)
        switch self {
        case .discrete(let d, let iv):
            try c.encode(d.width, forKey: .width)
            try c.encode(d.height, forKey: .height)
            try c.encode(iv, forKey: .intervals)
        case .stepwise(let min, let max, let step, let a, let b):
            try c.encode(min, forKey: .min)
            try c.encode(max, forKey: .max)
            try c.encode(step, forKey: .step)
            try c.encode(a, forKey: .intervalsAtMin)
            try c.encode(b, forKey: .intervalsAtMax)
        case .continuous(let min, let max, let a, let b):
            try c.encode(min, forKey: .min)
            try c.encode(max, forKey: .max)
            try c.encode(a, forKey: .intervalsAtMin)
            try c.encode(b, forKey: .intervalsAtMax)
        }
    }
}
