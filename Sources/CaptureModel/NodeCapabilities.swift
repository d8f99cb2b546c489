/// `V4L2_CAP_*` bits of `struct v4l2_capability` (`capabilities`, `device_caps`).
public struct CapabilityFlags: NamedFlags {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let videoCapture = CapabilityFlags(rawValue: 0x1)
    public static let videoOutput = CapabilityFlags(rawValue: 0x2)
    public static let videoCaptureMultiplanar = CapabilityFlags(rawValue: 0x1000)
    public static let videoOutputMultiplanar = CapabilityFlags(rawValue: 0x2000)
    public static let videoM2MMultiplanar = CapabilityFlags(rawValue: 0x4000)
    public static let videoM2M = CapabilityFlags(rawValue: 0x8000)
    public static let metaCapture = CapabilityFlags(rawValue: 0x0080_0000)
    public static let streaming = CapabilityFlags(rawValue: 0x0400_0000)
    public static let deviceCaps = CapabilityFlags(rawValue: 0x8000_0000)
    public static let names: [(UInt32, String)] = [
        (0x1, "video-capture"), (0x2, "video-output"), (0x4, "video-overlay"), (0x10, "vbi-capture"),
        (0x20, "vbi-output"), (0x40, "sliced-vbi-capture"), (0x80, "sliced-vbi-output"), (0x100, "rds-capture"),
        (0x200, "video-output-overlay"), (0x400, "hw-freq-seek"), (0x800, "rds-output"),
        (0x1000, "video-capture-mplane"), (0x2000, "video-output-mplane"), (0x4000, "video-m2m-mplane"),
        (0x8000, "video-m2m"), (0x10000, "tuner"), (0x20000, "audio"), (0x40000, "radio"), (0x80000, "modulator"),
        (0x100000, "sdr-capture"), (0x200000, "ext-pix-format"), (0x400000, "sdr-output"),
        (0x800000, "meta-capture"), (0x1000000, "read-write"), (0x4000000, "streaming"),
        (0x8000000, "meta-output"), (0x10000000, "touch"), (0x20000000, "io-mc"), (0x80000000, "device-caps"),
    ]
}

/// What `VIDIOC_QUERYCAP` says about one node.
public struct NodeIdentity: Sendable, Hashable, Codable {
    public var driver: String
    public var card: String
    public var busInfo: String
    /// Kernel version of the driver, "6.1.0".
    public var version: String
    public var capabilities: CapabilityFlags
    /// The node's own capabilities (`device_caps`); equal to `capabilities` on old drivers.
    public var deviceCaps: CapabilityFlags

    public init(driver: String, card: String, busInfo: String, version: String, capabilities: CapabilityFlags, deviceCaps: CapabilityFlags)
    {
        self.driver = driver
        self.card = card
        self.busInfo = busInfo
        self.version = version
        self.capabilities = capabilities
        self.deviceCaps = deviceCaps
    }

    /// A node that captures video (single- or multi-planar), as opposed to metadata, output or m2m.
    public var isVideoCapture: Bool {
        !deviceCaps.isDisjoint(with: [.videoCapture, .videoCaptureMultiplanar])
            && deviceCaps.isDisjoint(with: [.videoM2M, .videoM2MMultiplanar])
    }
    public var isMetadataCapture: Bool { deviceCaps.contains(.metaCapture) && !isVideoCapture }
}

/// A video input (`VIDIOC_ENUMINPUT`).
public struct VideoInput: Sendable, Hashable, Codable {
    public var index: UInt32
    public var name: String
    /// "camera" or "tuner".
    public var type: String
    public var status: UInt32
    /// `V4L2_IN_CAP_*` by name: `dv-timings` (HDMI, DVI, DisplayPort: the source sends its own timings), `std`
    /// (analog TV standards), `native-size`; nil when not read (older profiles, imported text).
    public var capabilities: [String]?
    public init(index: UInt32, name: String, type: String, status: UInt32, capabilities: [String]? = nil) {
        self.index = index
        self.name = name
        self.type = type
        self.status = status
        self.capabilities = capabilities
    }

    /// `V4L2_IN_CAP_*` bits by name, in bit order; unnamed bits as `0x…`.
    public static func capabilityNames(_ bits: UInt32) -> [String] {
        var out: [String] = []
        for bit in 0..<32 where bits & (1 << UInt32(bit)) != 0 {
            switch 1 << UInt32(bit) {
            case 0x2: out.append("dv-timings")
            case 0x4: out.append("std")
            case 0x8: out.append("native-size")
            default: out.append("0x" + String(1 << UInt32(bit), radix: 16))
            }
        }
        return out
    }

    /// The input receives a signal: `V4L2_IN_ST_NO_POWER`, `NO_SIGNAL`, `NO_H_LOCK` and `NO_SYNC` are all clear.
    public var hasSignal: Bool { status & (0x1 | 0x2 | 0x100 | 0x10000) == 0 }
}

/// The active format (`VIDIOC_G_FMT`), read only, never set while listing.
public struct ActiveFormat: Sendable, Hashable, Codable {
    public var bufferType: BufferType
    public var fourcc: FourCC
    public var width: UInt32
    public var height: UInt32
    /// "none", "interlaced", … (`enum v4l2_field`)
    public var field: String
    public var bytesPerLine: UInt32
    public var sizeImage: UInt32
    /// "srgb", "rec709", … (`enum v4l2_colorspace`)
    public var colorspace: String
    /// "default", "full-range" or "limited-range": the `420f`/`420v` distinction.
    public var quantization: String
    public var planes: [Plane]

    public struct Plane: Sendable, Hashable, Codable {
        public var bytesPerLine: UInt32
        public var sizeImage: UInt32
        public init(bytesPerLine: UInt32, sizeImage: UInt32) {
            self.bytesPerLine = bytesPerLine
            self.sizeImage = sizeImage
        }
    }

    public init(
        bufferType: BufferType, fourcc: FourCC, width: UInt32, height: UInt32, field: String, bytesPerLine: UInt32,
        sizeImage: UInt32, colorspace: String, quantization: String, planes: [Plane] = []
    ) {
        self.bufferType = bufferType
        self.fourcc = fourcc
        self.width = width
        self.height = height
        self.field = field
        self.bytesPerLine = bytesPerLine
        self.sizeImage = sizeImage
        self.colorspace = colorspace
        self.quantization = quantization
        self.planes = planes
    }
}

/// Streaming parameters (`VIDIOC_G_PARM`).
public struct StreamingParameters: Sendable, Hashable, Codable {
    /// True when the driver accepts a frame interval (`V4L2_CAP_TIMEPERFRAME`).
    public var supportsFrameInterval: Bool
    /// The current frame interval; nil when the driver reports 0/0 or nothing.
    public var frameInterval: FrameDuration?
    public init(supportsFrameInterval: Bool, frameInterval: FrameDuration?) {
        self.supportsFrameInterval = supportsFrameInterval
        self.frameInterval = frameInterval
    }
}

/// Everything one video capture node can do, read without changing its state.
public struct CaptureNodeCapabilities: Sendable, Hashable, Codable {
    public var path: String
    public var identity: NodeIdentity
    /// Whether this was read through libv4l2 (which adds emulated formats).
    public var throughLibV4L2: Bool
    public var inputs: [VideoInput]
    /// The selected input (`VIDIOC_G_INPUT`); the formats below belong to it.
    public var currentInput: UInt32?
    public var formats: [PixelFormat]
    /// Controls; nil when they were not read (e.g. `camprobe list` skips them).
    public var controls: [Control]?
    public var activeFormat: ActiveFormat?
    public var streamingParameters: StreamingParameters?
    /// What could not be read, or looked wrong; empty when all is well.
    public var problems: [Problem]
    /// Read from pasted text (`camprobe import`), not from the device: semantics then rest on `imported` evidence.
    public var imported: Bool = false
    /// Why `controls` may lack controls the camera has (a media-controller camera's lens whose controls were not
    /// read): the semantics then call what those controls would tell unknown, not absent. nil: the list is complete.
    public var controlsIncomplete: String?

    public init(
        path: String, identity: NodeIdentity, throughLibV4L2: Bool = false, inputs: [VideoInput] = [], currentInput: UInt32? = nil,
        formats: [PixelFormat] = [], controls: [Control]? = [], activeFormat: ActiveFormat? = nil,
        streamingParameters: StreamingParameters? = nil, problems: [Problem] = []
    ) {
        self.path = path
        self.identity = identity
        self.throughLibV4L2 = throughLibV4L2
        self.inputs = inputs
        self.currentInput = currentInput
        self.formats = formats
        self.controls = controls
        self.activeFormat = activeFormat
        self.streamingParameters = streamingParameters
        self.problems = problems
    }
}

extension CaptureNodeCapabilities {
    /// Focus, exposure, white balance, torch, zoom… mapped from the controls
    /// (nil when controls were not read). Always derived, never stored: a
    /// profile's `semantics` section is written for readers and recomputed on load.
    package var semantics: CaptureSemantics? {
        controls.map { SemanticMapper.map($0, imported: imported, lensUnread: controlsIncomplete) }
    }

    enum CodingKeys: String, CodingKey {
        case path, identity, throughLibV4L2, inputs, currentInput, formats, controls, activeFormat, streamingParameters, problems, imported,
            controlsIncomplete, semantics
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            path: try c.decode(String.self, forKey: .path), identity: try c.decode(NodeIdentity.self, forKey: .identity),
            throughLibV4L2: try c.decode(Bool.self, forKey: .throughLibV4L2), inputs: try c.decode([VideoInput].self, forKey: .inputs),
            currentInput: try c.decodeIfPresent(UInt32.self, forKey: .currentInput),
            formats: try c.decode([PixelFormat].self, forKey: .formats),
            controls: try c.decodeIfPresent([Control].self, forKey: .controls),
            activeFormat: try c.decodeIfPresent(ActiveFormat.self, forKey: .activeFormat),
            streamingParameters: try c.decodeIfPresent(StreamingParameters.self, forKey: .streamingParameters),
            problems: try c.decode([Problem].self, forKey: .problems))
        imported = try c.decodeIfPresent(Bool.self, forKey: .imported) ?? false
        controlsIncomplete = try c.decodeIfPresent(String.self, forKey: .controlsIncomplete)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(path, forKey: .path)
        try c.encode(identity, forKey: .identity)
        try c.encode(throughLibV4L2, forKey: .throughLibV4L2)
        try c.encode(inputs, forKey: .inputs)
        try c.encodeIfPresent(currentInput, forKey: .currentInput)
        try c.encode(formats, forKey: .formats)
        try c.encodeIfPresent(controls, forKey: .controls)
        try c.encodeIfPresent(activeFormat, forKey: .activeFormat)
        try c.encodeIfPresent(streamingParameters, forKey: .streamingParameters)
        try c.encode(problems, forKey: .problems)
        if imported { try c.encode(imported, forKey: .imported) }
        try c.encodeIfPresent(controlsIncomplete, forKey: .controlsIncomplete)
        try c.encodeIfPresent(semantics, forKey: .semantics)
    }
}
