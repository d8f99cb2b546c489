import Foundation
import Testing

/// `camprobe import` of one camera pasted three ways (P22): a udevadm walk of its USB device, its v4l2-ctl dumps and
/// its plain lsusb line are one profile with the USB identity, speed and the ID discovery gives it.
@Suite("import: a USB device walk, v4l2-ctl and lsusb of one camera")
struct ImportThreePastesTests {
    static let f = ImportAnyEndToEndTests.root + "/Fixtures/"
    static let walk = f + "udevadm/sunplus-usb-device-walk.txt"
    static let dumps = f + "v4l2-ctl/30-sunplus-fhd-camera-microphone/"

    static func devices(_ stdout: String) throws -> [[String: Any]] {
        let doc = try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any]
        if let one = doc?["device"] as? [String: Any] { return [one] }
        return try #require(doc?["devices"] as? [[String: Any]])
    }

    @Test func threePastesAreOneCameraWithItsUSBIdentity() throws {
        // `lsusb -d 1bcf:2284`: the camera's plain line alone.
        let line = CLI.scratch + "/lsusb-d-\(UUID().uuidString).txt"
        try FileManager.default.createDirectory(atPath: CLI.scratch, withIntermediateDirectories: true)
        try "Bus 001 Device 003: ID 1bcf:2284 Sunplus Innovation Technology Inc. FHD Camera Microphone\n"
            .write(toFile: line, atomically: true, encoding: .utf8)
        let r = try CLI.run(["import", "-o", "-", Self.walk, Self.dumps + "all.txt", Self.dumps + "list-formats-ext.txt", line])
        #expect(r.status == 0, "\(r.stderr)")
        let devices = try Self.devices(r.stdout)
        #expect(devices.count == 1, "\(r.stdout)")
        let camera = try #require(devices.first)
        #expect(camera["id"] as? String == "usb-1bcf:2284-01.00.00")
        #expect(camera["modelID"] as? String == "1bcf:2284")
        let transport = camera["transport"] as? [String: Any]
        #expect(transport?["speedMbps"] as? Int == 480)
        #expect(transport?["label"] as? String == "USB 2.0 High-Speed (480 Mbit/s)")
        #expect((camera["captures"] as? [[String: Any]])?.isEmpty == false)
        let identity = camera["identity"] as? [String: Any]
        #expect(identity?["product"] as? String == "FHD Camera Microphone")
        #expect(identity?["manufacturer"] as? String == "Sunplus IT Co")
    }

    @Test func theWalkAloneIsAnIdentityWithNoModes() throws {
        let r = try CLI.run(["import", "-o", "-", Self.walk])
        #expect(r.status == 0, "\(r.stderr)")
        let d = try #require(try Self.devices(r.stdout).first)
        #expect(d["id"] as? String == "usb-1bcf:2284-01.00.00")
        #expect((d["captures"] as? [Any] ?? []).isEmpty)
        #expect(r.stderr.contains("alone it is not said to be a camera"))
    }
}
