import CaptureModel
import Negotiation
import Testing

/// A decision on a media-controller camera and the pipeline it needs (`SensorPipelineSetup`), on vimc's
/// real topology and its sub-devices at power-on (vimc-topology.json + vimc-subdevs.json).
@Suite("A choice on a media-controller camera and its pipeline")
struct SensorPipelineSetupTests {
    /// What discovery made of vimc-topology.json with vimc-subdevs.json.
    static func vimc() throws -> [Device] { try Cameras.discovered("vimc-topology+subdevs") }

    @Test func negotiationPicksASensorModeAndSaysAnUnknownRateIsUnknown() throws {
        let a = try #require(try Self.vimc().first)
        let node = try #require(a.captures.first)
        let d = Negotiator.decide(preset: .high, for: node)
        #expect(d.choice?.size == Dimensions(width: 4096, height: 2160))
        #expect(d.changes.map(\.chosen) == ["unknown"])
        #expect(!d.changes.contains { $0.chosen.contains("0 fps") })
        let c = try #require(
            Negotiator.decide(CaptureRequest(size: .exact(Dimensions(width: 640, height: 480)), format: .list(["RGGB"])), for: node).choice)
        let setup = try SensorPipelineSetup.make(c, sensor: try #require(a.sensor)).get()
        #expect(setup.sensorCode.description == "SRGGB8_1X8")
        #expect(
            setup.commands.first?.hasPrefix(#"media-ctl -d /dev/media0 -V '"Sensor A":0[fmt:SRGGB8_1X8/640x480], "Debayer A":0"#) == true)
        #expect(setup.commands.last == "v4l2-ctl -d /dev/video0 --set-fmt-video=width=640,height=480,pixelformat=RGGB")
        #expect(setup.otherCaptures.map(\.path) == ["/dev/video2"])
    }
}
