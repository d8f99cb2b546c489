import CamProbe
import CamProbeTesting
import CaptureModel
import Doctor
import DoctorTesting
import Testing

/// Two USB cameras alike and without a serial are told apart only by their port: doctor says so, with the
/// one /dev/v4l/by-id name udev gives both (seen on two UVC gadgets in the guest's block uvc).
@Suite("Doctor: cameras alike without a serial")
struct AlikeCamerasTests {
    static func cameras(serials: [String?], pids: [String] = ["0102", "0102"]) throws -> [Device] {
        let nodes = zip(serials, pids).enumerated().map { i, sp in
            webcamNode(
                path: "/dev/video\(i * 3)", bus: "usb-vhci_hcd.0-\(i + 1)",
                udev: usbParent(
                    sys: "/sys/devices/platform/vhci_hcd.0/usb1/1-\(i + 1)", serial: sp.0, port: "1-\(i + 1)", vid: "1d6b", pid: sp.1))
        }
        return try Fixtures.system(json: #"{"nodes":["# + nodes.joined(separator: ",") + "]}").discoverAll().devices
    }

    static let host = FakeDoctorHost(links: [
        StableLink(link: "/dev/v4l/by-id/usb-camprobe_gadget-video-index0", target: "/dev/video3"),
        StableLink(link: "/dev/v4l/by-path/platform-vhci_hcd.0-usb-0:1:1.0-video-index0", target: "/dev/video0"),
        StableLink(link: "/dev/v4l/by-path/platform-vhci_hcd.0-usb-0:2:1.0-video-index0", target: "/dev/video3"),
    ])

    @Test func twoAlikeWithoutSerialAreToldApartOnlyByPort() throws {
        let devices = try Self.cameras(serials: [nil, nil])
        #expect(devices.count == 2)
        let found = Checkup(host: Self.host).run(Checkup.Input(devices: [devices[0]], allDevices: devices)).findings
            .filter { $0.check == .alikeWithoutSerial }
        let f = try #require(found.first)
        #expect(found.count == 1 && f.severity == .warning)
        #expect(
            f.title.hasPrefix("2 cameras 1d6b:0102 (") && f.title.hasSuffix("have no serial number: only their USB port tells them apart"))
        #expect(f.evidence.contains { $0.contains("/dev/video0: 1d6b:0102, no serial") && $0.contains("port 1-1") })
        #expect(f.evidence.contains { $0.contains("/dev/video3: 1d6b:0102, no serial") && $0.contains("port 1-2") })
        #expect(
            f.evidence.contains(
                "readlink /dev/v4l/by-id/usb-camprobe_gadget-video-index0 → /dev/video3: one name for 2 cameras; it points at one of them"))
        #expect(
            f.fix.contains("platform-vhci_hcd.0-usb-0:1:1.0-video-index0") && f.fix.contains("platform-vhci_hcd.0-usb-0:2:1.0-video-index0")
        )
    }

    @Test func aSerialOrAnotherModelOrOneAloneIsNotAFinding() throws {
        for devices in [
            try Self.cameras(serials: ["A1", "B2"]), try Self.cameras(serials: [nil, nil], pids: ["0102", "0103"]),
            try Self.cameras(serials: [nil]),
        ] {
            let findings = Checkup(host: Self.host).run(Checkup.Input(devices: devices)).findings
            #expect(!findings.contains { $0.check == .alikeWithoutSerial }, "\(devices.map(\.id))")
        }
    }
}
