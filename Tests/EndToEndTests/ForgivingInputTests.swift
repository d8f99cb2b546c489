import Foundation
import Testing

/// Typos get a "did you mean", common spellings of sizes and formats are read, and every
/// rejected value is repeated in its error (issue P14, item 4).
@Suite("Forgiving input: did you mean, common spellings")
struct ForgivingInputTests {
    static let c525 = ProfileCommandEndToEndTests.root + "/Profiles/c525.json"

    /// `negotiate` on the shipped C525 profile.
    static func negotiate(_ args: String...) throws -> Run {
        try CLI.run(["negotiate", "0", "--profile", c525] + args)
    }

    @Test func presetsAreReadInAnyCaseAndTyposGetASuggestion() throws {
        let upper = try Self.negotiate("--preset", "HIGH")
        #expect(upper.status == 0 && upper.stdout.contains("Request:  preset high"), "\(upper.stdout)\(upper.stderr)")
        let dashed = try Self.negotiate("--preset", "input-priority")
        #expect(dashed.stdout.contains("Request:  preset inputPriority"), "\(dashed.stdout)\(dashed.stderr)")
        let typo = try Self.negotiate("--preset", "hgh")
        #expect(typo.status == 2)
        #expect(typo.stderr.contains("--preset 'hgh': no such preset (did you mean 'high'?)"), "\(typo.stderr)")
        #expect(typo.stderr.components(separatedBy: "iFrame1280x720").count == 2, "the preset list once: \(typo.stderr)")
    }

    @Test func emitToolsAreReadInAnyCaseAndTyposGetASuggestion() throws {
        let mixed = try Self.negotiate("--preset", "high", "--emit", "FFmpeg")
        #expect(mixed.status == 0 && mixed.stdout.hasPrefix("ffmpeg "), "\(mixed.stderr)")
        let typo = try Self.negotiate("--preset", "high", "--emit", "ffmpg")
        #expect(typo.status == 2)
        #expect(typo.stderr.contains("--emit 'ffmpg': no such tool (did you mean 'ffmpeg'?)"), "\(typo.stderr)")
        #expect(typo.stderr.components(separatedBy: "gst-libcamera").count == 2, "the tool list once: \(typo.stderr)")
    }

    @Test(arguments: ["1280X720", "1280*720", "1280 x 720", "1280×720"])
    func sizesInCommonSpellingsAreRead(_ size: String) throws {
        let r = try Self.negotiate("--size", size, "--fps", "30")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("Request:  1280x720, 30 fps") && r.stdout.contains("VALID  MJPG 1280x720"), "\(r.stdout)")
    }

    @Test func anUnreadableSizeIsRepeatedWithAGuess() throws {
        let r = try Self.negotiate("--size", "1280by720")
        #expect(r.status == 2)
        #expect(r.stderr.contains("--size '1280by720': not a frame size (did you mean '1280x720'?)"), "\(r.stderr)")
        let bare = try Self.negotiate("--size", "wide")
        #expect(bare.stderr.contains("--size 'wide': not a frame size; give WIDTHxHEIGHT"), "\(bare.stderr)")
    }

    @Test(arguments: [
        ("mjpeg", "MJPG"), ("mjpg", "MJPG"), ("jpeg", "MJPG"), ("yuyv422", "YUYV"), ("yuy2", "YUYV"), ("yuyv", "YUYV"),
        ("h264", "H264"), ("avc", "H264"), ("nv12", "NV12"), ("hevc", "HEVC"), ("h265", "HEVC"), ("rgb24", "RGB3"),
        ("bgr24", "BGR3"), ("gray", "GREY"), ("uyvy422", "UYVY"), ("JPEG", "JPEG"), ("YUYV", "YUYV"), ("Y16", "Y16"),
    ])
    func ffmpegAndGStreamerFormatNamesAreRead(_ name: String, _ code: String) throws {
        let r = try Self.negotiate("--size", "640x480", "--format", name)
        #expect(r.status != 2, "\(r.stderr)")
        #expect(r.stdout.contains("Request:  640x480, \(code)"), "\(name): \(r.stdout)")
    }

    @Test func formatsNoneKnowsOrTheDeviceLacksGetASuggestion() throws {
        let unknown = try Self.negotiate("--format", "mjpegg")
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("--format 'mjpegg': not a four-character code"), "\(unknown.stderr)")
        #expect(unknown.stderr.contains("did you mean 'mjpeg'"), "\(unknown.stderr)")
        let swapped = try Self.negotiate("--size", "640x480", "--format", "MJGP")
        #expect(swapped.stderr.contains("--format 'MJGP': HD Webcam C525 has no MJGP format (did you mean 'MJPG'?)"), "\(swapped.stderr)")
        let absent = try Self.negotiate("--size", "640x480", "--format", "H264")
        #expect(!absent.stderr.contains("did you mean"), "nothing near H264: \(absent.stderr)")
    }

    @Test func sampleFormatsWithoutUnderscoresAreReadAndTyposSuggested() throws {
        let folded = try Self.negotiate("--sample-format", "s16le")
        #expect(folded.status != 2 && folded.stdout.contains("Request:  S16_LE"), "\(folded.stdout)\(folded.stderr)")
        let typo = try Self.negotiate("--sample-format", "S16_L")
        #expect(typo.status == 2)
        #expect(typo.stderr.contains("--sample-format 'S16_L': not an ALSA sample format"), "\(typo.stderr)")
        #expect(typo.stderr.contains("(did you mean 'S16_LE'?)"), "\(typo.stderr)")
    }

    @Test func aDeviceNameNearlyRightIsSuggested() throws {
        let r = try CLI.run(["negotiate", "Webcm", "--profile", Self.c525, "--preset", "high"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("no device matches 'Webcm'. Did you mean 'Webcam'?"), "\(r.stderr)")
    }

    /// Negative numbers are values, not flags: the error says what is wrong with them.
    @Test(arguments: [
        (["negotiate", "0", "--fps", "-1"], "--fps -1: must be a positive frame rate"),
        (["negotiate", "0", "--min-fps", "-1"], "--min-fps -1: must be a positive frame rate"),
        (["negotiate", "0", "--max-fps", "-5"], "--max-fps -5: must be a positive frame rate"),
        (["negotiate", "0", "--size", "640x480", "--bandwidth", "-3"], "--bandwidth -3: must be a positive number of MB/s"),
        (["negotiate", "0", "--rate", "-1"], "--rate -1: must be a positive whole number of Hz"),
        (["negotiate", "0", "--channels", "-2"], "--channels -2: must be a whole number, at least 1"),
        (["snapshot", "0", "-o", "x.png", "--preset", "high", "--timeout", "-1"], "--timeout -1: must be a positive number of seconds"),
        (["snapshot", "0", "-o", "x.png", "--preset", "high", "--skip", "-1"], "--skip -1: must be between 0 and 1000 frames"),
        (["monitor", "--timeout", "-1"], "--timeout -1: must be a positive number of seconds"),
        (["monitor", "--count", "-1"], "--count -1: must be at least 1"),
        (["monitor", "--settle", "-5"], "--settle -5: must be between 0 and 10000 ms"),
    ])
    func negativeNumbersAreRejectedByName(_ args: [String], _ message: String) throws {
        let withProfile = args.first == "monitor" ? args : args + ["--profile", Self.c525]
        let r = try CLI.run(CLI.fakeBinary, withProfile, environment: [:])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("camprobe: error: " + message), "\(r.stderr)")
        #expect(!r.stderr.contains("Missing value"))
    }
}
