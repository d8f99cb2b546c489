/// A fixture describing a machine's capture nodes as a driver would report
/// them: the data the fake fills into the real C structs at the ioctl seam.
///
/// Fixtures are JSON files (see `Tests/V4L2Tests/Fixtures/README.md`). They
/// hold raw driver answers — duplicates, odd orders, zero denominators and
/// all — so the real enumeration code has to cope with them.
public struct FakeSystemSpec: Codable, Sendable {
    /// Where the fixture came from and what it exercises.
    public var description: String?
    public var nodes: [FakeNodeSpec]

    public init(description: String? = nil, nodes: [FakeNodeSpec]) {
        self.description = description
        self.nodes = nodes
    }
}

/// One device node: a V4L2 video node or a media-controller node.
public struct FakeNodeSpec: Codable, Sendable {
    /// e.g. "/dev/video0" or "/dev/media0".
    public var path: String
    /// `video4linux` (default), `media` or `sound`.
    public var subsystem: String?
    /// errno name returned by open(), e.g. "EACCES" or "ENOENT".
    public var openError: String?

    // VIDIOC_QUERYCAP (video nodes) / MEDIA_IOC_DEVICE_INFO (media nodes: driver, card = model, busInfo).
    public var driver: String
    public var card: String
    public var busInfo: String
    /// "6.1.0"
    public var version: String?
    /// `capabilities`, hex string ("0x84a00001") or number.
    public var capabilities: FlexibleUInt32?
    /// `device_caps`; absent means the driver does not set `V4L2_CAP_DEVICE_CAPS`.
    public var deviceCaps: FlexibleUInt32?

    public var formats: [FakeFormatSpec]?
    /// Formats libv4l2 adds when the node is opened through it (marked emulated).
    public var emulatedFormats: [FakeFormatSpec]?
    public var controls: [FakeControlSpec]?
    public var inputs: [FakeInputSpec]?
    public var currentInput: UInt32?
    public var activeFormat: FakeActiveFormatSpec?
    /// Current frame interval "1/30" (`VIDIOC_G_PARM`); absent: G_PARM fails with ENOTTY.
    public var frameInterval: String?
    /// Whether G_PARM reports `V4L2_CAP_TIMEPERFRAME` (default true when frameInterval is set).
    public var timePerFrame: Bool?

    /// Errors injected at the seam.
    public var faults: [FakeFaultSpec]?
    /// An ioctl whose enumeration never ends (keeps returning entries), e.g. "VIDIOC_ENUM_FMT".
    public var endlessList: String?
    /// Milliseconds each call of an ioctl blocks before answering ("VIDIOC_G_FMT": 2000), as a stuck driver would.
    public var ioctlDelays: [String: Int]?
    /// While streaming, every this many frames the driver drops one: its sequence number is skipped.
    public var dropFrameEvery: Int?
    /// Fill `driver`, `card` and `bus_info` to the last byte with no NUL, as a careless driver might.
    public var unterminatedStrings: Bool?

    /// What udev and sysfs say about this node.
    public var udev: FakeUdevSpec?

    /// For `sound` nodes (`/dev/snd/controlCN`): what libasound reports about the card.
    public var audio: FakeAudioSpec?

    /// For subdevice nodes (`/dev/v4l-subdevN`): the pads a sensor or bridge reports.
    public var subdev: FakeSubdevSpec?

    /// For `media` nodes: the graph `MEDIA_IOC_G_TOPOLOGY` reports (see `FakeMediaTopology.swift`).
    public var mediaTopology: FakeTopologySpec?
}

/// A number written as JSON number or as a hex/decimal string.
public struct FlexibleUInt32: Codable, Sendable, Hashable {
    public var value: UInt32
    public init(_ value: UInt32) { self.value = value }
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let n = try? c.decode(UInt32.self) {
            value = n
            return
        }
        let s = try c.decode(String.self)
        if s.hasPrefix("0x"), let n = UInt32(s.dropFirst(2), radix: 16) {
            value = n
        } else if let n = UInt32(s) {
            value = n
        } else {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "not a 32-bit number: \(s)")
        }
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode("0x" + String(value, radix: 16))
    }
}

public struct FakeFormatSpec: Codable, Sendable {
    public var fourcc: String
    public var description: String
    /// `V4L2_FMT_FLAG_*` bits; default 0.
    public var flags: UInt32?
    /// "capture" (default) or "capture-mplane".
    public var bufferType: String?
    public var sizes: [FakeSizeSpec]
}

/// One ENUM_FRAMESIZES answer: exactly one of `discrete`, `stepwise`, `continuous`.
public struct FakeSizeSpec: Codable, Sendable {
    /// "640x480"
    public var discrete: String?
    public var stepwise: FakeRange?
    public var continuous: FakeRange?
    /// Intervals for this size (for ranges: for every size in the range unless `intervalsAtMax` is given).
    public var intervals: FakeIntervalsSpec?
    /// Intervals at the range's maximum size.
    public var intervalsAtMax: FakeIntervalsSpec?

    public struct FakeRange: Codable, Sendable {
        /// "16x16"
        public var min: String
        public var max: String
        /// "2x2"; absent for continuous.
        public var step: String?
    }
}

/// One ENUM_FRAMEINTERVALS answer: exactly one of the three; fractions as "1/30".
public struct FakeIntervalsSpec: Codable, Sendable {
    public var discrete: [String]?
    public var stepwise: Range?
    public var continuous: Range?
    public struct Range: Codable, Sendable {
        public var min: String
        public var max: String
        public var step: String?
    }
}

public struct FakeControlSpec: Codable, Sendable {
    /// "0x00980900" or a number.
    public var id: FlexibleUInt32
    public var name: String
    /// v4l2-ctl type name: int, bool, menu, intmenu, button, int64, ctrl_class, str, bitmask, u8, u16, u32, area.
    public var type: String
    public var min: Int64?
    public var max: Int64?
    public var step: UInt64?
    public var `default`: Int64?
    /// Current value: a number, or a string for `str` controls. Absent: G_EXT_CTRLS reports the default.
    public var value: FakeValue?
    /// v4l2-ctl flag names: "inactive", "read-only", "write-only", "volatile", "slider", …
    public var flags: [String]?
    public var elemSize: UInt32?
    public var elems: UInt32?
    public var dims: [UInt32]?
    /// Menu items by index: names for `menu`, numbers for `intmenu`. Missing indexes answer EINVAL.
    public var menu: [String: FakeValue]?
    /// A compound control's minimum and maximum as numbers (rect: left, top,
    /// width, height; area: width, height), answered for `V4L2_CTRL_WHICH_MIN_VAL`
    /// / `MAX_VAL` when the flags include "has-min-max".
    public var minValue: FakeValue?
    public var maxValue: FakeValue?
}

public enum FakeValue: Codable, Sendable, Hashable {
    case int(Int64)
    case string(String)
    /// A payload as numbers: the elements of an array, or a rect's left, top,
    /// width, height, or an area's width, height (the kernel structs' field order).
    case numbers([Int64])
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let i = try? c.decode(Int64.self) {
            self = .int(i)
        } else if let n = try? c.decode([Int64].self) {
            self = .numbers(n)
        } else {
            self = .string(try c.decode(String.self))
        }
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .int(let i): try c.encode(i)
        case .string(let s): try c.encode(s)
        case .numbers(let n): try c.encode(n)
        }
    }
}

public struct FakeInputSpec: Codable, Sendable {
    public var name: String
    /// "camera" (default) or "tuner".
    public var type: String?
    public var status: UInt32?
}

public struct FakeActiveFormatSpec: Codable, Sendable {
    public var fourcc: String
    public var width: UInt32
    public var height: UInt32
    /// "capture" (default) or "capture-mplane".
    public var bufferType: String?
    /// `enum v4l2_field` number; default 1 (none).
    public var field: UInt32?
    public var bytesPerLine: UInt32?
    public var sizeImage: UInt32?
    /// `enum v4l2_colorspace` number; default 8 (sRGB).
    public var colorspace: UInt32?
    /// `enum v4l2_quantization` number; default 0.
    public var quantization: UInt32?
    /// Planes for multi-planar formats.
    public var planes: Int?
}

/// Make the Nth call (0-based, counting calls of that ioctl on this node) fail.
public struct FakeFaultSpec: Codable, Sendable {
    /// "VIDIOC_ENUM_FRAMESIZES"
    public var ioctl: String
    public var afterCalls: Int?
    /// errno name, e.g. "ENODEV", "EINTR", "EIO".
    public var errno: String
    /// Keep failing after the first failure (default: true for ENODEV, false otherwise).
    public var sticky: Bool?
    /// Fail this many calls in a row from `afterCalls` on (default 1), e.g. an EINTR storm.
    public var `repeat`: Int?

    public init(ioctl: String, afterCalls: Int? = nil, errno: String, sticky: Bool? = nil, repeat count: Int? = nil) {
        self.ioctl = ioctl
        self.afterCalls = afterCalls
        self.errno = errno
        self.sticky = sticky
        self.repeat = count
    }
}

/// Identity facts udev and sysfs would give for the node.
public struct FakeUdevSpec: Codable, Sendable {
    public var idPath: String?
    public var byID: [String]?
    public var byPath: [String]?
    /// The physical parent (USB device, PCI function or platform device).
    public var parent: Parent?

    public struct Parent: Codable, Sendable {
        public var sysPath: String
        /// "usb", "pci", "platform"
        public var bus: String
        public var vendorID: String?
        public var productID: String?
        public var serial: String?
        public var manufacturer: String?
        public var product: String?
        /// sysfs `speed` in Mbit/s, e.g. "480".
        public var speed: String?
        public var portPath: String?
    }
}
