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

    /// P24 item 7: with the whole plain `lsusb` pasted (a Bluetooth adapter and a receiver beside the camera), every
    /// profile import writes reads with `show --profile`: the camera whole, the others as identities whose
    /// capabilities are said to be unknown (exit 0, not "cannot read").
    @Test func everyProfileWrittenReads() throws {
        let dir = CLI.scratch + "/three-pastes-\(UUID().uuidString)"
        let r = try CLI.run([
            "import", "-o", dir + "/", Self.walk, Self.dumps + "all.txt", Self.dumps + "list-formats-ext.txt",
            Self.f + "lsusb/plain-sunplus.txt",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".json") }.sorted()
        #expect(files.count == 3, "\(files)")
        for file in files {
            let shown = try CLI.run(["show", "--profile", dir + "/" + file])
            #expect(shown.status == 0, "\(file): \(shown.stderr)")
            #expect(!shown.stderr.contains("cannot read"), "\(file): \(shown.stderr)")
            if !file.contains("1bcf_2284") { #expect(shown.stdout.contains("unknown (not absent)"), "\(file): \(shown.stdout)") }
        }
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
