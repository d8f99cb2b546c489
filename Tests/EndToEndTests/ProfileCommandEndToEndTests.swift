import CaptureModel
import Foundation
import FoundationEssentials
import Testing

/// `camprobe profile`: writing JSON and XML, validating, and XML profiles as virtual devices.
@Suite("camprobe profile: write, validate, XML as a virtual device")
struct ProfileCommandEndToEndTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .path
    static let fixtures = root + "/Tests/Fixtures"

    @Test(arguments: ["c525", "camlink-4k", "emeet-s800", "vivid-default", "vivid-multiplanar-hdmi"])
    func xmlProfileAnswersShowExactlyLikeJSON(name: String) throws {
        let json = Self.root + "/Profiles/\(name).json"
        let dir = try CLI.fixture("").replacingOccurrences(of: ".json", with: "") + "-dir"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let w = try CLI.run(["profile", "0", "--profile", json, "--format", "xml", "-o", dir + "/"])
        #expect(w.status == 0, "\(w.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir)
        #expect(files.count == 1 && files[0].hasSuffix(".xml"), "\(files)")
        let xml = dir + "/" + files[0]
        let v = try CLI.run(["profile", "validate", xml, json])
        #expect(v.status == 0, "\(v.stdout)\(v.stderr)")
        #expect(v.stdout.contains("valid XML profile") && v.stdout.contains("valid JSON profile"))
        let fromXML = try CLI.run(["show", "0", "--json", "--profile", xml])
        let fromJSON = try CLI.run(["show", "0", "--json", "--profile", json])
        #expect(fromXML.status == 0 && fromXML.stdout == fromJSON.stdout)
        let textXML = try CLI.run(["show", "0", "--profile", xml])
        let textJSON = try CLI.run(["show", "0", "--profile", json])
        #expect(textXML.stdout == textJSON.stdout)
    }

    @Test func profileOfAFixtureDeviceIsNamedAfterItsStableID() throws {
        let dir = try CLI.fixture("").replacingOccurrences(of: ".json", with: "") + "-ids"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let r = try CLI.run([
            "profile", "--all", "--fixture", Self.fixtures + "/c525.json", "--fixture", Self.fixtures + "/emeet-s800.json", "-o", dir,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(files.count == 2)
        #expect(files.contains("usb-046d_0826-8E4B3C60.json"), "\(files)")
        #expect(r.stderr.contains("wrote"))
        let stdout = try CLI.run(["profile", "c525", "--fixture", Self.fixtures + "/c525.json", "-o", "-"])
        #expect(stdout.status == 0)
        let doc = try JSONDecoder().decode(DeviceDocument.self, from: Data(stdout.stdout.utf8))
        #expect(doc.device.id.rawValue == "usb-046d:0826-8E4B3C60")
    }

    @Test func validateSaysExactlyWhatIsWrong() throws {
        var text = try String(contentsOfFile: Self.root + "/Profiles/camlink-4k.json", encoding: .utf8)
        text = text.replacingOccurrences(of: "\"type\" : \"discrete\"", with: "\"type\" : \"ranged\"")
        let bad = try CLI.fixture(text)
        let r = try CLI.run(["profile", "validate", bad])
        #expect(r.status == 1)
        #expect(r.stderr.contains("invalid JSON profile"))
        #expect(r.stderr.contains("device.captures[0].formats[0].sizes[0]"), "\(r.stderr)")
        let notAProfile = try CLI.run(["profile", "validate", try CLI.fixture("Driver Info:")])
        #expect(notAProfile.status == 1 && notAProfile.stderr.contains("neither '{' (JSON) nor '<' (XML)"))
    }

    @Test func usageErrorsExitTwo() throws {
        #expect(try CLI.run(["profile"]).status == 2)
        #expect(try CLI.run(["profile", "0", "--all"]).status == 2)
        #expect(try CLI.run(["profile", "validate"]).status == 2)
    }

    @Test func publishedSchemasAreWhatTheBinaryValidatesWith() throws {
        for (format, file) in [("json", "camprobe-profile.schema.json"), ("xml", "camprobe-profile.xsd")] {
            let r = try CLI.run(["profile", "schema", "--format", format])
            #expect(r.stdout == (try String(contentsOfFile: Self.root + "/Profiles/schema/" + file, encoding: .utf8)))
        }
    }
}

@Suite("Shipped XML profiles")
struct ShippedXMLProfileTests {
    static let names: [String] =
        ((try? FileManager.default.contentsOfDirectory(atPath: ProfileCommandEndToEndTests.root + "/Profiles")) ?? [])
        .filter { $0.hasSuffix(".xml") }.sorted()

    @Test func everyJSONProfileHasAnXMLTwin() {
        #expect(Self.names.count >= 7)
    }

    @Test(arguments: names)
    func shippedXMLValidatesAndAnswersLikeItsJSONTwin(name: String) throws {
        let xml = ProfileCommandEndToEndTests.root + "/Profiles/" + name
        let json = xml.replacingOccurrences(of: ".xml", with: ".json")
        #expect(try CLI.run(["profile", "validate", xml]).status == 0)
        let a = try CLI.run(["show", "0", "--json", "--profile", xml])
        let b = try CLI.run(["show", "0", "--json", "--profile", json])
        #expect(a.status == 0 && a.stdout == b.stdout)
    }
}
