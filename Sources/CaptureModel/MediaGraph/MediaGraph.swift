/// A media controller's graph as `MEDIA_IOC_G_TOPOLOGY` reports it: entities
/// (sensors, lenses, bridges, processing blocks, DMA engines), their pads, the
/// links between pads (data), from an entity to an ancillary entity (a lens),
/// and from an interface (a `/dev` node) to its entity; plus what
/// `MEDIA_IOC_DEVICE_INFO` says about the controller.
///
/// Pure values: read once through the device seam, then queried without I/O
/// (see the helpers in `MediaGraph+Queries.swift`).
package struct MediaGraph: Sendable, Hashable, Codable {
    /// What `MEDIA_IOC_DEVICE_INFO` reports.
    package var controller: MediaControllerInfo
    /// The `/dev/mediaN` node the graph was read from.
    package var path: String
    /// `topology_version` of the snapshot (changes whenever an element is added or removed).
    package var topologyVersion: UInt64
    package var entities: [MediaEntity]
    package var interfaces: [MediaInterface]
    package var pads: [MediaPad]
    package var links: [MediaLink]
    /// What went wrong while reading (bounds hit, a graph that kept changing, unresolved devnodes, …).
    package var problems: [Problem]

    package init(
        controller: MediaControllerInfo, path: String, topologyVersion: UInt64, entities: [MediaEntity],
        interfaces: [MediaInterface], pads: [MediaPad], links: [MediaLink], problems: [Problem] = []
    ) {
        self.controller = controller
        self.path = path
        self.topologyVersion = topologyVersion
        self.entities = entities
        self.interfaces = interfaces
        self.pads = pads
        self.links = links
        self.problems = problems
    }
}

/// What `MEDIA_IOC_DEVICE_INFO` reports about a media controller.
package struct MediaControllerInfo: Sendable, Hashable, Codable {
    package var driver: String
    package var model: String
    package var serial: String
    package var busInfo: String
    /// `media_version` (`KERNEL_VERSION` encoding: major << 16 | minor << 8 | patch).
    package var mediaVersion: UInt32
    package var hardwareRevision: UInt32
    package var driverVersion: UInt32

    package init(
        driver: String, model: String, serial: String, busInfo: String, mediaVersion: UInt32, hardwareRevision: UInt32,
        driverVersion: UInt32
    ) {
        self.driver = driver
        self.model = model
        self.serial = serial
        self.busInfo = busInfo
        self.mediaVersion = mediaVersion
        self.hardwareRevision = hardwareRevision
        self.driverVersion = driverVersion
    }

    /// Whether entity `flags` and pad `index` are reported (`MEDIA_V2_ENTITY_HAS_FLAGS`,
    /// `MEDIA_V2_PAD_HAS_INDEX`: media API 4.19 and later).
    package var reportsFlagsAndPadIndex: Bool { mediaVersion >= (4 << 16 | 19 << 8) }
}

/// One entity (`struct media_v2_entity`).
package struct MediaEntity: Sendable, Hashable, Codable, Identifiable {
    /// The graph object id (unique within the graph; not stable across boots).
    package var id: UInt32
    package var name: String
    /// `MEDIA_ENT_F_*`.
    package var function: MediaEntityFunction
    /// `MEDIA_ENT_FL_*`.
    package var flags: MediaEntityFlags

    package init(id: UInt32, name: String, function: MediaEntityFunction, flags: MediaEntityFlags = []) {
        self.id = id
        self.name = name
        self.function = function
        self.flags = flags
    }
}

/// `MEDIA_ENT_F_*`: what an entity does. Keeps the raw value; `name` spells
/// the known ones without the prefix (`CAM_SENSOR`), nil for others.
package struct MediaEntityFunction: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    package var rawValue: UInt32
    package init(rawValue: UInt32) { self.rawValue = rawValue }

    package static let unknown = Self(rawValue: 0x0000_0000)
    package static let v4l2SubdevUnknown = Self(rawValue: 0x0002_0000)
    package static let dtvDemod = Self(rawValue: 0x0000_0001)
    package static let tsDemux = Self(rawValue: 0x0000_0002)
    package static let dtvCA = Self(rawValue: 0x0000_0003)
    package static let dtvNetDecap = Self(rawValue: 0x0000_0004)
    package static let ioV4L = Self(rawValue: 0x0001_0001)
    package static let ioDTV = Self(rawValue: 0x0000_1001)
    package static let ioVBI = Self(rawValue: 0x0000_1002)
    package static let ioSWRadio = Self(rawValue: 0x0000_1003)
    package static let camSensor = Self(rawValue: 0x0002_0001)
    package static let flash = Self(rawValue: 0x0002_0002)
    package static let lens = Self(rawValue: 0x0002_0003)
    package static let atvDecoder = Self(rawValue: 0x0002_0004)
    package static let tuner = Self(rawValue: 0x0002_0005)
    package static let ifVidDecoder = Self(rawValue: 0x0000_2001)
    package static let ifAudDecoder = Self(rawValue: 0x0000_2002)
    package static let audioCapture = Self(rawValue: 0x0000_3001)
    package static let audioPlayback = Self(rawValue: 0x0000_3002)
    package static let audioMixer = Self(rawValue: 0x0000_3003)
    package static let procVideoComposer = Self(rawValue: 0x0000_4001)
    package static let procVideoPixelFormatter = Self(rawValue: 0x0000_4002)
    package static let procVideoPixelEncConv = Self(rawValue: 0x0000_4003)
    package static let procVideoLUT = Self(rawValue: 0x0000_4004)
    package static let procVideoScaler = Self(rawValue: 0x0000_4005)
    package static let procVideoStatistics = Self(rawValue: 0x0000_4006)
    package static let procVideoEncoder = Self(rawValue: 0x0000_4007)
    package static let procVideoDecoder = Self(rawValue: 0x0000_4008)
    package static let procVideoISP = Self(rawValue: 0x0000_4009)
    package static let vidMux = Self(rawValue: 0x0000_5001)
    package static let vidIfBridge = Self(rawValue: 0x0000_5002)
    package static let dvDecoder = Self(rawValue: 0x0000_6001)
    package static let dvEncoder = Self(rawValue: 0x0000_6002)

    /// Known functions by their `<linux/media.h>` name without `MEDIA_ENT_F_`.
    package static let known: [(Self, String)] = [
        (.unknown, "UNKNOWN"), (.v4l2SubdevUnknown, "V4L2_SUBDEV_UNKNOWN"), (.dtvDemod, "DTV_DEMOD"), (.tsDemux, "TS_DEMUX"),
        (.dtvCA, "DTV_CA"), (.dtvNetDecap, "DTV_NET_DECAP"), (.ioV4L, "IO_V4L"), (.ioDTV, "IO_DTV"), (.ioVBI, "IO_VBI"),
        (.ioSWRadio, "IO_SWRADIO"), (.camSensor, "CAM_SENSOR"), (.flash, "FLASH"), (.lens, "LENS"), (.atvDecoder, "ATV_DECODER"),
        (.tuner, "TUNER"), (.ifVidDecoder, "IF_VID_DECODER"), (.ifAudDecoder, "IF_AUD_DECODER"), (.audioCapture, "AUDIO_CAPTURE"),
        (.audioPlayback, "AUDIO_PLAYBACK"), (.audioMixer, "AUDIO_MIXER"), (.procVideoComposer, "PROC_VIDEO_COMPOSER"),
        (.procVideoPixelFormatter, "PROC_VIDEO_PIXEL_FORMATTER"), (.procVideoPixelEncConv, "PROC_VIDEO_PIXEL_ENC_CONV"),
        (.procVideoLUT, "PROC_VIDEO_LUT"), (.procVideoScaler, "PROC_VIDEO_SCALER"), (.procVideoStatistics, "PROC_VIDEO_STATISTICS"),
        (.procVideoEncoder, "PROC_VIDEO_ENCODER"), (.procVideoDecoder, "PROC_VIDEO_DECODER"), (.procVideoISP, "PROC_VIDEO_ISP"),
        (.vidMux, "VID_MUX"), (.vidIfBridge, "VID_IF_BRIDGE"), (.dvDecoder, "DV_DECODER"), (.dvEncoder, "DV_ENCODER"),
    ]

    /// `CAM_SENSOR` for 0x20001; nil for values this version does not know.
    package var name: String? { Self.known.first { $0.0 == self }?.1 }

    /// Looks a function up by name (`CAM_SENSOR` or `MEDIA_ENT_F_CAM_SENSOR`) or number (`0x20001`).
    package init?(named text: String) {
        let bare = text.hasPrefix("MEDIA_ENT_F_") ? String(text.dropFirst(12)) : text
        if let (f, _) = Self.known.first(where: { $0.1 == bare }) {
            self = f
        } else if let n = parseFlexibleUInt32(text) {
            self.init(rawValue: n)
        } else {
            return nil
        }
    }

    /// The name, or the raw value in hex.
    package var description: String { name ?? "0x" + String(rawValue, radix: 16) }
}

/// `MEDIA_ENT_FL_*`.
package struct MediaEntityFlags: NamedFlags {
    package let rawValue: UInt32
    package init(rawValue: UInt32) { self.rawValue = rawValue }
    /// `MEDIA_ENT_FL_DEFAULT`: the default entity of its type.
    package static let `default` = Self(rawValue: 1 << 0)
    /// `MEDIA_ENT_FL_CONNECTOR`: a physical connector.
    package static let connector = Self(rawValue: 1 << 1)
    package static let names: [(UInt32, String)] = [(1 << 0, "default"), (1 << 1, "connector")]
}

/// One pad (`struct media_v2_pad`).
package struct MediaPad: Sendable, Hashable, Codable, Identifiable {
    package var id: UInt32
    /// The owning entity's id.
    package var entityID: UInt32
    /// The pad's index within its entity (what `media-ctl` writes as `"Sensor A":0`).
    package var index: UInt32
    package var direction: MediaPadDirection
    /// `MEDIA_PAD_FL_*` (sink, source, must-connect).
    package var flags: MediaPadFlags

    package init(id: UInt32, entityID: UInt32, index: UInt32, flags: MediaPadFlags) {
        self.id = id
        self.entityID = entityID
        self.index = index
        self.flags = flags
        direction = flags.contains(.sink) ? .sink : (flags.contains(.source) ? .source : .unknown)
    }
}

/// Which way data flows through a pad.
package enum MediaPadDirection: String, Sendable, Hashable, Codable {
    /// `MEDIA_PAD_FL_SINK`: data comes in.
    case sink
    /// `MEDIA_PAD_FL_SOURCE`: data goes out.
    case source
    /// Neither flag set (a driver bug).
    case unknown
}

/// `MEDIA_PAD_FL_*`.
package struct MediaPadFlags: NamedFlags {
    package let rawValue: UInt32
    package init(rawValue: UInt32) { self.rawValue = rawValue }
    package static let sink = Self(rawValue: 1 << 0)
    package static let source = Self(rawValue: 1 << 1)
    /// `MEDIA_PAD_FL_MUST_CONNECT`: the pad needs an enabled link to stream.
    package static let mustConnect = Self(rawValue: 1 << 2)
    package static let names: [(UInt32, String)] = [(1 << 0, "sink"), (1 << 1, "source"), (1 << 2, "must-connect")]
}

/// One link (`struct media_v2_link`). What `source` and `sink` name depends on `kind`:
/// pad ids for data links, the interface and the entity for interface links,
/// the primary and the ancillary entity (e.g. sensor and lens) for ancillary links.
package struct MediaLink: Sendable, Hashable, Codable, Identifiable {
    package var id: UInt32
    package var source: UInt32
    package var sink: UInt32
    /// `MEDIA_LNK_FL_ENABLED` / `IMMUTABLE` / `DYNAMIC` (the type bits are in `kind`).
    package var flags: MediaLinkFlags
    package var kind: MediaLinkKind

    /// Splits the kernel's `flags` word into flags and link type.
    package init(id: UInt32, source: UInt32, sink: UInt32, rawFlags: UInt32) {
        self.id = id
        self.source = source
        self.sink = sink
        flags = MediaLinkFlags(rawValue: rawFlags & ~MediaLinkKind.mask)
        kind = MediaLinkKind(rawValue: (rawFlags & MediaLinkKind.mask) >> 28)
    }

    package var isEnabled: Bool { flags.contains(.enabled) }
}

/// `MEDIA_LNK_FL_ENABLED`, `_IMMUTABLE`, `_DYNAMIC`.
package struct MediaLinkFlags: NamedFlags {
    package let rawValue: UInt32
    package init(rawValue: UInt32) { self.rawValue = rawValue }
    package static let enabled = Self(rawValue: 1 << 0)
    package static let immutable = Self(rawValue: 1 << 1)
    package static let dynamic = Self(rawValue: 1 << 2)
    package static let names: [(UInt32, String)] = [(1 << 0, "enabled"), (1 << 1, "immutable"), (1 << 2, "dynamic")]
}

/// The link type (`MEDIA_LNK_FL_LINK_TYPE` bits, shifted down by 28).
package struct MediaLinkKind: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    package var rawValue: UInt32
    package init(rawValue: UInt32) { self.rawValue = rawValue }
    /// `MEDIA_LNK_FL_LINK_TYPE`.
    package static let mask: UInt32 = 0xF << 28
    /// `MEDIA_LNK_FL_DATA_LINK`: pad to pad; frames flow over it.
    package static let data = Self(rawValue: 0)
    /// `MEDIA_LNK_FL_INTERFACE_LINK`: interface (a `/dev` node) to the entity it controls.
    package static let interface = Self(rawValue: 1)
    /// `MEDIA_LNK_FL_ANCILLARY_LINK`: entity to an entity that serves it (a lens or flash of a sensor).
    package static let ancillary = Self(rawValue: 2)

    package var description: String {
        switch self {
        case .data: "data"
        case .interface: "interface"
        case .ancillary: "ancillary"
        default: "type-\(rawValue)"
        }
    }
}

/// One interface (`struct media_v2_interface`): a device node that controls an entity.
package struct MediaInterface: Sendable, Hashable, Codable, Identifiable {
    package var id: UInt32
    /// `MEDIA_INTF_T_*`.
    package var type: MediaInterfaceType
    package var flags: UInt32
    /// The character device numbers.
    package var devnode: MediaDevnode
    /// The node in `/dev` (from `/sys/dev/char/MAJ:MIN/uevent` `DEVNAME`); nil when it could not be resolved.
    package var path: String?

    package init(id: UInt32, type: MediaInterfaceType, flags: UInt32, devnode: MediaDevnode, path: String?) {
        self.id = id
        self.type = type
        self.flags = flags
        self.devnode = devnode
        self.path = path
    }
}

/// A character device number, written `81:3`.
package struct MediaDevnode: Sendable, Hashable, Codable, CustomStringConvertible {
    package var major: UInt32
    package var minor: UInt32
    package init(major: UInt32, minor: UInt32) {
        self.major = major
        self.minor = minor
    }
    /// Parses `81:3`.
    package init?(_ text: String) {
        let parts = text.split(separator: ":")
        guard parts.count == 2, let a = UInt32(parts[0]), let b = UInt32(parts[1]) else { return nil }
        self.init(major: a, minor: b)
    }
    package var description: String { "\(major):\(minor)" }
}

/// `MEDIA_INTF_T_*`. Keeps the raw value; `name` spells the known ones without the prefix.
package struct MediaInterfaceType: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    package var rawValue: UInt32
    package init(rawValue: UInt32) { self.rawValue = rawValue }

    package static let dvbFE = Self(rawValue: 0x100)
    package static let dvbDemux = Self(rawValue: 0x101)
    package static let dvbDVR = Self(rawValue: 0x102)
    package static let dvbCA = Self(rawValue: 0x103)
    package static let dvbNet = Self(rawValue: 0x104)
    /// `/dev/videoN`.
    package static let v4lVideo = Self(rawValue: 0x200)
    package static let v4lVBI = Self(rawValue: 0x201)
    package static let v4lRadio = Self(rawValue: 0x202)
    /// `/dev/v4l-subdevN`.
    package static let v4lSubdev = Self(rawValue: 0x203)
    package static let v4lSWRadio = Self(rawValue: 0x204)
    package static let v4lTouch = Self(rawValue: 0x205)
    package static let alsaPCMCapture = Self(rawValue: 0x300)
    package static let alsaPCMPlayback = Self(rawValue: 0x301)
    package static let alsaControl = Self(rawValue: 0x302)
    package static let alsaCompress = Self(rawValue: 0x303)
    package static let alsaRawMIDI = Self(rawValue: 0x304)
    package static let alsaHWDep = Self(rawValue: 0x305)
    package static let alsaSequencer = Self(rawValue: 0x306)
    package static let alsaTimer = Self(rawValue: 0x307)

    /// Known types by their `<linux/media.h>` name without `MEDIA_INTF_T_`.
    package static let known: [(Self, String)] = [
        (.dvbFE, "DVB_FE"), (.dvbDemux, "DVB_DEMUX"), (.dvbDVR, "DVB_DVR"), (.dvbCA, "DVB_CA"), (.dvbNet, "DVB_NET"),
        (.v4lVideo, "V4L_VIDEO"), (.v4lVBI, "V4L_VBI"), (.v4lRadio, "V4L_RADIO"), (.v4lSubdev, "V4L_SUBDEV"),
        (.v4lSWRadio, "V4L_SWRADIO"), (.v4lTouch, "V4L_TOUCH"), (.alsaPCMCapture, "ALSA_PCM_CAPTURE"),
        (.alsaPCMPlayback, "ALSA_PCM_PLAYBACK"), (.alsaControl, "ALSA_CONTROL"), (.alsaCompress, "ALSA_COMPRESS"),
        (.alsaRawMIDI, "ALSA_RAWMIDI"), (.alsaHWDep, "ALSA_HWDEP"), (.alsaSequencer, "ALSA_SEQUENCER"), (.alsaTimer, "ALSA_TIMER"),
    ]

    /// `V4L_SUBDEV` for 0x203; nil for values this version does not know.
    package var name: String? { Self.known.first { $0.0 == self }?.1 }

    /// Looks a type up by name (`V4L_VIDEO` or `MEDIA_INTF_T_V4L_VIDEO`) or number.
    package init?(named text: String) {
        let bare = text.hasPrefix("MEDIA_INTF_T_") ? String(text.dropFirst(13)) : text
        if let (t, _) = Self.known.first(where: { $0.1 == bare }) {
            self = t
        } else if let n = parseFlexibleUInt32(text) {
            self.init(rawValue: n)
        } else {
            return nil
        }
    }

    package var description: String { name ?? "0x" + String(rawValue, radix: 16) }
}

/// `0x20001` or `131073`.
func parseFlexibleUInt32(_ text: String) -> UInt32? {
    text.hasPrefix("0x") ? UInt32(text.dropFirst(2), radix: 16) : UInt32(text)
}
