import CamProbe
import CamProbeTesting
import CaptureModel
import SensorPipelines
import Testing

/// Media-controller cameras through the fake: vimc's real topology and its
/// sub-devices at power-on (vimc-topology.json + vimc-subdevs.json), as discovery (the façade) reads them and
/// `SensorCameraBuilder` makes them. (Moved from SensorPipelinesTests, which builds without the façade.)
@Suite("Media-controller cameras: one per sensor")
struct SensorCameraDiscoveryTests {
    static func vimc() throws -> DeviceDiscovery.Result {
        try FakeDeviceSystem(fixtures: [Fixtures.path("vimc-topology.json"), Fixtures.path("vimc-subdevs.json")]).discoverAll()
    }

    @Test func oneCameraPerSensorAndNoReceiverNodesOnTheirOwn() throws {
        let devices = try Self.vimc().devices
        #expect(devices.map(\.name) == ["Sensor A", "Sensor B", "RGB/YUV Input"])
        #expect(devices.allSatisfy { $0.sensor != nil })
        #expect(devices.map(\.id.rawValue) == ["platform-vimc-sensor_a", "platform-vimc-sensor_b", "platform-vimc-rgb_yuv_input"])
        let a = try #require(devices.first)
        #expect(a.nodes.map(\.path) == ["/dev/video0", "/dev/video2", "/dev/v4l-subdev0", "/dev/v4l-subdev6", "/dev/media0"])
        #expect(a.sensor?.lenses.map(\.entity) == ["Lens A"])
        #expect(
            a.sensor?.outputs.map(\.route.entityNames) == [
                ["Sensor A", "Raw Capture 0"], ["Sensor A", "Debayer A", "Scaler", "RGB/YUV Capture"],
            ])
    }

    @Test func outputsCarryTheSensorsModesNotTheReceiversLimits() throws {
        let a = try #require(try Self.vimc().devices.first)
        let raw = try #require(a.captures.first)
        #expect(raw.path == "/dev/video0")
        // RGB888 from the sensor would break the immutable link into Debayer A's Bayer sink: not offered.
        #expect(raw.formats.map(\.fourcc.description) == ["BA81", "GBRG", "GRBG", "RGGB"])
        #expect(raw.problems.allSatisfy { $0.kind != .mediaPipeline })
        for f in raw.formats {
            guard case .continuous(let lo, let hi, let atMin, _) = f.sizes.first else {
                Issue.record("\(f.fourcc): \(f.sizes)")
                continue
            }
            #expect(lo == Dimensions(width: 16, height: 16) && hi == Dimensions(width: 4096, height: 2160))
            guard case .unknown = atMin else {
                Issue.record("vimc reports no rate; got \(atMin)")
                continue
            }
        }
        let code = a.sensor?.output(at: "/dev/video0")?.format(for: "RGGB")
        #expect(code?.sensorCode.description == "SRGGB8_1X8")
        #expect(code?.evidence.contains("VIDIOC_ENUM_FMT with mbus_code") == true)
        // Focus comes from the lens sub-device.
        #expect(raw.semantics?.focus.lensPosition != nil)
    }

    @Test func thePowerOnMismatchIsNamedWithItsFix() throws {
        let devices = try Self.vimc().devices
        let a = try #require(devices.first)
        let m = a.problems.filter { $0.kind == .pipelineMismatch }.map(\.message)
        #expect(m.contains { $0.contains(#"the link "Sensor A":0 → "Debayer A":0"#) && $0.contains("EPIPE") })
        #expect(m.contains { $0.contains(#"media-ctl -d /dev/media0 -V '"Sensor A":0[fmt:SRGGB8_1X8/640x480]'"#) })
        // Sensor B's pipeline is its own: Sensor A's links are not its problem.
        #expect(!devices[1].problems.contains { $0.message.contains("Sensor A") })
        let input = devices[2]
        #expect(input.captures.isEmpty)
        #expect(input.problems.contains { $0.message.contains(#"media-ctl -d /dev/media0 -l '"RGB/YUV Input":0->"Scaler":0[1]'"#) })
    }

    @Test func withoutSubdevicesTheModesAreUnknownNotInvented() throws {
        let devices = try FakeDeviceSystem(fixtures: [Fixtures.path("vimc-topology.json")]).discoverAll().devices
        #expect(devices.map(\.name) == ["Sensor A", "Sensor B", "RGB/YUV Input"])
        let a = try #require(devices.first)
        #expect(a.sensor?.source.codes.isEmpty == true)
        #expect(a.captures.allSatisfy { $0.formats.isEmpty })
        #expect(a.problems.contains { $0.message.contains("modes are unknown") })
    }

    @Test func uvcCamerasAreUnchanged() throws {
        let uvc = try Fixtures.system("c525.json").discoverAll().devices
        #expect(!uvc.isEmpty && uvc.allSatisfy { $0.sensor == nil })
        #expect(uvc.flatMap(\.captures).allSatisfy { !$0.problems.contains { $0.kind == .mediaPipeline } })
    }

    @Test func thePlanCoversTheWholeConnectedGraphAndRefusesWhatItCannotCarry() throws {
        let a = try #require(try Self.vimc().devices.first?.sensor)
        let size = Dimensions(width: 1280, height: 720)
        let plan = try PipelinePlan.plan(
            sensor: "Sensor A", code: MediaBusCode(name: "SGRBG8_1X8")!, size: size, graph: a.graph, pads: a.padModes
        )
        .get()
        #expect(
            plan.pads.map(\.description).prefix(3) == [
                #""Sensor A":0[fmt:SGRBG8_1X8/1280x720]"#, #""Debayer A":0[fmt:SGRBG8_1X8/1280x720]"#,
                #""Debayer A":1[fmt:RGB888_1X24/1280x720]"#,
            ])
        #expect(Set(plan.captures.compactMap(\.path)) == ["/dev/video0", "/dev/video2"])
        let refused = PipelinePlan.plan(
            sensor: "Sensor A", code: MediaBusCode(name: "RGB888_1X24")!, size: size, graph: a.graph, pads: a.padModes)
        guard case .failure(let e) = refused else {
            Issue.record("RGB888 cannot pass Debayer A's sink")
            return
        }
        #expect(e.message.contains(#""Debayer A":0 does not take RGB888_1X24"#))
    }
}
