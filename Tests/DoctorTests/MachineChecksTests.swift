import CamProbe
import CamProbeTesting
import CaptureModel
import Doctor
import DoctorTesting
import Testing

/// The checks about the machine rather than one camera: udev running, `/dev/videoN` in config files, and the
/// bytes-per-second USB estimate doctor falls back to when the host cannot read the bus.
@Suite("Doctor: the machine")
struct MachineChecksTests {
    static func udev(_ state: UdevState) -> [DoctorFinding] {
        Checkup(host: FakeDoctorHost(udev: state)).run(Checkup.Input(devices: [])).findings.filter { $0.check == .udev }
    }

    @Test func udevNotRunningSaysWhichOfItsFilesIsMissing() throws {
        let stopped = Self.udev(UdevState(controlExists: false, databaseEntries: 0))
        try #require(stopped.count == 1)
        #expect(stopped[0].severity == .warning)
        #expect(stopped[0].evidence == ["/run/udev/control: missing", "/run/udev/data: 0 entries"])
        #expect(stopped[0].fix.hasPrefix("sudo systemctl start systemd-udevd"))
        // The socket is there but the database is not: still not running as doctor needs.
        #expect(Self.udev(UdevState(controlExists: true, databaseEntries: nil)).first?.evidence.last == "/run/udev/data: missing")
        #expect(
            Self.udev(UdevState(controlExists: false, databaseEntries: 12)).first?.evidence == [
                "/run/udev/control: missing", "/run/udev/data: 12 entries",
            ])
        #expect(Self.udev(UdevState(controlExists: true, databaseEntries: 12)).isEmpty)
    }

    static func config(_ host: FakeDoctorHost, _ files: [String]) -> [DoctorFinding] {
        Checkup(host: host).run(Checkup.Input(devices: [], configs: files)).findings.filter { $0.check == .configNodePath }
    }

    @Test func aConfigThatCannotBeReadIsAnErrorNamingIt() throws {
        let report = Checkup(host: FakeDoctorHost()).run(Checkup.Input(devices: [], configs: ["/nonexistent/camprobe-doctor.conf"]))
        let f = try #require(report.findings.first { $0.check == .configNodePath })
        #expect(f.severity == .error && f.title == "Cannot read /nonexistent/camprobe-doctor.conf")
        #expect(f.evidence.count == 1 && f.evidence[0].hasPrefix("/nonexistent/camprobe-doctor.conf: cannot read it: "))
        #expect(f.fix == "Check the path and its permissions: ls -l '/nonexistent/camprobe-doctor.conf'")
        #expect(report.hasErrors)
    }

    @Test func aByPathLinkServesWhenNoByIDLinkPointsAtTheNode() throws {
        let host = FakeDoctorHost(
            links: [StableLink(link: "/dev/v4l/by-path/pci-0000:00:14.0-usb-0:2:1.0-video-index0", target: "/dev/video2")],
            files: ["/etc/app.conf": "in=/dev/video2,out=/dev/video12x\n"])
        let found = Self.config(host, ["/etc/app.conf"])
        #expect(found.map { $0.config?.node } == ["/dev/video2", "/dev/video12"])
        #expect(found[0].fix == "In /etc/app.conf, replace /dev/video2 with /dev/v4l/by-path/pci-0000:00:14.0-usb-0:2:1.0-video-index0")
        #expect(found[0].evidence.last == "readlink /dev/v4l/by-path/pci-0000:00:14.0-usb-0:2:1.0-video-index0 → /dev/video2")
        #expect(found[1].config?.stableLink == nil)
        #expect(found[1].evidence.last == "no /dev/v4l/by-id or by-path link points to /dev/video12 now")
        #expect(found[1].fix.hasPrefix("Plug the camera in (with udev running) and run doctor again"))
    }

    @Test func aConfigWithoutVideoNodesIsNoFinding() {
        let host = FakeDoctorHost(files: ["/etc/app.conf": "dir=/dev/video\nother=/dev/videos\n"])
        #expect(Self.config(host, ["/etc/app.conf"]).isEmpty)
    }

    /// USB cameras YUYV 640x480 at 30 fps (18.4 MB/s each) on high-speed buses (48 MB/s each).
    static func cameras(buses: [Int]) throws -> [Device] {
        let nodes = buses.enumerated().map { i, bus in
            webcamNode(
                path: "/dev/video\(i * 2)", bus: "usb-0000:00:14.0-\(i + 1)",
                udev: usbParent(
                    sys: "/sys/devices/pci0000:00/0000:00:14.0/usb\(bus)/\(bus)-\(i + 1)", serial: "S\(i)", port: "\(bus)-\(i + 1)"))
        }
        return try Fixtures.system(json: #"{"nodes":["# + nodes.joined(separator: ",") + "]}").discoverAll().devices
    }

    /// P24 item 5: one model. A host whose sysfs gives no bus (the fake's) gets no bytes-per-second estimate: doctor
    /// says the bandwidth of the checked cameras was not checked (the bus model itself: USBDomainCheckTests).
    @Test func busesThatCannotBeReadAreSaidNotEstimated() throws {
        let devices = try Self.cameras(buses: [1, 1, 1])
        let found = Checkup(host: FakeDoctorHost()).run(Checkup.Input(devices: devices)).findings.filter { $0.check == .usbBandwidth }
        try #require(found.count == 1)
        #expect(found[0].severity == .info)
        #expect(found[0].title == "USB bandwidth not checked for 3 cameras: their buses could not be read")
        #expect(found[0].evidence.count == 3 && found[0].evidence.allSatisfy { !$0.contains("MB/s") })
        // Checking the bus-2 camera alone names that camera only.
        let four = try Self.cameras(buses: [1, 1, 1, 2])
        let alone = Checkup(host: FakeDoctorHost()).run(Checkup.Input(devices: [four[3]], allDevices: four)).findings
            .filter { $0.check == .usbBandwidth }
        #expect(alone.map(\.title) == ["USB bandwidth not checked for 1 camera: its bus could not be read"])
        #expect(alone.first?.device == four[3].name)
    }
}
