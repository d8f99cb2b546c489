/// The V4L2 buffer type a format was enumerated for.
public enum BufferType: String, Sendable, Hashable, Codable {
    /// `V4L2_BUF_TYPE_VIDEO_CAPTURE`
    case videoCapture
    /// `V4L2_BUF_TYPE_VIDEO_CAPTURE_MPLANE`
    case videoCaptureMultiplanar
}

/// `struct v4l2_fmtdesc.flags` (`V4L2_FMT_FLAG_*`).
public struct FormatFlags: NamedFlags {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let compressed = FormatFlags(rawValue: 0x1)
    public static let emulated = FormatFlags(rawValue: 0x2)
    public static let names: [(UInt32, String)] = [
        (0x1, "compressed"), (0x2, "emulated"), (0x4, "continuous-bytestream"), (0x8, "dyn-resolution"),
        (0x10, "enc-cap-frame-interval"), (0x20, "csc-colorspace"), (0x40, "csc-xfer-func"),
        (0x80, "csc-ycbcr-enc"), (0x100, "csc-quantization"),
    ]
}

/// One pixel format a capture node offers (`VIDIOC_ENUM_FMT`), with its sizes
/// (`VIDIOC_ENUM_FRAMESIZES`) and their intervals.
public struct PixelFormat: Sendable, Hashable, Codable {
    /// The ENUM_FMT index this entry came from.
    public var index: UInt32
    public var fourcc: FourCC
    /// The driver's description string.
    public var description: String
    public var bufferType: BufferType
    public var flags: FormatFlags
    public var sizes: [FrameSize]

    public init(index: UInt32, fourcc: FourCC, description: String, bufferType: BufferType, flags: FormatFlags, sizes: [FrameSize]) {
        self.index = index
        self.fourcc = fourcc
        self.description = description
        self.bufferType = bufferType
        self.flags = flags
        self.sizes = sizes
    }

    public var isCompressed: Bool { flags.contains(.compressed) }
    /// True for formats libv4l2 converts in software (`V4L2_FMT_FLAG_EMULATED`).
    public var isEmulated: Bool { flags.contains(.emulated) }

    enum CodingKeys: String, CodingKey { case index, fourcc, description, bufferType, flags, compressed, emulated, sizes }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        index = try c.decode(UInt32.self, forKey: .index)
        fourcc = try c.decode(FourCC.self, forKey: .fourcc)
        description = try c.decode(String.self, forKey: .description)
        bufferType = try c.decode(BufferType.self, forKey: .bufferType)
        flags = try c.decode(FormatFlags.self, forKey: .flags)
        sizes = try c.decode([FrameSize].self, forKey: .sizes)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(index, forKey: .index)
        try c.encode(fourcc, forKey: .fourcc)
        try c.encode(description, forKey: .description)
        try c.encode(bufferType, forKey: .bufferType)
        try c.encode(flags, forKey: .flags)
        try c.encode(isCompressed, forKey: .compressed)
        try c.encode(isEmulated, forKey: .emulated)
        try c.encode(sizes, forKey: .sizes)
    }
}
