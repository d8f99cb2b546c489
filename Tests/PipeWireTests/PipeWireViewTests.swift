import CaptureModel
import PipeWireTesting
import Testing

@testable import PipeWire

/// The registry as the guest's pipewire 0.3.65 + wireplumber 0.4.13 published vivid, with `gst-launch-1.0
/// pipewiresrc` linked to it (ids and properties from its `pw-dump`).
@Suite("The PipeWire view of a registry")
struct PipeWireViewTests {
    static func snapshot(nodeParams: [[UInt8]], paramResult: Int32 = 0, extra: [PipeWireObject] = []) -> PipeWireSnapshot {
        PipeWireSnapshot(
            coreName: "pipewire-0", coreVersion: "0.3.65", libraryVersion: "0.3.65",
            objects: [
                PipeWireObject(id: 28, type: "PipeWire:Interface:Node", props: [("node.name", "Dummy-Driver")]),
                PipeWireObject(
                    id: 36, type: "PipeWire:Interface:Node",
                    props: [
                        ("api.v4l2.path", "/dev/video0"), ("device.api", "v4l2"), ("media.class", "Video/Source"),
                        ("media.role", "Camera"), ("node.name", "v4l2_input.platform-vivid.0"), ("object.path", "v4l2:/dev/video0"),
                        ("node.description", "vivid"), ("client.id", "32"),
                    ], params: nodeParams, paramResult: paramResult),
                PipeWireObject(
                    id: 38, type: "PipeWire:Interface:Client",
                    props: [
                        ("application.name", "gst-launch-1.0"), ("application.process.id", "251"),
                        ("application.process.binary", "gst-launch-1.0"),
                    ]),
                PipeWireObject(
                    id: 39, type: "PipeWire:Interface:Node",
                    props: [("client.id", "38"), ("media.class", "Stream/Input/Video"), ("node.name", "gst-launch-1.0")]),
                PipeWireObject(
                    id: 41, type: "PipeWire:Interface:Link",
                    props: [("link.input.node", "39"), ("link.output.node", "36"), ("link.input.port", "40"), ("link.output.port", "37")]),
            ] + extra)
    }

    @Test func aCameraNodeWithItsFormatsAndTheApplicationLinkedToIt() {
        let v = PipeWireView(Self.snapshot(nodeParams: [PodBuilder.raw(4, 640, 360, rates: [(30, 1), (30, 1), (15, 1)])]))
        #expect(v.nodes.map(\.id) == [36])
        let n = v.nodes[0]
        #expect(n.name == "v4l2_input.platform-vivid.0" && n.v4l2Path == "/dev/video0" && n.api == "v4l2" && n.role == "Camera")
        #expect(n.formats.map(\.fourcc) == ["YUYV"] && n.formats[0].frameRates == [Rational(30, 1), Rational(15, 1)])
        #expect(n.clients.count == 1)
        #expect(n.clients.first?.application == "gst-launch-1.0" && n.clients.first?.processID == 251 && n.clients.first?.nodeID == 39)
        #expect(n.formatsNote == nil)
    }

    @Test func aNodeThatVanishedMidReadSaysSo() {
        let v = PipeWireView(Self.snapshot(nodeParams: [PodBuilder.raw(4, 640, 360, rates: [(30, 1)])], paramResult: -2))
        #expect(v.nodes[0].formats.count == 1 && v.nodes[0].formatsNote == "the node went away while its formats were read")
    }

    @Test func aLibcameraNodeIsItsOwnKindWithItsID() {
        let lc = PipeWireObject(
            id: 50, type: "PipeWire:Interface:Node",
            props: [
                ("media.class", "Video/Source"), ("node.name", "libcamera_input._base_soc_platform_vimc_0_sensor_b"),
                ("object.path", "libcamera:/base/soc/platform/vimc.0/Sensor B"), ("device.api", "libcamera"),
            ])
        let v = PipeWireView(Self.snapshot(nodeParams: [], extra: [lc]))
        let n = v.nodes.first { $0.id == 50 }
        #expect(n?.api == "libcamera" && n?.libcameraID == "/base/soc/platform/vimc.0/Sensor B" && n?.v4l2Path == nil)
    }

    @Test func linksToMissingNodesAndNonsenseIDsAreSkipped() {
        let junk = [
            PipeWireObject(id: 60, type: "PipeWire:Interface:Link", props: [("link.input.node", "999"), ("link.output.node", "36")]),
            PipeWireObject(id: 61, type: "PipeWire:Interface:Link", props: [("link.input.node", "x"), ("link.output.node", "36")]),
            PipeWireObject(id: 62, type: "PipeWire:Interface:Link", props: [("link.output.node", "36")]),
        ]
        let v = PipeWireView(Self.snapshot(nodeParams: [], extra: junk))
        #expect(v.nodes[0].clients.map(\.nodeID) == [39, 999])
        #expect(v.nodes[0].clients.last?.application == nil)
    }

    @Test func hostileStringsPassThroughAsText() {
        let evil = String(repeating: "\u{202e}\u{0}\"<>&", count: 50)
        let o = PipeWireObject(id: 70, type: "PipeWire:Interface:Node", props: [("media.class", "Video/Source"), ("node.name", evil)])
        let v = PipeWireView(Self.snapshot(nodeParams: [], extra: [o]))
        #expect(v.nodes.first { $0.id == 70 }?.name == evil)
    }
}
