import Foundation
import Testing

/// `negotiate --together … --usb-from FILE`: a pasted machine's bus (lsusb -v for the settings, lsusb -t for where
/// the cameras sit) planned with the shipped profiles.
@Suite("negotiate --together --usb-from")
struct JointPastedBusTests {
    static func camera(_ bus: Int, _ dev: Int, _ id: String, packets: [String]) -> String {
        var s = "Bus 00\(bus) Device 00\(dev): ID \(id) camera\nDevice Descriptor:\n  bDeviceClass 239\n  Configuration Descriptor:\n"
        s += "    Interface Descriptor:\n      bInterfaceNumber 1\n      bAlternateSetting 0\n      bInterfaceClass 14 Video\n"
        s += "      bInterfaceSubClass 2 Video Streaming\n"
        for (i, p) in packets.enumerated() {
            s += "    Interface Descriptor:\n      bInterfaceNumber 1\n      bAlternateSetting \(i + 1)\n      bInterfaceClass 14 Video\n"
            s += "      bInterfaceSubClass 2 Video Streaming\n      Endpoint Descriptor:\n        bEndpointAddress 0x81 EP 1 IN\n"
            s += "        bmAttributes 5\n        wMaxPacketSize \(p) bytes\n        bInterval 1\n"
        }
        return s
    }

    static func write(_ name: String, _ text: String) throws -> String {
        let dir = CLI.scratch + "/joint-pasted"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try text.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8)
        return dir + "/" + name
    }

    @Test func twoCamerasOnOneEHCIBusFromPastedText() throws {
        let verbose = try Self.write(
            "lsusb-v.txt",
            Self.camera(1, 3, "046d:0826", packets: ["0x0400", "0x0c00", "0x1400"])
                + Self.camera(1, 4, "0c45:6366", packets: ["0x0400", "0x0c00", "0x1400"]))
        let tree = try Self.write(
            "lsusb-t.txt",
            """
            /:  Bus 01.Port 1: Dev 1, Class=root_hub, Driver=ehci-pci/2p, 480M
                |__ Port 1: Dev 2, If 0, Class=Hub, Driver=hub/6p, 480M
                    |__ Port 2: Dev 3, If 1, Class=Video, Driver=uvcvideo, 480M
                    |__ Port 3: Dev 4, If 1, Class=Video, Driver=uvcvideo, 480M

            """)
        let r = try CLI.run([
            "negotiate", "--profile", JointNegotiateEndToEndTests.c525, "--profile", JointNegotiateEndToEndTests.arducam,
            "--together", "0", "1", "--size", "1280x720", "--fps", "30", "--format", "MJPG", "--usb-from", verbose, "--usb-from", tree,
        ])
        #expect(r.status == 3, "\(r.stderr)")
        #expect(r.stdout.contains("bus 1:"))
        #expect(r.stdout.contains("EHCI/dwc2"))
        #expect(!r.stdout.contains("bus not read"))
    }

    @Test func usbFromNeedsTogether() throws {
        let r = try CLI.run(["negotiate", "--profile", JointNegotiateEndToEndTests.c525, "0", "--preset", "high", "--usb-from", "x"])
        #expect(r.status == 2)
    }
}
