import CamProbe
import CamProbeTesting
import CaptureModel
import Doctor
import DoctorTesting
import Testing

/// Doctor's USB bandwidth check with the bus model: cameras grouped by domain and costed by the setting they hold.
@Suite("Doctor: USB bandwidth domains")
struct USBDomainCheckTests {
    /// The fake machine, with bus models for some sysfs paths.
    struct BusHost: DoctorHost {
        var base = FakeDoctorHost(links: [])
        var links: [String: USBLink]
        func ownership(of path: String) -> NodeOwnership? { base.ownership(of: path) }
        func hasAccessACL(_ path: String) -> Bool { base.hasAccessACL(path) }
        func udevTags(of path: String) -> [String]? { base.udevTags(of: path) }
        func processGroups() -> [String] { base.processGroups() }
        func holders(of paths: [String]) -> [String: [NodeHolder]] { base.holders(of: paths) }
        func nodeUse(of path: String, bufferType: BufferType) -> NodeUse { base.nodeUse(of: path, bufferType: bufferType) }
        func stableLinks() -> [StableLink] { base.stableLinks() }
        func udevState() -> UdevState { base.udevState() }
        func readFile(_ path: String, limit: Int) throws(DoctorReadError) -> String { try base.readFile(path, limit: limit) }
        func directoryEntries(_ path: String) -> [String]? { base.directoryEntries(path) }
        func linkTarget(_ path: String) -> String? { base.linkTarget(path) }
        func pipeWireUsers(of path: String) -> [PipeWireClient]? { base.pipeWireUsers(of: path) }
        func usbLink(_ sysfsPath: String) -> USBLink? { links[sysfsPath] }
    }

    /// Two cameras on one EHCI bus, each holding alt 2 (3 × 1024 B) now: 61 + 61 µs.
    static func link(_ port: Int) -> USBLink {
        let alts = [
            USBStreamingAlt(interface: 1, alt: 0, endpoint: nil, transfer: .isochronous, wMaxPacketSize: 0),
            USBStreamingAlt(interface: 1, alt: 1, endpoint: 0x81, transfer: .isochronous, wMaxPacketSize: 0x0400),
            USBStreamingAlt(interface: 1, alt: 2, endpoint: 0x81, transfer: .isochronous, wMaxPacketSize: 0x1400),
        ]
        return USBLink(
            sysfsName: "1-\(port)", bus: 1, devpath: "\(port)", speedMbps: 480, controller: USBController(driver: "ehci-pci"), alts: alts,
            currentAlt: 2)
    }

    @Test func twoStreamingCamerasOverOneEHCIBudgetAreFound() throws {
        let devices = try AlikeCamerasTests.cameras(serials: ["A", "B"])
        let paths = devices.compactMap(\.identity.physicalPath)
        #expect(paths.count == 2)
        let host = BusHost(links: [paths[0]: Self.link(1), paths[1]: Self.link(2)])
        let found = Checkup(host: host).run(Checkup.Input(devices: devices)).findings.filter { $0.check == .usbBandwidth }
        #expect(found.count == 1)
        #expect(found.first?.subject == "bus 1")
        #expect(
            found.first?.evidence.contains {
                $0.contains("YUYV 640x480 at 30 fps (streaming now) → alt 2, 3072 B per µframe, 61 µs (measured)")
            } == true)
        #expect(found.first?.evidence.contains { $0.contains("load 122 > 100") } == true)
    }

    /// Not streaming, a camera counts what its current format (YUYV 640x480 at 30 fps: at least 2392 B) would take.
    @Test func anIdleCameraCountsWhatItsCurrentFormatWouldReserve() throws {
        let devices = try AlikeCamerasTests.cameras(serials: ["A", "B"])
        let paths = devices.compactMap(\.identity.physicalPath)
        var idle = Self.link(2)
        idle.currentAlt = 0
        let host = BusHost(links: [paths[0]: Self.link(1), paths[1]: idle])
        let found = Checkup(host: host).run(Checkup.Input(devices: devices)).findings.filter { $0.check == .usbBandwidth }
        #expect(
            found.first?.evidence.contains {
                $0.contains("(1-2): YUYV 640x480 at 30 fps (its current format) → alt 2, 3072 B per µframe, 61 µs (computedLowerBound)")
            } == true)
    }

    @Test func aCameraAloneOnItsDomainFits() throws {
        let devices = try AlikeCamerasTests.cameras(serials: ["A", "B"])
        let paths = devices.compactMap(\.identity.physicalPath)
        var other = Self.link(2)
        other.bus = 2
        let host = BusHost(links: [paths[0]: Self.link(1), paths[1]: other])
        let found = Checkup(host: host).run(Checkup.Input(devices: devices)).findings.filter { $0.check == .usbBandwidth }
        #expect(found.isEmpty)
    }

    /// P24 item 5: no bytes-per-second estimate. A bus that cannot be read is said, not guessed.
    @Test func aBusThatCannotBeReadIsSaidNotEstimated() throws {
        let devices = try AlikeCamerasTests.cameras(serials: ["A", "B"])
        let found = Checkup(host: BusHost(links: [:])).run(Checkup.Input(devices: devices)).findings.filter { $0.check == .usbBandwidth }
        #expect(found.count == 1)
        #expect(found.first?.severity == .info)
        #expect(found.first?.title == "USB bandwidth not checked for 2 cameras: their buses could not be read")
        #expect(found.first?.evidence.allSatisfy { !$0.contains("MB/s") } == true)
    }

    /// A device whose document carries its bus (`Device.usb`: a profile, an import) is checked with it.
    @Test func aBusCarriedByTheDocumentIsUsed() throws {
        var devices = try AlikeCamerasTests.cameras(serials: ["A", "B"])
        devices[0].usb = DeviceUSB(source: "lsusb -v", link: Self.link(1))
        devices[1].usb = DeviceUSB(source: "lsusb -v", link: Self.link(2))
        let found = Checkup(host: BusHost(links: [:])).run(Checkup.Input(devices: devices)).findings.filter { $0.check == .usbBandwidth }
        // Documents carry no held setting: each counts what its current format would take (2392 B → alt 2, 61 µs).
        #expect(found.count == 1)
        #expect(found.first?.subject == "bus 1")
        #expect(found.first?.evidence.contains { $0.contains("load 122 > 100") } == true)
    }
}
