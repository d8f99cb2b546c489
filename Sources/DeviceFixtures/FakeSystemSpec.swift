/// A fixture describing a machine's capture nodes as a driver would report
/// them: the data the fake fills into the real C structs at the ioctl seam.
///
/// Fixtures are JSON files (see `Tests/Fixtures/README.md`). They
/// hold raw driver answers — duplicates, odd orders, zero denominators and
/// all — so the real enumeration code has to cope with them.
package struct FakeSystemSpec: Codable, Sendable {
    /// Where the fixture came from and what it exercises.
    package var description: String?
    package var nodes: [FakeNodeSpec]

    package init(description: String? = nil, nodes: [FakeNodeSpec]) {
        self.description = description
        self.nodes = nodes
    }
}

/// One device node: a V4L2 video node or a media-controller node.
package struct FakeNodeSpec: Codable, Sendable {
    /// e.g. "/dev/video0" or "/dev/media0".
    package var path: String
    /// `video4linux` (default), `media` or `sound`.
    package var subsystem: String?
    /// errno name returned by open(), e.g. "EACCES" or "ENOENT".
    package var openError: String?

    // VIDIOC_QUERYCAP (video nodes) / MEDIA_IOC_DEVICE_INFO (media nodes: driver, card = model, busInfo).
    package var driver: String
    package var card: String
    package var busInfo: String
    /// "6.1.0"
    package var version: String?
    /// `capabilities`, hex string ("0x84a00001") or number.
    package var capabilities: FlexibleUInt32?
    /// `device_caps`; absent means the driver does not set `V4L2_CAP_DEVICE_CAPS`.
    package var deviceCaps: FlexibleUInt32?

    package var formats: [FakeFormatSpec]?
    /// Formats libv4l2 adds when the node is opened through it (marked emulated).
    package var emulatedFormats: [FakeFormatSpec]?
    package var controls: [FakeControlSpec]?
    package var inputs: [FakeInputSpec]?
    package var currentInput: UInt32?
    package var activeFormat: FakeActiveFormatSpec?
    /// Current frame interval "1/30" (`VIDIOC_G_PARM`); absent: G_PARM fails with ENOTTY.
    package var frameInterval: String?
    /// A camera that paces frames itself, whatever interval was set (`"1/60"`): the interval its frames
    /// really come at. Absent: frames come at the interval in force, as drivers that honour `S_PARM` do.
    package var deliveredInterval: String?
    /// Whether G_PARM reports `V4L2_CAP_TIMEPERFRAME` (default true when frameInterval is set).
    package var timePerFrame: Bool?

    /// Errors injected at the seam.
    package var faults: [FakeFaultSpec]?
    /// An ioctl whose enumeration never ends (keeps returning entries), e.g. "VIDIOC_ENUM_FMT".
    package var endlessList: String?
    /// Milliseconds each call of an ioctl (or "open") blocks before answering ("VIDIOC_G_FMT": 2000), as a stuck driver would.
    package var ioctlDelays: [String: Int]?
    /// While streaming, every this many frames the driver drops one: its sequence number is skipped.
    package var dropFrameEvery: Int?
    /// Fill `driver`, `card` and `bus_info` to the last byte with no NUL, as a careless driver might.
    package var unterminatedStrings: Bool?

    /// What udev and sysfs say about this node.
    package var udev: FakeUdevSpec?

    /// For `sound` nodes (`/dev/snd/controlCN`): what libasound reports about the card.
    package var audio: FakeAudioSpec?

    /// For subdevice nodes (`/dev/v4l-subdevN`): the pads a sensor or bridge reports.
    package var subdev: FakeSubdevSpec?

    /// For `media` nodes: the graph `MEDIA_IOC_G_TOPOLOGY` reports (see `FakeMediaTopology.swift`).
    package var mediaTopology: FakeTopologySpec?
}

/// A number written as JSON number or as a hex/decimal string.
package struct FlexibleUInt32: Codable, Sendable, Hashable {
    package var value: UInt32
    package init(_ value: UInt32) { self.value = value }
    package init(from decoder: any Decoder) throws {
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
    package func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode("0x" + String(value, radix: 16))
    }
}

package struct FakeFormatSpec: Codable, Sendable {
    package var fourcc: String
    package var description: String
    /// `V4L2_FMT_FLAG_*` bits; default 0.
    package var flags: UInt32?
    /// "capture" (default) or "capture-mplane".
    package var bufferType: String?
    package var sizes: [FakeSizeSpec]
}

/// One ENUM_FRAMESIZES answer: exactly one of `discrete`, `stepwise`, `continuous`.
package struct FakeSizeSpec: Codable, Sendable {
    /// "640x480"
    package var discrete: String?
    package var stepwise: FakeRange?
    package var continuous: FakeRange?
    /// Intervals for this size (for ranges: for every size in the range unless `intervalsAtMax` is given).
    package var intervals: FakeIntervalsSpec?
    /// Intervals at the range's maximum size.
    package var intervalsAtMax: FakeIntervalsSpec?

    package struct FakeRange: Codable, Sendable {
        /// "16x16"
        package var min: String
        package var max: String
        /// "2x2"; absent for continuous.
        package var step: String?
    }
}

/// One ENUM_FRAMEINTERVALS answer: exactly one of the three; fractions as "1/30".
package struct FakeIntervalsSpec: Codable, Sendable {
    package var discrete: [String]?
    package var stepwise: Range?
    package var continuous: Range?
    package struct Range: Codable, Sendable {
        package var min: String
        package var max: String
        package var step: String?
    }
}

package struct FakeControlSpec: Codable, Sendable {
    /// "0x00980900" or a number.
    package var id: FlexibleUInt32
    package var name: String
    /// v4l2-ctl type name: int, bool, menu, intmenu, button, int64, ctrl_class, str, bitmask, u8, u16, u32, area.
    package var type: String
    package var min: Int64?
    package var max: Int64?
    package var step: UInt64?
    package var `default`: Int64?
    /// Current value: a number, or a string for `str` controls. Absent: G_EXT_CTRLS reports the default.
    package var value: FakeValue?
    /// v4l2-ctl flag names: "inactive", "read-only", "write-only", "volatile", "slider", …
    package var flags: [String]?
    package var elemSize: UInt32?
    package var elems: UInt32?
    package var dims: [UInt32]?
    /// Menu items by index: names for `menu`, numbers for `intmenu`. Missing indexes answer EINVAL.
    package var menu: [String: FakeValue]?
    /// A compound control's minimum and maximum as numbers (rect: left, top,
    /// width, height; area: width, height), answered for `V4L2_CTRL_WHICH_MIN_VAL`
    /// / `MAX_VAL` when the flags include "has-min-max".
    package var minValue: FakeValue?
    package var maxValue: FakeValue?
}

package enum FakeValue: Codable, Sendable, Hashable {
    case int(Int64)
    case string(String)
    /// A payload as numbers: the elements of an array, or a rect's left, top,
    /// width, height, or an area's width, height (the kernel structs' field order).
    case numbers([Int64])
    package init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let i = try? c.decode(Int64.self) {
            self = .int(i)
        } else if let n = try? c.decode([Int64].self) {
            self = .numbers(n)
        } else {
            self = .string(try c.decode(String.self))
        }
    }
    package func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .int(let i): try c.encode(i)
        case .string(let s): try c.encode(s)
        case .numbers(let n): try c.encode(n)
        }
    }
}

package struct FakeInputSpec: Codable, Sendable {
    package var name: String
    /// "camera" (default) or "tuner".
    package var type: String?
    package var status: UInt32?
}

package struct FakeActiveFormatSpec: Codable, Sendable {
    package var fourcc: String
    package var width: UInt32
    package var height: UInt32
    /// "capture" (default) or "capture-mplane".
    package var bufferType: String?
    /// `enum v4l2_field` number; default 1 (none).
    package var field: UInt32?
    package var bytesPerLine: UInt32?
    package var sizeImage: UInt32?
    /// `enum v4l2_colorspace` number; default 8 (sRGB).
    package var colorspace: UInt32?
    /// `enum v4l2_quantization` number; default 0.
    package var quantization: UInt32?
    /// Planes for multi-planar formats.
    package var planes: Int?
}

/// Make the Nth call (0-based, counting calls of that ioctl on this node) fail.
package struct FakeFaultSpec: Codable, Sendable {
    /// "VIDIOC_ENUM_FRAMESIZES"
    package var ioctl: String
    package var afterCalls: Int?
    /// errno name, e.g. "ENODEV", "EINTR", "EIO".
    package var errno: String
    /// Keep failing after the first failure (default: true for ENODEV, false otherwise).
    package var sticky: Bool?
    /// Fail this many calls in a row from `afterCalls` on (default 1), e.g. an EINTR storm.
    package var `repeat`: Int?

    package init(ioctl: String, afterCalls: Int? = nil, errno: String, sticky: Bool? = nil, repeat count: Int? = nil) {
        self.ioctl = ioctl
        self.afterCalls = afterCalls
        self.errno = errno
        self.sticky = sticky
        self.repeat = count
    }
}

/// Identity facts udev and sysfs would give for the node.
package struct FakeUdevSpec: Codable, Sendable {
    package var idPath: String?
    package var byID: [String]?
    package var byPath: [String]?
    /// The physical parent (USB device, PCI function or platform device).
    package var parent: Parent?

    package struct Parent: Codable, Sendable {
        package var sysPath: String
        /// "usb", "pci", "platform"
        package var bus: String
        package var vendorID: String?
        package var productID: String?
        package var serial: String?
        package var manufacturer: String?
        package var product: String?
        /// sysfs `speed` in Mbit/s, e.g. "480".
        package var speed: String?
        package var portPath: String?
    }
}

extension FakeUdevSpec {
    /// A node's udev record before udev has finished it: its parent from sysfs, nothing from udev's database.
    package init(unfinishedUnder parent: Parent?) {
        self.parent = parent
    }
}
