import CamProbeTesting
import CaptureModel
import Foundation
import Testing
import Udev

@testable import CamProbe
@testable import Fleet

/// P24 item 6, "the fleet sees its buses": the textfile's USB bandwidth families, read from a sysfs tree laid out as
/// Linux's (`USBSysfsFixture`, the Logitech B990's settings: alt 10 carries 2688 B = 53 µs, alt 11 3060 B = 61 µs, by
/// the kernel's HS_USECS_ISO), for C525 cameras whose wish is the mode they are set to (YUYV 640x480 at 30 fps:
/// uvcvideo's FIX_BANDWIDTH payload 2392 B, so alt 10).
@Suite struct FleetBusTests {
    static func root() -> String { NSTemporaryDirectory() + "camprobe-fleet-bus-\(UUID().uuidString)" }

    /// C525 number `n` on the USB device at `sysfs`.
    static func camera(_ n: Int, sysfs: String?) throws -> Device {
        var d = try FleetTests.device(n)
        d.transport = Transport(kind: .usb, speedMbps: 480)
        d.identity.physicalPath = sysfs
        return d
    }

    /// A camera on no USB bus (vivid-like: a platform device).
    static func platformCamera() throws -> Device {
        var d = try FleetTests.device(9)
        d.id = DeviceID("platform-vivid.0")
        d.transport = Transport(kind: .platform)
        d.identity.physicalPath = "/sys/devices/platform/vivid.0"
        return d
    }

    static func text(_ devices: [Device], root: String) -> String {
        var inv = FleetInventory()
        inv.seed(devices)
        inv.buses = FleetBusProbe(reader: USBBusReader(root: root), measured: { _ in [:] }).read(inv)
        return FleetMetrics.render(inv, now: 0, startedAt: 0, version: "t")
    }

    @Test func twoCamerasInOneDomainOneStreamingAndACameraOnNoBus() throws {
        let root = Self.root()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let bus = try USBSysfsFixture(root: root, driver: "ehci-pci", vendor: "0x8086", device: "0x1e2d")
        let one = try bus.camera(port: 1, held: 11, video: "video0")  // streaming: 3 × 1020 B, 61 µs
        let two = try bus.camera(port: 2, held: 0, video: "video2")  // idle
        let text = Self.text([try Self.camera(1, sysfs: one), try Self.camera(2, sysfs: two), try Self.platformCamera()], root: root)
        for line in [
            #"camprobe_usb_domain_reserved_seconds{domain="bus 1",family="EHCI/dwc2"} 6.1e-05"#,
            #"camprobe_usb_domain_load_ratio{domain="bus 1"} 0.61"#,
            #"camprobe_usb_domain_capacity{domain="bus 1",family="EHCI/dwc2",unit="µs per 125 µs microframe"} 100"#,
            #"camprobe_usb_domain_camera{domain="bus 1",id="usb-046d:0826-S1"} 1"#,
            #"camprobe_usb_domain_camera{domain="bus 1",id="usb-046d:0826-S2"} 1"#,
            #"camprobe_usb_domain_camera_reserved_seconds{domain="bus 1",id="usb-046d:0826-S1"} 6.1e-05"#,
            #"camprobe_usb_domain_camera_reserved_seconds{domain="bus 1",id="usb-046d:0826-S2"} 0"#,
            // Both wish YUYV 640x480@30 (alt 10, 53 µs): 106 of 100 µs, so one of the two does not fit.
            #"camprobe_usb_domain_unfit_wishes{domain="bus 1"} 1"#,
            #"camprobe_usb_domain_unknown_wishes{domain="bus 1"} 0"#,
            "camprobe_usb_cameras_unread 0",
        ] {
            #expect(text.contains(line + "\n"), "missing: \(line)")
        }
        let usb = text.split(separator: "\n").filter { $0.hasPrefix("camprobe_usb_") }
        #expect(usb.count == 10, "one domain: 3 domain series, 2 × 2 camera series, 2 wish counts, the unread count")
        #expect(!usb.contains { $0.contains("vivid") }, "a camera on no USB bus is in no domain")
    }

    @Test func anIdleDomainAndACameraWhoseBusCannotBeRead() throws {
        let root = Self.root()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let bus = try USBSysfsFixture(root: root)  // xHCI: one domain per root port
        let one = try bus.camera(port: 1, held: 0, video: "video0")
        let text = Self.text([try Self.camera(1, sysfs: one), try Self.camera(2, sysfs: root + "/devices/gone/1-9")], root: root)
        for line in [
            #"camprobe_usb_domain_reserved_seconds{domain="bus 1 port 1",family="xHCI (per root port, assumed)"} 0"#,
            #"camprobe_usb_domain_load_ratio{domain="bus 1 port 1"} 0"#,
            #"camprobe_usb_domain_camera{domain="bus 1 port 1",id="usb-046d:0826-S1"} 1"#,
            #"camprobe_usb_domain_unfit_wishes{domain="bus 1 port 1"} 0"#,
            "camprobe_usb_cameras_unread 1",
        ] {
            #expect(text.contains(line + "\n"), "missing: \(line)")
        }
        #expect(!text.split(separator: "\n").contains { $0.hasPrefix("camprobe_usb_domain_") && $0.contains("S2") })
    }

    @Test func wishesThatDoNotFitAreCountedAndUnknownOnesAreNot() throws {
        let root = Self.root()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let bus = try USBSysfsFixture(root: root, driver: "ehci-pci", vendor: "0x8086", device: "0x1e2d")
        var cams: [Device] = []
        for n in 1...4 { cams.append(try Self.camera(n, sysfs: try bus.camera(port: n, held: 0, video: "video\(2 * n)"))) }
        func state(_ devices: [Device]) -> FleetBusState.Domain? {
            var inv = FleetInventory()
            inv.seed(devices)
            return FleetBusProbe(reader: USBBusReader(root: root), measured: { _ in [:] }).read(inv).domains.first
        }
        // Four wishes of 53 µs on one 100 µs budget: one fits, three do not.
        #expect(state(cams)?.unfitWishes == 3)
        // The inventory's bound caps the cameras listed, not what is counted.
        var bounded = FleetInventory(maximumDevices: 1)
        bounded.seed(cams)
        let few = FleetBusProbe(reader: USBBusReader(root: root), measured: { _ in [:] }).read(bounded).domains
        #expect(few.count == 1 && few.first?.members.count == 1 && few.first?.unfitWishes == 3, "\(few)")
        // Small wishes (YUYV 160x120@30: uvcvideo's 1024 B floor, alt 7, 26 µs) fit together, packed first.
        var small = cams
        for i in [1, 2, 3] {
            small[i].captures[0].activeFormat?.width = 160
            small[i].captures[0].activeFormat?.height = 120
        }
        #expect(state(small)?.unfitWishes == 1, "26 + 26 + 26 fit; the 53 beside them does not")
        // A wish no setting carries (YUYV 1920x1080@5: 3122 B > 3060) never fits; a mode not read is unknown, not unfit.
        var odd = Array(cams.prefix(2))
        odd[0].captures[0].activeFormat?.width = 1920
        odd[0].captures[0].activeFormat?.height = 1080
        odd[0].captures[0].streamingParameters?.frameInterval = FrameDuration(1, 5)
        odd[1].captures[0].activeFormat = nil
        let d = try #require(state(odd))
        // Unknown: the camera whose mode was not read, and the two on the bus this inventory does not track.
        #expect(d.unfitWishes == 1 && d.unknownWishes == 3, "\(d)")
        #expect(d.members.map(\.id) == ["usb-046d:0826-S1", "usb-046d:0826-S2", "1-3", "1-4"])
        // A setting measured for the mode (verify --measure-usb) wins over the estimate: alt 7 (26 µs) each, three fit.
        var inv = FleetInventory()
        inv.seed(cams)
        let measured = FleetBusProbe(reader: USBBusReader(root: root), measured: { _ in ["YUYV 640x480@30": 7] }).read(inv)
        #expect(measured.domains.first?.unfitWishes == 1, "\(measured.domains)")
    }

    @Test func theWishIsTheModeTheCameraIsSetTo() throws {
        var d = try FleetTests.device(1)
        #expect(FleetWish.of(d.captures[0])?.key == "YUYV 640x480@30")
        d.captures[0].streamingParameters?.frameInterval = FrameDuration(1, 29)  // not a rate the camera lists
        #expect(FleetWish.of(d.captures[0]) == nil)
    }

    @Test func theTextfileCarriesTheDomainsAndPromtoolAcceptsIt() async throws {
        let root = Self.root()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let bus = try USBSysfsFixture(root: root, driver: "ehci-pci", vendor: "0x8086", device: "0x1e2d")
        let one = try bus.camera(port: 1, held: 11, video: "video0")
        let dir = root + "/textfile"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let file = try #require(
            FleetTextfile(
                writer: TextfileWriter(directory: dir), version: "t",
                busProbe: FleetBusProbe(reader: USBBusReader(root: root), measured: { _ in [:] })))
        try await file.start(present: [try Self.camera(1, sysfs: one), try Self.platformCamera()])
        let text = try String(contentsOfFile: dir + "/camprobe.prom", encoding: .utf8)
        #expect(text.contains(#"camprobe_usb_domain_load_ratio{domain="bus 1"} 0.61"#))
        for f in ["reserved_seconds", "load_ratio", "capacity", "camera", "camera_reserved_seconds", "unfit_wishes", "unknown_wishes"] {
            #expect(text.components(separatedBy: "# TYPE camprobe_usb_domain_\(f) gauge\n").count == 2, "\(f) once")
        }
        guard let promtool = ["/usr/bin/promtool", "/usr/local/bin/promtool"].first(where: FileManager.default.isExecutableFile)
        else {
            print("skip: promtool is not installed (apt-get install prometheus); the file is not checked by it")
            return
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: promtool)
        p.arguments = ["check", "metrics"]
        p.standardInput = FileHandle(forReadingAtPath: dir + "/camprobe.prom")
        let out = Pipe()
        p.standardOutput = out
        p.standardError = out
        try p.run()
        let said = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0 && said.isEmpty, "promtool check metrics: \(said)")
    }
}
