import CamProbe
import CamProbeTesting
import CaptureModel
import Testing
import Udev

/// `DiscoverySession` over a fake machine: the devices present come first, marked
/// initial, then live connects and disconnects, filtered by media type and transport.
@Suite("Discovery session", .serialized, .timeLimit(.minutes(1)))
struct DiscoverySessionTests {
    func session(_ machine: FakeMachine, _ filter: DiscoveryFilter = DiscoveryFilter()) async -> DiscoverySession {
        let registry = DeviceRegistry(makeSystem: { machine.makeSystem() }, settle: .milliseconds(20))
        return await DiscoverySession(filter: filter, registry: registry, monitor: { () throws(UdevError) in machine.events })
    }

    func next(_ it: inout AsyncStream<DiscoveryEvent>.Iterator) async -> DiscoveryEvent? { await it.next() }

    @Test func presentDevicesComeFirstMarkedInitialThenLiveChanges() async throws {
        let machine = FakeMachine(nodes: try camera(1))
        let discovery = await session(machine)
        #expect(await discovery.devices.map(\.id.rawValue) == ["usb-0c45:6366-SN1"])
        var events = await discovery.events().makeAsyncIterator()
        guard case .wasConnected(let first, initial: true) = await next(&events) else {
            Issue.record("the present camera was not announced first")
            return
        }
        #expect(first.id.rawValue == "usb-0c45:6366-SN1")
        for n in try camera(2) { machine.plug(n) }
        guard case .wasConnected(let second, initial: false) = await next(&events) else {
            Issue.record("a live connect was not announced")
            return
        }
        #expect(second.id.rawValue == "usb-0c45:6366-SN2")
        for n in try camera(1).reversed() { machine.unplug(n.path) }
        guard case .wasDisconnected(let gone, _) = await next(&events) else {
            Issue.record("the disconnect was not announced")
            return
        }
        #expect(gone.rawValue == "usb-0c45:6366-SN1")
        await discovery.stop()
    }

    @Test func filtersByMediaTypeAndTransport() async throws {
        let machine = FakeMachine(nodes: try camera(1) + [try microphone(1)])
        let audio = await session(machine, DiscoveryFilter(mediaTypes: [.audio]))
        #expect(await audio.devices.count == 1)  // the camera with its microphone
        let platform = await session(machine, DiscoveryFilter(mediaTypes: [.video], transports: [.platform]))
        #expect(await platform.devices.isEmpty)
        let usb = await session(machine, DiscoveryFilter(mediaTypes: [.video], transports: [.usb]))
        #expect(await usb.devices.count == 1)
    }

    @Test func withoutAMonitorItStillListsAndSaysHotplugIsOff() async throws {
        let machine = FakeMachine(nodes: try camera(1))
        let registry = DeviceRegistry(makeSystem: { machine.makeSystem() }, settle: .milliseconds(20))
        let discovery = await DiscoverySession(
            filter: DiscoveryFilter(), registry: registry,
            monitor: { () throws(UdevError) in throw UdevError(call: "udev_monitor_new_from_netlink(udev)", errno: 1) })
        #expect(await discovery.devices.count == 1)
        guard case .off(let reason) = discovery.hotplug else {
            Issue.record("hotplug should be off")
            return
        }
        #expect(reason.contains("udev_monitor_new_from_netlink"))
    }
}
