import Foundation
import Testing

/// `apply` and `verify` end to end through the fake at the device seam:
/// lock, S_FMT + S_PARM, read-back, mmap streaming on the fake's virtual clock.
@Suite("camprobe apply / verify through the fake device")
struct ApplyVerifyEndToEndTests {
    static func node(faults: String = "") -> String {
        #"""
        {"nodes":[{"path":"/dev/video0","driver":"uvcvideo","card":"Seam Cam","busInfo":"usb-0000:00:14.0-3","version":"6.1.0",
         "capabilities":"0x84a00001","deviceCaps":"0x04200001",
         "formats":[{"fourcc":"YUYV","description":"YUYV 4:2:2","sizes":[{"discrete":"640x480","intervals":{"discrete":["1/30","1/15"]}}]},
           {"fourcc":"MJPG","description":"Motion-JPEG","flags":1,"sizes":[{"discrete":"1280x720","intervals":{"discrete":["1/60","1/30"]}}]}],
         "activeFormat":{"fourcc":"YUYV","width":640,"height":480},"frameInterval":"1/30"\#(faults),
         "udev":{"parent":{"sysPath":"/sys/seam","bus":"usb","vendorID":"046d","productID":"0825","serial":"SEAM1","speed":"480"}}}]}
        """#
    }

    @Test func verifyAppliesReadsBackAndStreamsAtTheNegotiatedRate() throws {
        let r = try CLI.run([
            "verify", "0", "--fixture", try CLI.fixture(Self.node()), "--size", "1280x720", "--fps", "60", "--frames", "120",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("Applied:  the driver now reports MJPG 1280x720 at 60 fps"))
        #expect(r.stdout.contains("Read back: matches what was set"))
        #expect(r.stdout.contains("Streamed: 120 frames; delivered 60.0 fps"))
    }

    /// A camera that delivers more than negotiated (69 fps measured for 59.94 on a held-out camera) is not "ok":
    /// the rate set did not take, and a file timed by it would play slower than life.
    @Test func verifyFlagsARateAboveTheNegotiatedOne() throws {
        let fast = try CLI.run([
            "verify", "0", "--fixture", try CLI.fixture(Self.node(faults: #","deliveredInterval":"1/69""#)), "--size", "1280x720",
            "--fps", "60", "--frames", "60", "--json",
        ])
        #expect(fast.status == 3, "\(fast.stderr)")
        #expect(
            fast.stdout.contains(#""verdict" : "excess""#) || fast.stdout.contains(#""verdict":"excess""#), "\(fast.stdout.suffix(300))")
        #expect(fast.stderr.contains("delivered rate more than 5 % above the negotiated one"), "\(fast.stderr)")
        let text = try CLI.run([
            "verify", "0", "--fixture", try CLI.fixture(Self.node(faults: #","deliveredInterval":"1/69""#)), "--size", "1280x720",
            "--fps", "60", "--frames", "60",
        ])
        #expect(text.stdout.contains("EXCESS — more frames than negotiated"), "\(text.stdout)")
        // within 5 % is ok
        let close = try CLI.run([
            "verify", "0", "--fixture", try CLI.fixture(Self.node(faults: #","deliveredInterval":"1/62""#)), "--size", "1280x720",
            "--fps", "60", "--frames", "60",
        ])
        #expect(close.status == 0, "\(close.stderr)")
    }

    @Test func strictRefusesAnAdjustedDecisionAndAppliesNothing() throws {
        let fixture = try CLI.fixture(Self.node())
        let adjusted = try CLI.run(["apply", "0", "--fixture", fixture, "--size", "1920x1080", "--fps", "30"])
        #expect(adjusted.status == 0 && adjusted.stdout.contains("Decision: ADJUSTED"), "\(adjusted.stderr)")
        let strict = try CLI.run(["apply", "0", "--fixture", fixture, "--size", "1920x1080", "--fps", "30", "--strict"])
        #expect(strict.status == 1 && !strict.stdout.contains("Applied:"))
        #expect(
            strict.stderr.contains("nothing applied: --strict: the request was adjusted (size 1920x1080 → 1280x720)"), "\(strict.stderr)")
        let verify = try CLI.run(["verify", "0", "--fixture", fixture, "--size", "1280x720", "--fps", "50", "--strict", "--frames", "10"])
        #expect(verify.status == 1 && !verify.stdout.contains("Streamed:"))
        #expect(verify.stderr.contains("--strict: the request was adjusted (rate 50 fps →"), "\(verify.stderr)")
        let valid = try CLI.run(["verify", "0", "--fixture", fixture, "--size", "1280x720", "--fps", "60", "--strict", "--frames", "10"])
        #expect(valid.status == 0, "\(valid.stderr)")
    }

    @Test func aStreamingErrorIsReportedWithTheCallAndExitsNonZero() throws {
        let faults = #","faults":[{"ioctl":"VIDIOC_STREAMON","errno":"EIO"}]"#
        let r = try CLI.run(["verify", "0", "--fixture", try CLI.fixture(Self.node(faults: faults)), "--preset", "high"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("VIDIOC_STREAMON"))
    }

    @Test func anotherRecorderHoldingTheCameraIsExplained() throws {
        let faults = #","faults":[{"ioctl":"VIDIOC_S_FMT","errno":"EBUSY"}]"#
        let r = try CLI.run(["apply", "0", "--fixture", try CLI.fixture(Self.node(faults: faults)), "--preset", "high"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("streaming in another process"))
    }
}
