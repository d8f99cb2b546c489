import Foundation
import Testing

/// `list` with a PipeWire daemon at the seam (camprobe-fake `--pipewire FILE`, the registry's globals with each
/// node's EnumFormat encoded as the daemon sends it): the camera node joined to its device, who uses it, what is
/// not published and why; a daemon that never answers, a missing library, and `--no-pipewire`.
@Suite("list shows the PipeWire view", .serialized)
struct PipeWireListTests {
    static let emeet = ["--fixture", CLI.fixtures + "/emeet-s800.json"]
    static let registry = ["--pipewire", CLI.fixtures + "/pipewire/emeet-s800.json"]

    @Test func theCameraNodeIsJoinedToItsDeviceWithWhoUsesIt() throws {
        let r = try CLI.run(["list"] + Self.emeet + Self.registry)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("PipeWire 0.3.65 (pipewire-0): 1 camera node"), "\(r.stdout)")
        let row = try #require(r.stdout.split(separator: "\n").first { $0.hasPrefix("41 ") })
        #expect(row.contains("v4l2_input.pci-0000_00_14.0-usb-0_2_1.0") && row.contains("#0 video4"), "\(row)")
        #expect(row.contains("Firefox (pid 4242) [org.mozilla.firefox]"), "\(row)")
        #expect(r.stdout.contains("not published: video5 of #0: a metadata node"), "\(r.stdout)")
        #expect(r.stderr.isEmpty, "\(r.stderr)")
    }

    @Test func jsonCarriesTheViewTheJoinsAndItsSchemaHoldsIt() throws {
        let r = try CLI.run(["list", "--json"] + Self.emeet + Self.registry)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try OutputSchemaTests.issues("camprobe-list.schema.json", r.stdout) == [])
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let pw = try #require(doc["pipewire"] as? [String: Any])
        #expect(pw["status"] as? String == "read")
        let join = try #require((pw["joins"] as? [[String: Any]])?.first)
        #expect(join["nodeID"] as? Int == 41 && join["devnode"] as? String == "/dev/video4" && join["by"] as? String == "object.path")
        let node = try #require(((pw["view"] as? [String: Any])?["nodes"] as? [[String: Any]])?.first)
        let first = try #require((node["formats"] as? [[String: Any]])?.first)
        #expect(
            first["fourcc"] as? String == "MJPG" && first["width"] as? Int == 3840 && first["frameRates"] as? [String] == ["30/1", "25/1"])
    }

    @Test func aDaemonThatNeverAnswersCostsTheBoundAndTheListingStands() throws {
        let never = try CLI.fixture(#"{"answer": "never"}"#)
        let started = Date()
        let r = try CLI.run(["list"] + Self.emeet + ["--pipewire", never])
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("EMEET SmartCam S800") && !r.stdout.contains("camera node"))
        #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.contains("did not answer within 1000 ms"), "\(r.stderr)")
        let json = try CLI.run(["list", "--json"] + Self.emeet + ["--pipewire", never])
        #expect(json.stdout.contains(#""status" : "timedOut""#), "\(json.stdout.suffix(300))")
    }

    @Test func noDaemonIsSilentAndANamedRemoteIsSaid() throws {
        let noDaemon = try CLI.run(["list"] + Self.emeet)
        #expect(noDaemon.status == 0 && noDaemon.stderr.isEmpty, "\(noDaemon.stderr)")
        let named = try CLI.run(["list", "--pipewire-remote", "elsewhere"] + Self.emeet)
        #expect(named.stderr.contains("PipeWire view off"), "\(named.stderr)")
    }

    @Test func showSaysWhatTheNodeOffersBesideTheV4L2NodeAndWhoUsesIt() throws {
        let r = try CLI.run(["show", "/dev/video4"] + Self.emeet + Self.registry)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stdout.contains("node 41 v4l2_input.pci-0000_00_14.0-usb-0_2_1.0 (v4l2, for /dev/video4; joined by object.path)"),
            "\(r.stdout)")
        #expect(r.stdout.contains("formats: 3 entries; as on /dev/video4: MJPG, YUYV"), "\(r.stdout)")
        #expect(r.stdout.contains("not offered by name: H264"), "\(r.stdout)")
        #expect(r.stdout.contains("used by: Firefox (pid 4242) [org.mozilla.firefox]"), "\(r.stdout)")
        #expect(r.stdout.contains("not published: /dev/video5: a metadata node"), "\(r.stdout)")
        // show --json carries the device's part of the view: PipeWireProfileReportTests.
    }

    @Test func emitGstPipewireReadsTheChoiceThroughTheNodeOrSaysWhyNot() throws {
        let offered = try CLI.run(
            ["negotiate", "/dev/video4", "--size", "1920x1080", "--fps", "30", "--format", "MJPG", "--emit", "gst-pipewire"] + Self.emeet
                + Self.registry)
        #expect(offered.status == 0, "\(offered.stderr)")
        #expect(
            offered.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
                == "gst-launch-1.0 pipewiresrc target-object=v4l2_input.pci-0000_00_14.0-usb-0_2_1.0 ! image/jpeg,width=1920,height=1080,framerate=30/1 ! jpegdec ! videoconvert ! autovideosink"
        )
        let less = try CLI.run(
            ["negotiate", "/dev/video4", "--size", "1920x1080", "--fps", "60", "--format", "YUYV", "--emit", "gst-pipewire"] + Self.emeet
                + Self.registry)
        #expect(less.status == 1 && less.stdout.isEmpty)
        #expect(less.stderr.contains("does not offer YUYV 1920x1080 at 60/1 fps: its YUYV sizes are 640x480"), "\(less.stderr)")
        let none = try CLI.run(
            ["negotiate", "/dev/video4", "--format", "H264", "--size", "1920x1080", "--emit", "gst-pipewire"] + Self.emeet + Self.registry)
        #expect(none.stderr.contains("offers no H264 at all"), "\(none.stderr)")
        let noDaemon = try CLI.run(
            ["negotiate", "/dev/video4", "--format", "MJPG", "--size", "1920x1080", "--emit", "gst-pipewire"] + Self.emeet)
        #expect(noDaemon.status == 1 && noDaemon.stderr.contains("PipeWire view off"), "\(noDaemon.stderr)")
    }

    @Test func noPipewireAndSavedProfilesReadNoDaemon() throws {
        let off = try CLI.run(["list", "--no-pipewire", "--json"] + Self.emeet + Self.registry)
        #expect(off.stdout.contains(#""status" : "off""#) && !off.stdout.contains("v4l2_input"))
        let text = try CLI.run(["list", "--no-pipewire"] + Self.emeet + Self.registry)
        #expect(!text.stdout.contains("PipeWire") && text.stderr.isEmpty, "\(text.stdout)\(text.stderr)")
        let profile = try CLI.run(["list", "--json", "--profile", LazyLibraryTests.profiles + "/c525.json"] + Self.emeet + Self.registry)
        #expect(profile.status == 0 && !profile.stdout.contains(#""pipewire""#), "\(profile.stderr)")
    }
}
