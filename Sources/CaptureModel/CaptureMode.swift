/// One way a capture node can deliver frames: a pixel format at a size and a
/// frame rate. The one mode type of the library: `bestModes()` lists them, a
/// negotiated `Choice` becomes one (`choice.mode`), `CaptureDevice.apply`
/// takes one and reads one back (`AppliedConfiguration.mode`,
/// `CaptureDevice.activeMode()`).
public struct CaptureMode: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The capture node (`/dev/videoN`); nil means "the node the handle holds".
    public var path: String?
    public var bufferType: BufferType
    public var fourcc: FourCC
    public var size: Dimensions
    /// Frames per second as an exact fraction (30000/1001, never 29.97); nil when
    /// the driver reports no rate (a sensor without frame intervals).
    public var frameRate: Rational?
    /// libv4l2 converts this format in software (`V4L2_FMT_FLAG_EMULATED`).
    public var isEmulated: Bool

    public init(
        path: String? = nil, bufferType: BufferType = .videoCapture, fourcc: FourCC, size: Dimensions, frameRate: Rational?,
        isEmulated: Bool = false
    ) {
        self.path = path
        self.bufferType = bufferType
        self.fourcc = fourcc
        self.size = size
        self.frameRate = frameRate
        self.isEmulated = isEmulated
    }

    /// The rate as a `Double` (a convenience: `frameRate` is exact); nil when unknown.
    public var fps: Double? { frameRate.flatMap { $0.isValid ? $0.doubleValue : nil } }

    /// The frame duration (`v4l2_fract` seconds per frame) `VIDIOC_S_PARM` takes; nil when the rate is unknown.
    public var frameInterval: FrameDuration? { frameRate.flatMap { $0.isValid ? FrameDuration($0.reciprocal) : nil } }

    /// "MJPG 1280x720 @ 30 fps", "BA81 4096x2160 @ ? fps" when the rate is unknown.
    public var description: String {
        "\(fourcc.name) \(size) @ \(fps.map(formatFPS) ?? "?") fps" + (isEmulated ? " (emulated)" : "")
    }

    /// "MJPG 1280x720@30": the short form of a listing's column.
    public var compactDescription: String { "\(fourcc.name) \(size)@\(fps.map(formatFPS) ?? "?")" }
}
