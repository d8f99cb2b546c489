import CaptureModel
import Foundation
import Testing

/// negotiate / apply / ctl through the built binary, on fixtures and profiles.
@Suite("camprobe negotiate, apply, ctl")
struct NegotiateCtlEndToEndTests {
    static let root = ProfileCommandEndToEndTests.root
    static let c525 = root + "/Tests/V4L2Tests/Fixtures/c525.json"

    @Test func negotiateSaysValidAdjustedOrUnsupportedWithExitStatus() throws {
        let valid = try CLI.run(["negotiate", "c525", "--profile", Self.root + "/Profiles/c525.json", "--size", "1920x1080", "--fps", "30"])
        #expect(valid.status == 0 && valid.stdout.contains("Decision: VALID  MJPG 1920x1080 @ 30 fps"))
        let adjusted = try CLI.run([
            "negotiate", "0", "--profile", Self.root + "/Profiles/camlink-4k.json", "--size", "3840x2160", "--fps", "30", "--explain",
        ])
        #expect(
            adjusted.status == 0 && adjusted.stdout.contains("ADJUSTED") && adjusted.stdout.contains("changed rate: 30 fps → 29.97 fps"))
        #expect(adjusted.stdout.contains("Ranking ("))
        let unsupported = try CLI.run(["negotiate", "0", "--profile", Self.root + "/Profiles/c525.json", "--preset", "3840x2160"])
        #expect(unsupported.status == 1 && unsupported.stdout.contains("UNSUPPORTED"))
        let usage = try CLI.run(["negotiate", "0", "--profile", Self.root + "/Profiles/c525.json"])
        #expect(usage.status == 2 && usage.stderr.contains("--preset"))
        let both = try CLI.run(["negotiate", "0", "--preset", "high", "--size", "640x480"])
        #expect(both.status == 2)
    }

    @Test func emittersPrintOnlyTheCommand() throws {
        let ff = try CLI.run(["negotiate", "0", "--fixture", Self.c525, "--preset", "high", "--emit", "ffmpeg"])
        #expect(ff.stdout == "ffmpeg -f v4l2 -input_format mjpeg -video_size 1920x1080 -framerate 30/1 -i /dev/video0 -c copy out.mkv\n")
        let json = try CLI.run(["negotiate", "0", "--fixture", Self.c525, "--preset", "medium", "--json"])
        let doc = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let commands = doc?["commands"] as? [String: String]
        #expect(commands?["v4l2-ctl"] == "v4l2-ctl -d /dev/video0 --set-fmt-video=width=640,height=480,pixelformat=YUYV --set-parm=30")
    }

    @Test func applyRefusesAVirtualDevice() throws {
        let r = try CLI.run(["apply", "0", "--profile", Self.root + "/Profiles/c525.json", "--preset", "high"])
        #expect(r.status == 2 && r.stderr.contains("not a live device"))
    }

    @Test func ctlSetsReadsBackAndRefusesClearly() throws {
        let set = try CLI.run(["ctl", "0", "--fixture", Self.c525, "focus=locked:120", "wb=5000K"])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdout.contains("focus_auto: 1 → 0  (turn continuous autofocus off first)"))
        #expect(set.stdout.contains("white_balance_temperature: 5500 → 5000"))
        let refused = try CLI.run(["ctl", "0", "--fixture", Self.c525, "zoom=9x"])
        #expect(refused.status == 1 && refused.stderr.contains("nothing was changed") && refused.stderr.contains("allowed: 1…5"))
        let show = try CLI.run(["ctl", "0", "--fixture", Self.c525])
        #expect(show.stdout.contains("Torch:") && show.stdout.contains("Controls:"))
    }

    @Test func saveAndRestoreUnderTheStableID() throws {
        let dir = try CLI.fixture("").replacingOccurrences(of: ".json", with: "-xdg")
        let env = ["XDG_CONFIG_HOME": dir]
        let save = try CLI.run(["ctl", "0", "--fixture", Self.c525, "--save", "studio"], environment: env)
        #expect(save.status == 0 && save.stdout.contains("usb-046d:0826-8E4B3C60/studio.json"))
        let restore = try CLI.run(["ctl", "0", "--fixture", Self.c525, "--restore", "studio"], environment: env)
        #expect(restore.status == 0 && restore.stdout.contains("Restored 'studio'"))
        #expect(restore.stdout.contains("left to the camera (its auto switch is on)"))
        let missing = try CLI.run(["ctl", "0", "--fixture", Self.c525, "--restore", "nope"], environment: env)
        #expect(missing.status == 1 && missing.stdout.contains("No control profile 'nope'"))
    }
}
