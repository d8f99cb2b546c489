import CaptureModel
import Foundation
import Testing

@Suite("Profiles as virtual devices", .serialized)
struct ProfileEndToEndTests {
    static let profiles: [String] = {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Profiles")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.sorted().map { dir.appendingPathComponent($0).path }
    }()

    @Test func thereAreShippedProfiles() {
        #expect(Self.profiles.count >= 5)
    }

    @Test(arguments: profiles)
    func showReproducesTheProfileExactly(_ path: String) throws {
        let original = try String(contentsOfFile: path, encoding: .utf8)
        let r = try CLI.run(["show", "0", "--json", "--profile", path])
        #expect(r.status == 0, "\(r.stderr)")
        // Imported profiles name the importer as their generator; everything else is reproduced byte for byte.
        let expected = original.replacingOccurrences(
            of: "\"generator\" : \"camprobe 0.1.0 import v4l2-ctl\"", with: "\"generator\" : \"camprobe 0.1.0\""
        ).replacingOccurrences(of: "\"generator\" : \"camprobe 0.1.0 import media-ctl\"", with: "\"generator\" : \"camprobe 0.1.0\"")
        #expect(r.stdout == expected)
        let doc = try JSONDecoder().decode(DeviceDocument.self, from: Data(r.stdout.utf8))
        #expect(!doc.device.captures.isEmpty)
    }

    @Test func brokenProfilesGiveAClearError() throws {
        let notJSON = try CLI.run(["show", "0", "--profile", try CLI.fixture("{nope")])
        #expect(notJSON.status == 1)
        #expect(notJSON.stderr.contains("invalid JSON profile: not JSON"))
        let future = try CLI.run(["show", "0", "--profile", try CLI.fixture(#"{"schemaVersion": 99}"#)])
        #expect(future.status == 1)
        #expect(future.stderr.contains("newer than this camprobe understands"))
        let missing = try CLI.run([
            "show", "0", "--profile", try CLI.fixture(#"{"schemaVersion": 1, "generator": "x", "device": {"id": "a"}}"#),
        ])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("device.name: required property is missing"))
        let text = try CLI.run(["show", "0", "--profile", try CLI.fixture("Driver Info:\n\tDriver name : uvcvideo\n")])
        #expect(text.status == 1)
        #expect(text.stderr.contains("camprobe import v4l2-ctl"))
        let xml = try CLI.run([
            "show", "0", "--profile", try CLI.fixture("<cameraProfile schemaVersion=\"1\">\n<oops/>\n</cameraProfile>\n"),
        ])
        #expect(xml.status == 1)
        #expect(xml.stderr.contains("invalid XML profile: line"))
        let absent = try CLI.run(["list", "--profile", "/nonexistent/profile.json"])
        #expect(absent.status == 1)
        #expect(absent.stderr.contains("/nonexistent/profile.json: cannot open: No such file or directory"))
    }

    @Test func listOnAMachineWithoutCamerasPointsAtAProfile() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CLI.fakeBinary)
        p.arguments = ["list", "--fixture", try CLI.fixture(#"{"nodes":[]}"#)]
        p.currentDirectoryURL = root
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(text.contains("camprobe show --profile Profiles/c525.json 0"))
    }
}

@Suite("The shipped binary holds no fake")
struct ShippedBinaryTests {
    @Test func camprobeRejectsFixtureAndLinksNoTestingCode() throws {
        let r = try CLI.runShipped(["list", "--fixture", try CLI.fixture(#"{"nodes":[]}"#)])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--fixture"))
        let nm = Process()
        nm.executableURL = URL(fileURLWithPath: "/usr/bin/nm")
        nm.arguments = [CLI.binary]
        let out = Pipe()
        nm.standardOutput = out
        nm.standardError = FileHandle.nullDevice
        try nm.run()
        let symbols = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        nm.waitUntilExit()
        #expect(symbols.contains("CamProbeCLI"))  // nm read the real binary
        for fake in ["DeviceFixtures", "V4L2Testing", "ALSATesting", "CamProbeTesting", "DoctorTesting"] {
            #expect(!symbols.contains(fake))
        }
    }
}
