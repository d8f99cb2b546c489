import Foundation
import Testing

/// `list`, `show`, `negotiate` and `apply` on vimc's media-controller cameras through the fake twin.
@Suite("Media-controller cameras on the command line")
struct SensorCameraEndToEndTests {
    func run(_ args: [String]) throws -> Run {
        try CLI.run(args + ["--fixture", CLI.fixtures + "/vimc-topology.json", "--fixture", CLI.fixtures + "/vimc-subdevs.json"])
    }

    @Test func listShowsOneCameraPerSensor() throws {
        let r = try run(["list", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let devices = try #require(doc["devices"] as? [[String: Any]])
        #expect(devices.compactMap { $0["name"] as? String } == ["Sensor A", "Sensor B", "RGB/YUV Input"])
        let sensor = try #require(devices[0]["sensor"] as? [String: Any])
        #expect(sensor["subdevPath"] as? String == "/dev/v4l-subdev0")
        let text = try run(["list"])
        #expect(text.stdout.contains("Sensor A") && !text.stdout.contains("Raw Capture 0 "))
    }

    @Test func showNamesTheBrokenLinkAndTheFix() throws {
        let r = try run(["show", "Sensor A"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("Media-controller sensor 'Sensor A'"))
        #expect(r.stdout.contains("Pipeline: will not stream"))
        #expect(r.stdout.contains(#"the link "Sensor A":0 → "Debayer A":0 carries RGB888_1X24/640x480"#))
        #expect(r.stdout.contains(#"media-ctl -d /dev/media0 -V '"Sensor A":0[fmt:SRGGB8_1X8/640x480]'"#))
        #expect(r.stdout.contains("RGGB←SRGGB8_1X8"))
        #expect(!r.stdout.contains("16376"))
    }

    @Test func negotiateEmitsThePipeline() throws {
        let r = try run(["negotiate", "Sensor A", "--size", "640x480", "--format", "RGGB", "--emit", "media-ctl"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix(#"media-ctl -d /dev/media0 -V '"Sensor A":0[fmt:SRGGB8_1X8/640x480]"#))
        #expect(r.stdout.contains("v4l2-ctl -d /dev/video0 --set-fmt-video=width=640,height=480,pixelformat=RGGB"))
        let high = try run(["negotiate", "Sensor A", "--preset", "high"])
        #expect(high.stdout.contains("→ unknown") && !high.stdout.contains("→ 0 fps"), "\(high.stdout)")
        let uvc = try CLI.run(["negotiate", "0", "--preset", "medium", "--emit", "media-ctl", "--fixture", CLI.fixtures + "/c525.json"])
        #expect(uvc.status != 0 && uvc.stderr.contains("not a media-controller camera"), "\(uvc.stderr)")
    }

    @Test func applySetsEveryPadAndChecksEveryLink() throws {
        let r = try run(["apply", "Sensor A", "--size", "640x480", "--format", "RGGB"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains(#""Debayer A":0[fmt:SRGGB8_1X8/640x480]"#))
        #expect(r.stdout.contains("/dev/video2 RGB3 640x480 (another capture node of the same graph)"))
        #expect(r.stdout.contains("every link of the pipeline agrees"))
        #expect(r.stdout.contains("the driver now reports RGGB 640x480"))
    }

    @Test func ctlSetsTheSensorsAndLensControlsOnTheirSubdevices() throws {
        let r = try run(["ctl", "Sensor A", "focus_absolute=300", "brightness=100"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("focus_absolute: 0 → 300") && r.stdout.contains("brightness: 128 → 100"))
    }
}
