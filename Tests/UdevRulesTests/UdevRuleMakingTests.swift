import CamProbe
import CamProbeTesting
import CaptureModel
import Foundation
import Testing
import UdevRules

/// The rule made from a device model, without the command line (which `EndToEndTests/UdevRuleTests` runs): what it
/// matches, and what it does with names and values udev would misread.
@Suite("UdevRules: a rule from a device")
struct UdevRuleMakingTests {
    static func device(serial: String = "SEAM1") throws -> Device {
        let node = streamableNode().replacingOccurrences(of: #""serial":"SEAM1""#, with: #""serial":"\#(serial)""#)
        return try #require(try Fixtures.system(json: #"{"nodes":["# + node + "]}").discoverAll().devices.first)
    }

    static func ruleLine(_ r: UdevRule.Rule) -> String? { r.text.split(separator: "\n").first { !$0.hasPrefix("#") }.map(String.init) }

    @Test func aUSBCameraWithASerialIsMatchedByVendorProductAndSerial() throws {
        let r = try UdevRule.make(device: try Self.device(), name: "desk-cam").get()
        #expect(r.follows == .serial)
        #expect(r.file == "/etc/udev/rules.d/99-camprobe-desk-cam.rules")
        #expect(
            Self.ruleLine(r)
                == #"SUBSYSTEM=="video4linux", ATTR{index}=="0", ATTRS{idVendor}=="046d", ATTRS{idProduct}=="0825", ATTRS{serial}=="SEAM1", SYMLINK+="desk-cam""#,
            "\(r.text)")
    }

    @Test func globAndQuoteCharactersInASerialBecomeAnyCharacter() throws {
        let r = try UdevRule.make(device: try Self.device(serial: #"A*B?[C]|D\"E"#)).get()
        #expect(Self.ruleLine(r)?.contains(#"ATTRS{serial}=="A?B??C??D?E""#) == true, "\(r.text)")
    }

    @Test func linkNamesAreCheckedAndTheDefaultIsMadeFromTheStableID() throws {
        #expect(UdevRule.isValidName("desk-cam.2_a"))
        for bad in ["", "-x", ".x", "a/b", "../etc/passwd", "é", String(repeating: "a", count: 65)] {
            #expect(!UdevRule.isValidName(bad), "\(bad)")
        }
        #expect(UdevRule.defaultName(for: DeviceID("usb-046d:0826-8E4B3C60")) == "camprobe-usb-046d-0826-8E4B3C60")
        guard case .failure(let e) = UdevRule.make(device: try Self.device(), name: "../etc") else {
            Issue.record("a name with a slash made a rule")
            return
        }
        #expect(e.message.hasPrefix("'../etc' cannot be a link name"))
    }
}
