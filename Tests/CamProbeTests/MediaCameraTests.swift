import CamProbeTesting
import CaptureModel
import Negotiation
import SensorPipelines
import Testing

@testable import CamProbe

/// `Device.mediaCamera` and `PipelineApplied`'s public view, on vimc's real topology and sub-devices at
/// power-on through the fake (vimc-topology.json + vimc-subdevs.json).
@Suite("Media-controller cameras as a recorder reads them", .serialized, .timeLimit(.minutes(1)))
struct MediaCameraTests {
    static let fixtures = [Fixtures.path("vimc-topology.json"), Fixtures.path("vimc-subdevs.json")]

    func sensorA() throws -> Device {
        let devices = try FakeDeviceSystem(fixtures: Self.fixtures).discoverAll().devices
        return try #require(devices.first { $0.name == "Sensor A" })
    }

    @Test func theSensorItsMediaDeviceSubdeviceAndPipelineArePublic() throws {
        let a = try sensorA()
        let m = try #require(a.mediaCamera)
        #expect(m.mediaDevice == "/dev/media0" && m.driver == "vimc" && m.model == "VIMC MDEV" && m.busInfo == "platform:vimc")
        #expect(m.sensorEntity == "Sensor A" && m.sensorSubdevice == "/dev/v4l-subdev0")
        #expect(m.sensorEntityID == a.sensor?.graph.entity(named: "Sensor A")?.id && m.sensorEntityID != nil)
        #expect(m.captureNodes.contains("/dev/video0"))
        // From the sensor's source pad, in data order, each pad once, with the power-on formats that disagree.
        #expect(m.pipeline.first?.description == #""Sensor A":0 [fmt:RGB888_1X24/640x480]"#)
        #expect(m.pipeline.first?.isSource == true)
        #expect(m.pipeline.contains { $0.description == #""Debayer A":0 [fmt:SRGGB8_1X8/640x480]"# && $0.isSource == false })
        #expect(m.pipeline.contains { $0.entity == "Raw Capture 0" && $0.code == nil })
        #expect(Set(m.pipeline.map { "\($0.entity):\($0.pad)" }).count == m.pipeline.count)
        // vimc lists no intervals and has no blanking controls.
        #expect(m.rateEvidence == .unknown && m.rateExplanation.contains("VIDIOC_SUBDEV_ENUM_FRAME_INTERVAL"))
        let uvc = try #require(try seamSystem().discoverAll().devices.first)
        #expect(uvc.mediaCamera == nil)
    }

    @Test func theRateEvidenceSaysWhereTheRateComesFrom() throws {
        var sensor = try #require(try sensorA().sensor)
        sensor.timing = SensorTiming(pixelRate: 595_200_000, hblank: 1000, vblank: 100, vblankMinimum: 20, vblankMaximum: 60_000)
        #expect(
            MediaCamera(sensor).rateEvidence
                == .blanking(pixelRate: 595_200_000, hblank: 1000, vblank: 100, vblankMinimum: 20, vblankMaximum: 60_000))
        sensor.source.codes[0].sizes[0].intervals = [Rational(1, 30)]
        #expect(MediaCamera(sensor).rateEvidence == .intervals)
    }

    @Test func applyThroughAOneShotSessionSaysWhatEachPadGot() async throws {
        nonisolated(unsafe) let sys = try FakeDeviceSystem(fixtures: Self.fixtures)  // the fake's state is locked
        let registry = DeviceRegistry(makeSystem: { sys }, ownThread: false)
        let session = await DiscoverySession(filter: DiscoveryFilter(), registry: registry, monitor: nil)
        let a = try #require(await session.devices.first { $0.name == "Sensor A" })
        let node = try #require(a.captures.first { $0.path == "/dev/video0" })
        let pick = try #require(
            Negotiator.decide(CaptureRequest(size: .exact(Dimensions(width: 640, height: 480)), format: .list(["RGGB"])), for: node).choice)
        let camera = try await session.open(a, node: "/dev/video0")
        try await camera.lockForConfiguration()
        let applied = try await camera.apply(pick.mode)
        await camera.unlockForConfiguration()
        await camera.close()
        let pipeline = try #require(applied.pipeline)
        let set = pipeline.pads.map(\.requested.description)
        #expect(set.contains(#""Sensor A":0 [fmt:SRGGB8_1X8/640x480]"#) && set.contains(#""Debayer A":0 [fmt:SRGGB8_1X8/640x480]"#))
        #expect(pipeline.pads.allSatisfy { $0.result == $0.requested && !$0.adjusted && $0.error == nil })
        #expect(pipeline.mismatches.isEmpty && pipeline.isConsistent)
    }

    @Test func aLinkThatStillDisagreesIsPublicWithBothEndsAndTheFix() throws {
        let a = try #require(try sensorA().sensor)
        let formats = a.padModes.compactMapValues(\.active)
        let diagnosed = try #require(
            PipelineDiagnosis.mismatches(in: a.graph, formats: formats, modes: a.padModes).first { $0.source.entity == "Sensor A" })
        let applied = PipelineApplied(pads: [], otherCaptures: [], remainingMismatches: [diagnosed], problems: [])
        let m = try #require(applied.mismatches.first)
        #expect(m.source.description == #""Sensor A":0 [fmt:RGB888_1X24/640x480]"# && m.source.isSource == true)
        #expect(m.sink.description == #""Debayer A":0 [fmt:SRGGB8_1X8/640x480]"# && m.sink.isSource == false)
        #expect(m.differences == diagnosed.differences && m.fixes.first?.hasPrefix("media-ctl -d /dev/media0 -V") == true)
        #expect(!applied.isConsistent)
    }
}
