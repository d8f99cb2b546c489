import CamProbe
import CamProbeTesting
import CaptureModel
import FoundationEssentials
import Testing

/// The library's PipeWire view (`PipeWireCameras.read`) through the fake at the seam: the EMEET S800's capture node
/// published by a daemon, joined to the device discovery found; a daemon that never answers costs the bound.
@Suite("PipeWireCameras: the library's PipeWire view")
struct PipeWireCamerasTests {
    static func devices() throws -> [Device] {
        DeviceDiscovery(system: try Fixtures.system(json: Fixtures.read("emeet-s800.json"))).discover().devices
    }

    @Test func theNodeIsJoinedToTheDeviceItStandsFor() async throws {
        let port = try FakePipeWirePort(file: Fixtures.path("pipewire/emeet-s800.json"))
        let devices = try Self.devices()
        let report = await PipeWireCameras.read(devices: devices, remote: nil, timeoutMilliseconds: 400, port: port)
        #expect(report.status == .read)
        #expect(report.joins == [PipeWireJoin(nodeID: 41, deviceID: devices[0].id, devnode: "/dev/video4", by: "object.path")])
        #expect(report.view?.nodes.first?.clients.first?.application == "Firefox")
        #expect(report.unpublished.map(\.devnode) == ["/dev/video5"])
    }

    /// What doctor and the busy errors ask when `pipewire` holds a node: the applications linked to its node, read
    /// without formats (the fake drops them when not asked, as the daemon is not asked for them).
    @Test func theApplicationsBehindTheDaemonForANode() throws {
        let port = try FakePipeWirePort(file: Fixtures.path("pipewire/emeet-s800.json"))
        let users = PipeWireUsers.behind("/dev/video4", port: port)
        #expect(users?.map(PipeWireUsers.describe) == ["Firefox (pid 4242) [org.mozilla.firefox]"])
        #expect(PipeWireUsers.behind("/dev/video5", port: port) == nil)  // no node stands for the metadata node
        #expect(
            PipeWireUsers.isDaemon("/usr/bin/pipewire") && PipeWireUsers.isDaemon("wireplumber")
                && !PipeWireUsers.isDaemon("pipewire-pulse"))
    }

    @Test func aDaemonThatNeverAnswersCostsTheBound() async throws {
        let port = FakePipeWirePort(spec: FakePipeWirePort.Spec(answer: "never"))
        let started = ContinuousClock.now
        let report = await PipeWireCameras.read(devices: try Self.devices(), remote: nil, timeoutMilliseconds: 100, port: port)
        #expect(report.status == .timedOut)
        #expect(ContinuousClock.now - started < .seconds(5))  // bounded (the suite runs beside it: not a timing test)
    }
}
