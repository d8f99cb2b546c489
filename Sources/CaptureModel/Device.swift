/// A stable device identifier: survives reboots and replugs, never a `/dev/videoN` number.
///
/// USB: `usb-VID:PID-SERIAL`; without a serial, or when two devices share one,
/// the port path is added (`usb-VID:PID@pci-0000:00:14.0-usb-0:1.2`). Other
/// buses: the bus and the driver's bus_info (`platform-vivid-000`).
public struct DeviceID: Sendable, Hashable, Codable, CustomStringConvertible, Comparable {
    public var rawValue: String
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }
    public static func < (a: DeviceID, b: DeviceID) -> Bool { a.rawValue < b.rawValue }
    public init(from decoder: any Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(rawValue)
    }
}

/// How the device is attached.
public struct Transport: Sendable, Hashable, Codable, CustomStringConvertible {
    /// `.usb`, `.pci`, `.platform`, `.virtual`, `.unknown`, or another sysfs bus (`TransportKind`).
    public var kind: TransportKind
    /// Link speed in Mbit/s from sysfs `speed` (USB only).
    public var speedMbps: Double?
    /// "USB 2.0 High-Speed (480 Mbit/s)", "platform", …
    public var label: String

    public init(kind: TransportKind, speedMbps: Double? = nil) {
        self.kind = kind
        self.speedMbps = speedMbps
        self.label = Transport.label(kind: kind, speedMbps: speedMbps)
    }

    public var description: String { label }

    static func label(kind: TransportKind, speedMbps: Double?) -> String {
        guard kind == .usb else { return kind.rawValue }
        guard let s = speedMbps else { return "USB" }
        let name: String
        switch s {
        case _ where !s.isFinite || s < 0: return "USB (\(s) Mbit/s?)"
        case ..<2: name = "USB 1.x Low-Speed"
        case ..<13: name = "USB 1.1 Full-Speed"
        case ..<481: name = "USB 2.0 High-Speed"
        case ..<5001: name = "USB 3.0 SuperSpeed"
        case ..<10001: name = "USB 3.1 SuperSpeed+"
        default: name = "USB 3.2 SuperSpeed+"
        }
        // A profile may carry any number here: only plain integers are printed as such.
        let mbps = s == s.rounded() && abs(s) < 1e15 ? String(Int64(s)) : String(s)
        return "\(name) (\(mbps) Mbit/s)"
    }
}

/// Where the identity came from: udev's database and sysfs.
public struct DeviceIdentity: Sendable, Hashable, Codable {
    public var vendorID: String?
    public var productID: String?
    public var serial: String?
    public var manufacturer: String?
    public var product: String?
    /// Physical port path, udev `ID_PATH` style, computed from sysfs (e.g. `pci-0000:00:14.0-usb-0:1.2`).
    public var portPath: String?
    /// udev's own `ID_PATH` for the capture node, when udevd has run.
    public var udevIDPath: String?
    /// `/dev/v4l/by-id/…` links to the capture node.
    public var byID: [String]
    /// `/dev/v4l/by-path/…` links to the capture node.
    public var byPath: [String]
    /// V4L2 `bus_info`, e.g. `usb-0000:00:14.0-1.2`.
    public var busInfo: String
    public var driver: String
    /// sysfs path of the physical parent (USB device, PCI function, platform device).
    public var physicalPath: String?

    public init(
        vendorID: String? = nil, productID: String? = nil, serial: String? = nil, manufacturer: String? = nil, product: String? = nil,
        portPath: String? = nil, udevIDPath: String? = nil, byID: [String] = [], byPath: [String] = [], busInfo: String,
        driver: String, physicalPath: String? = nil
    ) {
        self.vendorID = vendorID
        self.productID = productID
        self.serial = serial
        self.manufacturer = manufacturer
        self.product = product
        self.portPath = portPath
        self.udevIDPath = udevIDPath
        self.byID = byID
        self.byPath = byPath
        self.busInfo = busInfo
        self.driver = driver
        self.physicalPath = physicalPath
    }
}

/// One device node that belongs to a physical device.
public struct DeviceNode: Sendable, Hashable, Codable {
    /// `.capture`, `.metadata`, `.output`, `.metadataOutput`, `.media`, `.audio` (an ALSA card's control node),
    /// `.other`, or `.unknown` (could not be opened); see `NodeRole`.
    public var role: NodeRole
    public var path: String
    public var deviceCaps: CapabilityFlags?
    public init(role: NodeRole, path: String, deviceCaps: CapabilityFlags? = nil) {
        self.role = role
        self.path = path
        self.deviceCaps = deviceCaps
    }
}

/// One physical capture device: its nodes grouped, its identity, and what
/// each of its capture nodes can do.
public struct Device: Sendable, Hashable, Codable {
    public var id: DeviceID
    public var name: String
    /// `VID:PID` for USB devices.
    public var modelID: String?
    public var transport: Transport
    public var identity: DeviceIdentity
    public var nodes: [DeviceNode]
    public var captures: [CaptureNodeCapabilities]
    /// ALSA capture cards of the same physical device: a camera's microphone
    /// (AVFoundation's linked device), or, when `captures` is empty, a
    /// microphone of its own. Absent from documents written before it existed.
    public var audio: [AudioCaptureCard]
    /// For a media-controller camera: its sensor, lens, modes and paths through the media graph.
    /// `captures` then hold the sensor's modes as each output node delivers them, not the receiver's limits.
    /// nil for cameras that are their own capture node (UVC and the like).
    package var sensor: SensorCamera?
    public var problems: [Problem]
    /// For a profile made by `camprobe import`: which file gave which fact. nil for live devices.
    package var provenance: ImportProvenance?
    /// For a USB camera: its bus (link speed, hubs, controller, streaming alternate settings, measured settings);
    /// nil when not USB or not read. Absent from documents written before it existed.
    package var usb: DeviceUSB?

    package init(
        id: DeviceID, name: String, modelID: String?, transport: Transport, identity: DeviceIdentity,
        nodes: [DeviceNode], captures: [CaptureNodeCapabilities], audio: [AudioCaptureCard] = [], sensor: SensorCamera? = nil,
        problems: [Problem] = [], provenance: ImportProvenance? = nil, usb: DeviceUSB? = nil
    ) {
        self.id = id
        self.name = name
        self.modelID = modelID
        self.transport = transport
        self.identity = identity
        self.nodes = nodes
        self.captures = captures
        self.audio = audio
        self.sensor = sensor
        self.problems = problems
        self.provenance = provenance
        self.usb = usb
    }

    /// For a media-controller camera (a sensor entity of a media graph: vimc, a Raspberry Pi or Rockchip camera):
    /// its sensor, media device, subdevice node, pipeline pads with their formats, and how its frame rate is
    /// known (read with `MEDIA_IOC_G_TOPOLOGY`, `MEDIA_IOC_DEVICE_INFO` and `VIDIOC_SUBDEV_G_FMT`). nil for a
    /// camera that is its own capture node (UVC and the like).
    public var mediaCamera: MediaCamera? { sensor.map(MediaCamera.init) }

    /// Every problem of the device and its nodes.
    public var allProblems: [Problem] {
        problems + captures.flatMap(\.problems) + audio.flatMap { $0.problems + $0.pcms.flatMap(\.problems) }
    }

    /// `.video` when it has a video capture node, `.audio` for a microphone on its own.
    public var mediaType: MediaType { captures.isEmpty && nodes.allSatisfy({ $0.role == .audio }) && !audio.isEmpty ? .audio : .video }

    enum CodingKeys: String, CodingKey {
        case id, name, modelID, transport, identity, nodes, captures, audio, sensor, problems, provenance, usb
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(DeviceID.self, forKey: .id)
        name = try c.decode(String.self, forKey: .name)
        modelID = try c.decodeIfPresent(String.self, forKey: .modelID)
        transport = try c.decode(Transport.self, forKey: .transport)
        identity = try c.decode(DeviceIdentity.self, forKey: .identity)
        nodes = try c.decode([DeviceNode].self, forKey: .nodes)
        captures = try c.decode([CaptureNodeCapabilities].self, forKey: .captures)
        audio = try c.decodeIfPresent([AudioCaptureCard].self, forKey: .audio) ?? []
        sensor = try c.decodeIfPresent(SensorCamera.self, forKey: .sensor)
        problems = try c.decode([Problem].self, forKey: .problems)
        provenance = try c.decodeIfPresent(ImportProvenance.self, forKey: .provenance)
        usb = try c.decodeIfPresent(DeviceUSB.self, forKey: .usb)
    }
}

/// The document `camprobe list --json` writes.
package struct DeviceListDocument: Sendable, Codable {
    /// Bumped when a field changes meaning or goes away; additions keep it.
    package var schemaVersion: Int
    package var generator: String
    package var devices: [Device]
    /// Problems not tied to one device (e.g. a node that vanished).
    package var problems: [Problem]
    /// What the PipeWire daemon publishes of these cameras, or why that is not known (nil when not asked).
    package var pipewire: PipeWireReport?
    package init(generator: String, devices: [Device], problems: [Problem] = [], pipewire: PipeWireReport? = nil) {
        self.schemaVersion = CaptureModelSchema.version
        self.generator = generator
        self.devices = devices
        self.problems = problems
        self.pipewire = pipewire
    }
}

/// The document `camprobe show --json` writes.
package struct DeviceDocument: Sendable, Codable {
    package var schemaVersion: Int
    package var generator: String
    package var device: Device
    /// The PipeWire view of this device (`PipeWireReport.scoped(to:)`) when read from a live system, or why it is not
    /// known; nil when not asked (a saved profile, an import) and in profiles written before it.
    package var pipewire: PipeWireReport?
    /// For a live media-controller camera, in `show --json` only: `device.mediaCamera`, what a recorder reads of
    /// it (derived from `device.sensor`, so never read back from a document). nil otherwise and for saved profiles.
    package var mediaCamera: MediaCamera?
    package init(generator: String, device: Device, pipewire: PipeWireReport? = nil, mediaCamera: MediaCamera? = nil) {
        self.schemaVersion = CaptureModelSchema.version
        self.generator = generator
        self.device = device
        self.pipewire = pipewire
        self.mediaCamera = mediaCamera
    }

    /// Reads a document; `mediaCamera` is left out (it is derived, the device's `sensor` is what was saved).
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        schemaVersion = try c.decode(Int.self, forKey: .schemaVersion)
        generator = try c.decode(String.self, forKey: .generator)
        device = try c.decode(Device.self, forKey: .device)
        pipewire = try c.decodeIfPresent(PipeWireReport.self, forKey: .pipewire)
        mediaCamera = nil
    }
}

/// Version of the JSON model.
package enum CaptureModelSchema {
    package static let version = 1
}
