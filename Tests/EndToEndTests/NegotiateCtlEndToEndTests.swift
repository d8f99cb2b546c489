import CaptureModel
import Foundation
import Testing

/// negotiate / apply / ctl through the built binary, on fixtures and profiles.
@Suite("camprobe negotiate, apply, ctl")
struct NegotiateCtlEndToEndTests {
    static let root = ProfileCommandEndToEndTests.root
    static let c525 = root + "/Tests/Fixtures/c525.json"

    @Test func negotiateSaysValidAdjustedOrUnsupportedWithExitStatus() throws {
        let valid = try CLI.run(["negotiate", "c525", "--profile", Self.root + "/Profiles/c525.json", "--size", "1920x1080", "--fps", "30"])
        #expect(valid.status == 0 && valid.stdout.contains("Decision: VALID  MJPG 1920x1080 @ 30 fps"))
        let adjusted = try CLI.run([
            "negotiate", "0", "--profile", Self.root + "/Profiles/camlink-4k.json", "--size", "3840x2160", "--fps", "30", "--explain",
        ])
        #expect(
            adjusted.status == 3 && adjusted.stdout.contains("ADJUSTED") && adjusted.stdout.contains("changed rate: 30 fps → 29.97 fps"))
        #expect(adjusted.stdout.contains("Ranking ("))
        let unsupported = try CLI.run(["negotiate", "0", "--profile", Self.root + "/Profiles/c525.json", "--preset", "3840x2160"])
        #expect(unsupported.status == 1 && unsupported.stdout.contains("UNSUPPORTED"))
        #expect(unsupported.stderr.isEmpty, "the reason is said once, as the decision: \(unsupported.stderr)")
        let usage = try CLI.run(["negotiate", "0", "--profile", Self.root + "/Profiles/c525.json"])
        #expect(usage.status == 2 && usage.stderr.contains("--preset"))
        let both = try CLI.run(["negotiate", "0", "--preset", "high", "--size", "640x480"])
        #expect(both.status == 2)
    }

    /// `negotiate` on the shipped C525 profile with `args`.
    static func onC525(_ args: String...) throws -> Run {
        try CLI.run(["negotiate", "0", "--profile", root + "/Profiles/c525.json"] + args)
    }

    @Test func exitStatusTellsTheOutcomeApartAndStrictMakesAdjustedAnError() throws {
        let valid = try Self.onC525("--size", "1920x1080", "--fps", "30")
        #expect(valid.status == 0)
        let adjusted = try Self.onC525("--size", "3840x2160", "--fps", "30")
        #expect(adjusted.status == 3 && adjusted.stderr.isEmpty, "\(adjusted.stderr)")
        let json = try Self.onC525("--size", "3840x2160", "--fps", "30", "--json")
        #expect(json.status == 3 && json.stdout.contains("\"outcome\" : \"adjusted\""))
        let emitted = try Self.onC525("--size", "3840x2160", "--fps", "30", "--emit", "ffmpeg")
        #expect(
            emitted.status == 3 && emitted.stdout.hasPrefix("ffmpeg ") && emitted.stderr.contains("adjusted: size 3840x2160 → 1920x1080"))
        let strict = try Self.onC525("--size", "3840x2160", "--fps", "30", "--strict")
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("--strict: the request was adjusted (size 3840x2160 → 1920x1080)"), "\(strict.stderr)")
        let strictEmit = try Self.onC525("--size", "3840x2160", "--fps", "30", "--strict", "--emit", "ffmpeg")
        #expect(strictEmit.status == 1 && strictEmit.stdout.isEmpty)
        let strictValid = try Self.onC525("--size", "1920x1080", "--fps", "30", "--strict")
        #expect(strictValid.status == 0)
        let unsupported = try Self.onC525("--size", "3840x2160", "--at-least")
        #expect(unsupported.status == 1)
    }

    @Test func atLeastNeverAnswersASmallerSize() throws {
        let r = try Self.onC525("--size", "3840x2160", "--at-least")
        #expect(r.status == 1 && !r.stdout.contains("ADJUSTED"))
        #expect(r.stdout.contains("Decision: UNSUPPORTED — no mode is at least 3840x2160; the largest is 1920x1080"), "\(r.stdout)")
        #expect(r.stderr.isEmpty, "said once: \(r.stderr)")
        let explained = try Self.onC525("--size", "3840x2160", "--at-least", "--explain")
        #expect(explained.stdout.components(separatedBy: "no mode is at least 3840x2160").count == 2, "\(explained.stdout)")
        let preset = try Self.onC525("--preset", "3840x2160")
        #expect(preset.status == 1 && preset.stdout.contains("UNSUPPORTED"))
        let fits = try Self.onC525("--size", "1280x720", "--at-least", "--fps", "30")
        #expect(fits.status == 0 && fits.stdout.contains("VALID  MJPG 1280x720 @ 30 fps"))
    }

    @Test func reasonsNameTheConstraintThatExcludedTheMode() throws {
        let exact = try Self.onC525("--size", "3840x2160", "--fps", "30")
        #expect(
            exact.stdout.contains(
                "changed size: 3840x2160 → 1920x1080 — no format offers 3840x2160; 1920x1080 is the nearest that reaches 30 fps (discrete)"),
            "\(exact.stdout)")
        let raw = try Self.onC525("--size", "3840x2160", "--fps", "30", "--raw")
        #expect(raw.stdout.contains("1920x1080 is the nearest (discrete)") && !raw.stdout.contains("nearest that reaches"), "\(raw.stdout)")
        #expect(raw.stdout.contains("changed rate: 30 fps → 5 fps — YUYV 1920x1080 offers 5 fps"))
        let noRate = try Self.onC525("--size", "3840x2160")
        #expect(noRate.status == 3 && !noRate.stdout.contains("requested rate"), "\(noRate.stdout)")
        let h264 = try Self.onC525("--size", "1920x1080", "--fps", "30", "--format", "H264")
        #expect(h264.stdout.contains("changed format: H264 → MJPG — the camera has no H264 format"), "\(h264.stdout)")
        let yuyv = try Self.onC525("--size", "1920x1080", "--fps", "30", "--format", "YUYV")
        #expect(yuyv.stdout.contains("YUYV 1920x1080 offers 5 fps, not 30 fps; MJPG meets the rest of the request"), "\(yuyv.stdout)")
        let s800 = try CLI.run([
            "negotiate", "0", "--profile", Self.root + "/Profiles/emeet-s800.json", "--size", "3840x2160", "--fps", "30", "--raw",
        ])
        #expect(
            s800.status == 3
                && s800.stdout.contains(
                    "— only MJPG and H264 offer 3840x2160, and they were excluded: compressed (raw was asked); 1920x1080 is the nearest"),
            "\(s800.stdout)")
        let high = try Self.onC525("--preset", "high", "--explain")
        #expect(!high.stdout.contains("preferred formats") && !high.stdout.contains("scores lower"), "\(high.stdout)")
    }

    @Test func emitRefusesJSONAndExplain() throws {
        let json = try Self.onC525("--preset", "high", "--emit", "ffmpeg", "--json")
        #expect(json.status == 2 && json.stderr.contains("--emit prints only a command: it cannot be combined with --json or --explain"))
        let explain = try Self.onC525("--preset", "high", "--emit", "gst", "--explain")
        #expect(explain.status == 2 && explain.stderr.contains("cannot be combined with --json or --explain"))
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
        #expect(save.status == 0 && save.stdout.contains("usb-046d_0826-8E4B3C60/studio.json"))
        let restore = try CLI.run(["ctl", "0", "--fixture", Self.c525, "--restore", "studio"], environment: env)
        #expect(restore.status == 0 && restore.stdout.contains("Restored 'studio'"))
        #expect(restore.stdout.contains("left to the camera (its auto switch is on)"))
        let missing = try CLI.run(["ctl", "0", "--fixture", Self.c525, "--restore", "nope"], environment: env)
        #expect(missing.status == 1 && missing.stdout.contains("No control profile 'nope'"))
    }
}
