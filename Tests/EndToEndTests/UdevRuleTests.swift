import Foundation
import Testing

/// `camprobe udev-rule DEVICE [--name NAME]` (P11 item 5).
@Suite("udev-rule")
struct UdevRuleTests {
    static let root = ProfileCommandEndToEndTests.root
    static let fixtures = root + "/Tests/Fixtures"

    /// `uvc-roi.json` (a realistic sysfs path, USB device `1-2`), with or without its serial.
    static func roiCam(serial: Bool) throws -> String {
        let data = try Data(contentsOf: URL(fileURLWithPath: fixtures + "/uvc-roi.json"))
        var doc = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var nodes = try #require(doc["nodes"] as? [[String: Any]])
        var udev = try #require(nodes[0]["udev"] as? [String: Any])
        var parent = try #require(udev["parent"] as? [String: Any])
        if !serial { parent["serial"] = nil }
        udev["parent"] = parent
        nodes[0]["udev"] = udev
        doc["nodes"] = nodes
        return try CLI.fixture(String(decoding: try JSONSerialization.data(withJSONObject: doc), as: UTF8.self))
    }

    static func ruleLine(_ text: String) -> String? { text.split(separator: "\n").first { !$0.hasPrefix("#") }.map(String.init) }

    @Test func aCameraWithASerialIsMatchedByVendorProductAndSerial() throws {
        let r = try CLI.run(["udev-rule", "0", "--fixture", Self.fixtures + "/c525.json"])
        #expect(r.status == 0)
        #expect(
            Self.ruleLine(r.stdout)
                == #"SUBSYSTEM=="video4linux", ATTR{index}=="0", ATTRS{idVendor}=="046d", ATTRS{idProduct}=="0826", ATTRS{serial}=="8E4B3C60", SYMLINK+="camprobe-usb-046d-0826-8E4B3C60""#
        )
        #expect(r.stdout.contains("/etc/udev/rules.d/99-camprobe-usb-046d-0826-8E4B3C60.rules"))
        #expect(r.stdout.contains("udevadm control --reload && sudo udevadm trigger"))
        #expect(r.stdout.contains("serial number"))
        #expect(!r.stdout.contains("KERNELS"))
    }

    @Test func withoutASerialTheRuleFollowsThePortAndSaysSo() throws {
        let r = try CLI.run(["udev-rule", "0", "--fixture", try Self.roiCam(serial: false), "--name", "desk-cam"])
        #expect(r.status == 0)
        #expect(
            Self.ruleLine(r.stdout)
                == #"SUBSYSTEM=="video4linux", ATTR{index}=="0", ATTRS{idVendor}=="1234", ATTRS{idProduct}=="5678", KERNELS=="1-2", SYMLINK+="desk-cam""#
        )
        #expect(r.stdout.contains("# This camera has no USB serial number, so the rule follows the port"))
        #expect(r.stdout.contains("/etc/udev/rules.d/99-camprobe-desk-cam.rules"))
        let withSerial = try CLI.run(["udev-rule", "0", "--fixture", try Self.roiCam(serial: true), "--name", "desk-cam"])
        #expect(withSerial.stdout.contains(#"ATTRS{serial}=="R01""#) && !withSerial.stdout.contains("KERNELS"))
    }

    @Test func aPlatformDeviceIsMatchedByItsParent() throws {
        let r = try CLI.run(["udev-rule", "0", "--fixture", Self.fixtures + "/pi-topology.json", "--name", "pi-cam"])
        #expect(r.status == 0)
        #expect(
            Self.ruleLine(r.stdout)
                == #"SUBSYSTEM=="video4linux", ATTR{index}=="0", KERNELS=="fe801000.csi", SUBSYSTEMS=="platform", SYMLINK+="pi-cam""#)
        #expect(r.stdout.contains("# Follows the platform device fe801000.csi"))
    }

    @Test func badNamesAndProfilesWithoutIdentityAreRefused() throws {
        let bad = try CLI.run(["udev-rule", "0", "--fixture", Self.fixtures + "/c525.json", "--name", "../etc/passwd"])
        #expect(bad.status == 2 && bad.stderr.contains("--name '../etc/passwd'"))
        // A profile that kept no identity (no vendor/product, no physical parent).
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.root + "/Profiles/c525.json"))
        var doc = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var device = try #require(doc["device"] as? [String: Any])
        device["identity"] = ["busInfo": "usb-0000:00:1a.0-1.2", "driver": "uvcvideo", "byID": [], "byPath": []]
        doc["device"] = device
        let path = try CLI.fixture(String(decoding: try JSONSerialization.data(withJSONObject: doc), as: UTF8.self))
        let r = try CLI.run(["udev-rule", "0", "--profile", path])
        #expect(r.status == 1)
        #expect(r.stderr.contains("no udev rule can name it"), "\(r.stderr)")
        // The shipped profile kept its identity: a rule can be made from it.
        let ok = try CLI.run(["udev-rule", "0", "--profile", Self.root + "/Profiles/c525.json"])
        #expect(ok.status == 0 && ok.stdout.contains(#"ATTRS{serial}=="8E4B3C60""#))
    }
}
