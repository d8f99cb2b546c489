/// One entry of a PipeWire node's `EnumFormat` param: a format, its size or sizes, and its frame rates, as exact
/// fractions. The v4l2 source makes one entry per V4L2 format × size, the rates as a choice.
public struct PipeWireFormat: Sendable, Hashable, Codable {
    /// The V4L2 fourcc where one has this layout (`YUYV` for SPA's `YUY2`, `MJPG` for `video/mjpg`); else SPA's name.
    public var fourcc: String
    /// SPA's name: `YUY2`, `I420`, … for raw video; `mjpg`, `h264` or `jpeg` for compressed.
    public var spaFormat: String
    /// The size when discrete; nil with `sizeRange`.
    public var width: UInt32?
    public var height: UInt32?
    /// A size range (`SPA_CHOICE_Range`/`Step` of rectangles): the smallest and largest.
    public var sizeRange: SizeRange?
    /// The frame rates offered, when listed (`SPA_CHOICE_Enum`, or one fraction), fastest first.
    public var frameRates: [Rational]
    /// A frame-rate range (`SPA_CHOICE_Range`), when not listed.
    public var frameRateRange: RateRange?

    public struct SizeRange: Sendable, Hashable, Codable {
        public var minWidth: UInt32, minHeight: UInt32, maxWidth: UInt32, maxHeight: UInt32
        public init(minWidth: UInt32, minHeight: UInt32, maxWidth: UInt32, maxHeight: UInt32) {
            (self.minWidth, self.minHeight, self.maxWidth, self.maxHeight) = (minWidth, minHeight, maxWidth, maxHeight)
        }
    }
    public struct RateRange: Sendable, Hashable, Codable {
        public var min: Rational, max: Rational
        public init(min: Rational, max: Rational) { (self.min, self.max) = (min, max) }
    }

    public init(
        fourcc: String, spaFormat: String, width: UInt32? = nil, height: UInt32? = nil, sizeRange: SizeRange? = nil,
        frameRates: [Rational] = [], frameRateRange: RateRange? = nil
    ) {
        (self.fourcc, self.spaFormat, self.width, self.height) = (fourcc, spaFormat, width, height)
        (self.sizeRange, self.frameRates, self.frameRateRange) = (sizeRange, frameRates, frameRateRange)
    }
}
