import Foundation
import Testing

/// The bundled profiles as a newcomer lists them (P22): a camera shipped both live-recorded (`c525.json`) and imported
/// (`imported-c525.json`) is two rows that say which is which; no row is an anonymous "Imported camera".
@Suite("Shipped imported profiles say what they are")
struct ShippedImportedProfilesTests {
    static func device(_ path: String) throws -> (id: String, name: String, generator: String) {
        let doc = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        let d = try #require(doc?["device"] as? [String: Any])
        return (d["id"] as? String ?? "", d["name"] as? String ?? "", doc?["generator"] as? String ?? "")
    }

    @Test func eachImportedProfileIsNamedForItsFileAndTheToolItWasReadFrom() throws {
        let imported = ProfileEndToEndTests.profiles.filter { ($0 as NSString).lastPathComponent.hasPrefix("imported-") }
        #expect(imported.count >= 7)
        for path in imported {
            let d = try Self.device(path)
            let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
            #expect(d.id == stem, "\(path)")
            let tool = try #require(d.generator.components(separatedBy: " import ").last, "\(path): \(d.generator)")
            #expect(d.name.hasSuffix(" (imported from \(tool) dump)"), "\(path): \(d.name)")
            #expect(!d.name.hasPrefix("Imported camera"), "\(path)")
        }
    }

    @Test func aLiveAndAnImportedProfileOfOneCameraAreTwoRowsThatSaySo() throws {
        let c525 = ProfileEndToEndTests.profiles.filter { $0.hasSuffix("/c525.json") || $0.hasSuffix("/imported-c525.json") }
        #expect(c525.count == 2)
        let r = try CLI.run(["list"] + c525.flatMap { ["--profile", $0] })
        #expect(r.status == 0, "\(r.stderr)")
        let rows = r.stdout.split(separator: "\n").filter { $0.contains("HD Webcam C525") }
        #expect(rows.count == 2)
        #expect(rows.filter { $0.contains("imported-c525") && $0.contains("(imported from v4l2-ctl dump)") }.count == 1, "\(r.stdout)")
        #expect(!r.stderr.contains("share the ID"), "\(r.stderr)")
    }

    @Test func theProfilesFolderListsEachProfileOnceNotItsXMLTwinToo() throws {
        let json = ProfileEndToEndTests.profiles
        let folder = (try #require(json.first) as NSString).deletingLastPathComponent
        let r = try CLI.run(["list", "--profile", folder, "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let doc = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        #expect((doc?["devices"] as? [Any])?.count == json.count)
        #expect(r.stderr.contains("\(json.count) profiles are saved twice, as NAME.json and NAME.xml"), "\(r.stderr)")
    }

    @Test func twinsThatDifferAreTwoProfiles() throws {
        let dir = CLI.scratch + "/twins-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let profiles = (try #require(ProfileEndToEndTests.profiles.first) as NSString).deletingLastPathComponent
        try FileManager.default.copyItem(atPath: profiles + "/c525.json", toPath: dir + "/c525.json")
        try FileManager.default.copyItem(atPath: profiles + "/imported-c525.xml", toPath: dir + "/c525.xml")
        let r = try CLI.run(["list", "--profile", dir, "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let doc = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        #expect((doc?["devices"] as? [Any])?.count == 2)
        #expect(!r.stderr.contains("the same profile"))
    }
}
