import FoundationEssentials
import Testing

@testable import CaptureModel

@Suite("Stable device IDs from identity")
struct DeviceIdentityStableIDTests {
    static let usb = Transport(kind: .usb, speedMbps: 480)

    static func identity(
        vendor: String? = "046d", product: String? = "0825", serial: String? = nil, port: String? = nil, bus: String,
        physical: String? = nil
    ) -> DeviceIdentity {
        DeviceIdentity(
            vendorID: vendor, productID: product, serial: serial, portPath: port, busInfo: bus, driver: "uvcvideo",
            physicalPath: physical)
    }

    @Test func modelIDNeedsBothHalves() {
        #expect(Self.identity(bus: "").modelID == "046d:0825")
        #expect(Self.identity(vendor: nil, bus: "").modelID == nil)
        #expect(Self.identity(product: nil, bus: "").modelID == nil)
    }

    @Test func usbWithSerial() {
        let id = Self.identity(serial: "ABC 12/3", port: "pci-0000:00:14.0-usb-0:1.2", bus: "usb-0000:00:14.0-1.2")
        #expect(id.baseID(transport: Self.usb) == "usb-046d:0825-ABC_12_3")
    }

    @Test func usbWithoutSerialUsesThePort() {
        let port = "pci-0000:00:14.0-usb-0:1.2"
        #expect(Self.identity(port: port, bus: "usb-0000:00:14.0-1.2").baseID(transport: Self.usb) == "usb-046d:0825@" + port)
        // An empty serial is no serial.
        #expect(Self.identity(serial: "", port: port, bus: "x").baseID(transport: Self.usb) == "usb-046d:0825@" + port)
    }

    @Test func usbWithoutSerialOrPortFallsBackToBusInfo() {
        #expect(Self.identity(bus: "usb-0000:00:14.0-1.2").baseID(transport: Self.usb) == "usb-0000:00:14.0-1.2")
        #expect(Self.identity(vendor: nil, serial: "S1", bus: "usb-0000:00:14.0-3").baseID(transport: Self.usb) == "usb-0000:00:14.0-3")
    }

    @Test(arguments: [
        ("platform:vivid-000", TransportKind.platform, "platform-vivid-000"), ("PCI:0000:03:00.0", TransportKind.pci, "pci-0000:03:00.0"),
        ("PCIe:0000:03:00.0", TransportKind.pci, "pci-0000:03:00.0"),
        ("platform:fe801000.csi", TransportKind.platform, "platform-fe801000.csi"),
        ("tb:1 port", TransportKind(rawValue: "thunderbolt"), "thunderbolt-tb:1_port"),
        ("platform:a/b", TransportKind.virtual, "virtual-a_b"),
    ])
    func otherBuses(_ bus: String, _ kind: TransportKind, _ expected: String) {
        let id = Self.identity(vendor: nil, product: nil, bus: bus)
        #expect(id.baseID(transport: Transport(kind: kind)) == expected)
    }

    @Test func serialOnlyCountsOnUSB() {
        let id = Self.identity(serial: "XYZ", bus: "PCI:0000:01:00.0")
        #expect(id.baseID(transport: Transport(kind: .pci)) == "pci-0000:01:00.0")
    }

    @Test func emptyBusInfoUsesPortOrPhysicalPath() {
        let mic = Self.identity(vendor: nil, product: nil, port: "usb-0:1.4", bus: "")
        #expect(mic.baseID(transport: Self.usb) == "usb-0:1.4")
        let pciPort = Self.identity(vendor: nil, product: nil, port: "pci-0000:00:1f.3", bus: "")
        #expect(pciPort.baseID(transport: Self.usb) == "usb-pci-0000:00:1f.3")
        let physical = Self.identity(vendor: nil, product: nil, bus: "", physical: "/sys/devices/platform/sound")
        #expect(physical.baseID(transport: Transport(kind: .platform)) == "platform-_sys_devices_platform_sound")
        let nothing = Self.identity(vendor: nil, product: nil, bus: "")
        #expect(nothing.baseID(transport: Transport(kind: .virtual)) == "virtual-unknown")
    }

    @Test(arguments: [
        ("abc-DEF_1.2:3", "abc-DEF_1.2:3"), ("a b/c", "a_b_c"), ("é1", "_1"), ("", ""), ("日本", "__"), ("x\ny", "x_y"), ("١٢", "__"),
    ])
    func sanitize(_ raw: String, _ expected: String) {
        #expect(DeviceIdentity.sanitizeID(raw) == expected)
    }
}

@Suite("Devices: problems, media type and documents")
struct DeviceModelTests {
    static func device(nodes: [DeviceNode], captures: [CaptureNodeCapabilities] = [], audio: [AudioCaptureCard] = []) -> Device {
        Device(
            id: DeviceID("usb-046d:0825-ABC"), name: "C270", modelID: "046d:0825", transport: Transport(kind: .usb, speedMbps: 480),
            identity: DeviceIdentity(busInfo: "usb-0000:00:14.0-1", driver: "uvcvideo"), nodes: nodes, captures: captures, audio: audio,
            problems: [Problem(kind: .identity, message: "device")])
    }
    static let card = AudioCaptureCard(
        card: 1, cardID: "C270", name: "USB Device", longName: "", driver: "USB-Audio", controlPath: "/dev/snd/controlC1",
        pcms: [
            AudioCapturePCM(
                device: 0, alsaName: "hw:CARD=C270,DEV=0", name: "USB Audio", subdevices: 1,
                problems: [Problem(kind: .busy, message: "pcm")])
        ], problems: [Problem(kind: .alsaFailed, message: "card")])
    static let capture = CaptureNodeCapabilities(
        path: "/dev/video0",
        identity: NodeIdentity(
            driver: "uvcvideo", card: "C270", busInfo: "usb-1", version: "6.1.0", capabilities: [], deviceCaps: [.videoCapture]),
        problems: [Problem(kind: .duplicate, message: "node")])

    @Test func allProblemsInOrder() {
        let d = Self.device(nodes: [DeviceNode(role: .capture, path: "/dev/video0")], captures: [Self.capture], audio: [Self.card])
        #expect(d.allProblems.map(\.message) == ["device", "node", "card", "pcm"])
        #expect(d.allProblems.map(\.kind) == [.identity, .duplicate, .alsaFailed, .busy])
    }

    @Test func mediaTypeFromNodes() {
        #expect(Self.device(nodes: [DeviceNode(role: .audio, path: "/dev/snd/controlC1")], audio: [Self.card]).mediaType == .audio)
        #expect(Self.device(nodes: [], audio: [Self.card]).mediaType == .audio)
        #expect(Self.device(nodes: [DeviceNode(role: .audio, path: "/dev/snd/controlC1")]).mediaType == .video)
        #expect(
            Self.device(nodes: [DeviceNode(role: .audio, path: "c"), DeviceNode(role: .media, path: "/dev/media0")], audio: [Self.card])
                .mediaType
                == .video)
        #expect(Self.device(nodes: [], captures: [Self.capture], audio: [Self.card]).mediaType == .video)
    }

    @Test func documentsCarryTheSchemaVersion() throws {
        let d = Self.device(nodes: [DeviceNode(role: .capture, path: "/dev/video0", deviceCaps: [.videoCapture])], captures: [Self.capture])
        let list = DeviceListDocument(generator: "camprobe test", devices: [d])
        #expect(list.schemaVersion == CaptureModelSchema.version && CaptureModelSchema.version == 1)
        let back = try roundTrip(list)
        #expect(back.devices == [d] && back.generator == "camprobe test" && back.problems.isEmpty)
        #expect(try roundTrip(DeviceDocument(generator: "g", device: d)).device == d)
    }

    @Test func deviceIDIsABareStringOrderedByText() throws {
        let ids = [DeviceID("usb-b"), DeviceID("pci-a"), DeviceID("usb-a")]
        #expect(ids.sorted().map(\.description) == ["pci-a", "usb-a", "usb-b"])
        #expect(try JSONDecoder().decode([String].self, from: JSONEncoder().encode(ids)) == ["usb-b", "pci-a", "usb-a"])
        #expect(try roundTrip(ids) == ids)
    }

    @Test func sensorAndProvenanceAreOptionalInDocuments() throws {
        var d = Self.device(nodes: [])
        d.provenance = ImportProvenance(sources: [
            ImportSource(file: "<stdin>", kind: "v4l2-ctl", facts: [FactOrigin(fact: "captures", line: 3)])
        ])
        let back = try roundTrip(d)
        #expect(back.provenance?.sources.first?.facts == [FactOrigin(fact: "captures", line: 3)])
        #expect(back.sensor == nil && back == d)
    }
}
