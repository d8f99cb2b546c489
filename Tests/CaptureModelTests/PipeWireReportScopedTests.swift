import CaptureModel
import Testing

/// `PipeWireReport.scoped(to:)`: one device's part of the view, and "not read" kept as it is.
@Suite("PipeWire report scoped to one device")
struct PipeWireReportScopedTests {
    static let a = DeviceID("usb-aaaa:0001-A")
    static let b = DeviceID("usb-bbbb:0002-B")

    static var twoCameras: PipeWireReport {
        let view = PipeWireView(
            daemon: "pipewire-0", version: "1.2.7", library: "1.2.7",
            nodes: [
                PipeWireNode(
                    id: 40, name: "v4l2_input.a", api: "v4l2", v4l2Path: "/dev/video0",
                    formats: [PipeWireFormat(fourcc: "MJPG", spaFormat: "mjpg", width: 1920, height: 1080, frameRates: [Rational(30, 1)])],
                    clients: [PipeWireClient(nodeID: 60, application: "OBS", processID: 77)]),
                PipeWireNode(id: 41, name: "v4l2_input.b", api: "v4l2", v4l2Path: "/dev/video2"),
                PipeWireNode(id: 42, name: "libcamera_input.c", api: "libcamera"),
            ], omitted: 2)
        return PipeWireReport(
            status: .read, view: view,
            joins: [
                PipeWireJoin(nodeID: 40, deviceID: a, devnode: "/dev/video0", by: "api.v4l2.path"),
                PipeWireJoin(nodeID: 41, deviceID: b, devnode: "/dev/video2", by: "object.path"),
            ],
            unpublished: [
                PipeWireUnpublished(deviceID: a, devnode: "/dev/video1", reason: "a metadata node"),
                PipeWireUnpublished(deviceID: b, devnode: "/dev/video3", reason: "not known"),
            ])
    }

    @Test func keepsOnlyTheDevicesNodesJoinsAndUnpublishedNodes() throws {
        let s = Self.twoCameras.scoped(to: Self.a)
        #expect(s.status == .read)
        let view = try #require(s.view)
        #expect(view.daemon == "pipewire-0" && view.version == "1.2.7" && view.library == "1.2.7" && view.omitted == 2)
        #expect(view.nodes.map(\.id) == [40])
        #expect(view.nodes.first?.formats.count == 1 && view.nodes.first?.clients.first?.application == "OBS")
        #expect(s.joins.map(\.nodeID) == [40])
        #expect(s.unpublished.map(\.devnode) == ["/dev/video1"])
    }

    @Test func aDeviceNoNodeStandsForKeepsTheViewWithNoNodes() throws {
        let s = Self.twoCameras.scoped(to: DeviceID("platform-uvc-none"))
        #expect(s.status == .read)
        #expect(try #require(s.view).nodes.isEmpty)
        #expect(s.joins.isEmpty && s.unpublished.isEmpty)
    }

    @Test(arguments: [PipeWireReport.Status.off, .noLibrary, .noDaemon, .timedOut, .failed])
    func aViewNotReadKeepsItsStatusAndMessage(_ status: PipeWireReport.Status) {
        let s = PipeWireReport(status: status, message: "PipeWire view off: why").scoped(to: Self.a)
        #expect(s.status == status && s.message == "PipeWire view off: why")
        #expect(s.view == nil && s.joins.isEmpty && s.unpublished.isEmpty)
    }
}
