import Foundation
import Testing

/// `negotiate --emit` and `negotiate --json` name the node by `/dev/v4l/by-id/…`, else `/dev/v4l/by-path/…`,
/// else `/dev/videoN` with a note (P11 item 4).
@Suite("Stable node paths in emitted commands")
struct StablePathTests {
    static let root = ProfileCommandEndToEndTests.root
    static let c525 = root + "/Tests/Fixtures/c525.json"
    static let byID = "/dev/v4l/by-id/usb-046d_HD_Webcam_C525_8E4B3C60-video-index0"
    static let byPath = "/dev/v4l/by-path/pci-0000:00:1a.0-usb-0:1.2:1.0-video-index0"

    /// The C525 fixture with the given udev links on its capture node.
    static func c525(byID: [String]?, byPath: [String]?) throws -> String {
        let data = try Data(contentsOf: URL(fileURLWithPath: c525))
        var doc = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var nodes = try #require(doc["nodes"] as? [[String: Any]])
        var udev = nodes[0]["udev"] as? [String: Any] ?? [:]
        if let byID { udev["byID"] = byID }
        if let byPath { udev["byPath"] = byPath }
        nodes[0]["udev"] = udev
        doc["nodes"] = nodes
        let out = try JSONSerialization.data(withJSONObject: doc)
        return try CLI.fixture(String(decoding: out, as: UTF8.self))
    }

    static func emit(_ fixture: String, _ tool: String) throws -> Run {
        try CLI.run(["negotiate", "0", "--fixture", fixture, "--preset", "high", "--emit", tool])
    }

    @Test func byIDIsPreferredInEveryEmitter() throws {
        let f = try Self.c525(byID: [Self.byID], byPath: [Self.byPath])
        let ff = try Self.emit(f, "ffmpeg")
        #expect(ff.status == 0)
        #expect(ff.stdout == "ffmpeg -f v4l2 -input_format mjpeg -video_size 1920x1080 -framerate 30/1 -i \(Self.byID) -c copy out.mkv\n")
        #expect(!ff.stderr.contains("note"), "a by-id link needs no note: \(ff.stderr)")
        let gst = try Self.emit(f, "gst")
        #expect(gst.stdout.hasPrefix("gst-launch-1.0 v4l2src device=\(Self.byID) ! image/jpeg"))
        let ctl = try Self.emit(f, "v4l2-ctl")
        #expect(ctl.stdout == "v4l2-ctl -d \(Self.byID) --set-fmt-video=width=1920,height=1080,pixelformat=MJPG --set-parm=30\n")
    }

    @Test func byPathIsTheFallbackWithANote() throws {
        let f = try Self.c525(byID: [], byPath: [Self.byPath])
        let ff = try Self.emit(f, "ffmpeg")
        #expect(ff.status == 0)
        #expect(ff.stdout.contains("-i \(Self.byPath) -c copy"))
        #expect(ff.stderr.contains("no /dev/v4l/by-id link for /dev/video0"))
    }

    @Test func withoutLinksTheKernelNameStaysWithAWarningNote() throws {
        let ff = try Self.emit(Self.c525, "ffmpeg")
        #expect(ff.stdout.contains("-i /dev/video0 -c copy"))
        #expect(ff.stderr.contains("the number can change across reboots and replugs"))
    }

    @Test func jsonCommandsUseTheStablePath() throws {
        let f = try Self.c525(byID: [], byPath: [Self.byPath])
        let r = try CLI.run(["negotiate", "0", "--fixture", f, "--preset", "medium", "--json"])
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let commands = try #require(doc["commands"] as? [String: String])
        #expect(commands["v4l2-ctl"] == "v4l2-ctl -d \(Self.byPath) --set-fmt-video=width=640,height=480,pixelformat=YUYV --set-parm=30")
        #expect(commands["ffmpeg"]?.contains("-i \(Self.byPath) ") == true)
        #expect(commands["gst-launch"]?.contains("device=\(Self.byPath) ") == true)
        #expect(doc["node"] as? String == "/dev/video0")
    }

    @Test func aProfileKeepsItsRecordedPathAndNotesRecordedLinksOnly() throws {
        // The shipped profile recorded no links: no note, the recorded path.
        let plain = try CLI.run(["negotiate", "0", "--profile", Self.root + "/Profiles/c525.json", "--preset", "high", "--emit", "ffmpeg"])
        #expect(plain.stdout.contains("-i /dev/video0 -c copy") && plain.stderr.isEmpty)
        // A profile that recorded a by-id link: the recorded path, and a note naming the link.
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.root + "/Profiles/c525.json"))
        var doc = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var device = try #require(doc["device"] as? [String: Any])
        var identity = try #require(device["identity"] as? [String: Any])
        identity["byID"] = [Self.byID]
        device["identity"] = identity
        doc["device"] = device
        let path = try CLI.fixture(String(decoding: try JSONSerialization.data(withJSONObject: doc), as: UTF8.self))
        let linked = try CLI.run(["negotiate", "0", "--profile", path, "--preset", "high", "--emit", "ffmpeg"])
        #expect(linked.stdout.contains("-i /dev/video0 -c copy"))
        #expect(linked.stderr.contains("a profile has no live links") && linked.stderr.contains(Self.byID))
    }
}
