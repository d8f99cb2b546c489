import CaptureModel

/// What a recorder asks for. Every field is optional: an empty request means
/// "the best mode this camera has" (largest size at ≥ 30 fps, native first).
public struct CaptureRequest: Sendable, Hashable, Codable {
    /// How the size is matched.
    public enum SizeRequirement: Sendable, Hashable, Codable {
        /// Exactly this size (a stepwise/continuous range that contains it counts).
        case exact(Dimensions)
        /// This size or larger, the smallest such.
        case atLeast(Dimensions)
        /// The size closest to this one (by area and aspect ratio).
        case nearest(Dimensions)
    }

    /// How the frame rate is matched, in exact frames per second
    /// (`30000/1001` is 29.97 and is not 30 unless asked).
    public enum RateRequirement: Sendable, Hashable, Codable {
        case exact(Rational)
        /// At least this rate; the highest the mode offers is used.
        case atLeast(Rational)
        /// Any rate in [min, max]; the highest inside is used.
        case range(min: Rational, max: Rational)
    }

    /// Which pixel formats are acceptable.
    public enum FormatPreference: Sendable, Hashable, Codable {
        /// Any format; raw is preferred where it reaches the rate, compressed where it does not.
        case any
        /// In this order of preference; others are used only if none of these can serve.
        case list([FourCC])
        /// Uncompressed only (YUYV, NV12, …).
        case raw
        /// Compressed only (MJPG, H264, …).
        case compressed
    }

    public var size: SizeRequirement?
    public var rate: RateRequirement?
    public var format: FormatPreference
    /// Exclude formats libv4l2 converts in software.
    public var nativeOnly: Bool
    /// Width:height, e.g. 16/9; modes of another shape are ranked down.
    public var aspectRatio: Rational?
    /// Bytes per second the link may carry; uncompressed modes above it are excluded.
    /// When nil the transport's realistic isochronous limit is used to flag (not exclude).
    public var bandwidthBytesPerSecond: UInt64?
    /// Treat the rate as a hard constraint: modes that cannot reach it are excluded
    /// (when none can, the decision is Unsupported instead of Adjusted).
    public var requireRate: Bool = false

    public init(
        size: SizeRequirement? = nil, rate: RateRequirement? = nil, format: FormatPreference = .any, nativeOnly: Bool = false,
        aspectRatio: Rational? = nil, bandwidthBytesPerSecond: UInt64? = nil
    ) {
        self.size = size
        self.rate = rate
        self.format = format
        self.nativeOnly = nativeOnly
        self.aspectRatio = aspectRatio
        self.bandwidthBytesPerSecond = bandwidthBytesPerSecond
    }
}
