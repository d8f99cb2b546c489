import Foundation
import Testing

/// `camprobe graph` on vimc at power-on (VIMC.md): the fake's media node plus
/// its subdevices (vimc-subdevs.json), with the sensors' RGB888 against the debayers' Bayer sinks.
@Suite("camprobe graph (media controller)")
struct GraphEndToEndTests {
    func run(_ extra: [String]) throws -> Run {
        try CLI.run(
            ["graph", "/dev/media0", "--fixture", CLI.fixtures + "/vimc-topology.json", "--fixture", CLI.fixtures + "/vimc-subdevs.json"]
                + extra)
    }

    @Test func namesThePowerOnMismatchAndTheFix() throws {
        let r = try run([])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("VIMC MDEV"))
        #expect(r.stdout.contains("/dev/video0 (Sensor A → Raw Capture 0)"))
        #expect(r.stdout.contains("/dev/video2 (Sensor A → Debayer A → Scaler → RGB/YUV Capture)"))
        #expect(r.stdout.contains("RGB/YUV Input: no enabled path to a capture node"))
        #expect(r.stdout.contains(#"the link "Sensor A":0 → "Debayer A":0 carries RGB888_1X24/640x480"#))
        #expect(r.stdout.contains(#"media-ctl -d /dev/media0 -V '"Sensor A":0[fmt:SRGGB8_1X8/640x480]'"#))
        #expect(r.stdout.contains("EPIPE"))
        #expect(!r.stdout.contains("ENOENT"))
        #expect(!r.stdout.contains(#""Debayer B":1 → "Scaler":0 carries"#))  // that link is disabled
    }

    @Test func jsonCarriesGraphPadsAndMismatches() throws {
        let r = try run(["--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let mismatches = try #require(doc["mismatches"] as? [[String: Any]])
        // The two debayer sinks, and the scaler's 1920x1440 into the 640x480 capture node.
        #expect(mismatches.count == 3)
        #expect((mismatches.last?["fixes"] as? [String]) == ["v4l2-ctl -d /dev/video2 --set-fmt-video=width=1920,height=1440"])
        let pads = try #require(doc["pads"] as? [[String: Any]])
        #expect(pads.count == 9)  // Sensor A, B, RGB/YUV Input: 1 each; Debayer A, B, Scaler: 2 each
    }

    @Test func aNodeThatIsNotAMediaControllerIsAClearError() throws {
        let r = try CLI.run(["graph", "/dev/video0", "--fixture", CLI.fixtures + "/vimc-topology.json"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("/dev/video0 is not a media controller (MEDIA_IOC_DEVICE_INFO answered ENOTTY)"))
        let missing = try CLI.run(["graph", "/dev/media9", "--fixture", CLI.fixtures + "/vimc-topology.json"])
        #expect(missing.status == 1 && missing.stderr.contains("there is no /dev/media9"))
    }
}
