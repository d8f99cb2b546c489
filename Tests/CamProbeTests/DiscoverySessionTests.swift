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
        // A live connect: first as soon as its nodes are ready, then with its capabilities.
        guard case .arrived(let early) = await next(&events), case .wasConnected(let second, initial: false) = await next(&events) else {
            Issue.record("a live connect was not announced as arrived, then connected")
            return
        }
        #expect(early.id.rawValue == "usb-0c45:6366-SN2" && early.captures.isEmpty)
        #expect(second.id.rawValue == "usb-0c45:6366-SN2" && second.captures.first?.formats.isEmpty == false)
        #expect(await discovery.devices.map(\.id.rawValue) == ["usb-0c45:6366-SN1", "usb-0c45:6366-SN2"])
        for n in try camera(1).reversed() { machine.unplug(n.path) }
        guard case .wasDisconnected(let gone, _) = await next(&events) else {
            Issue.record("the disconnect was not announced")
            return
        }
        #expect(gone.rawValue == "usb-0c45:6366-SN1")
        await discovery.stop()
    }

    @Test func aCameraGoneBeforeItsCapabilitiesIsArrivedThenDisconnected() async throws {
        let machine = FakeMachine()
        let discovery = await session(machine)
        var events = await discovery.events().makeAsyncIterator()
        var cam = try camera(1)
        cam[0].faults = [FakeFaultSpec(ioctl: "VIDIOC_ENUM_FMT", afterCalls: 0, errno: "ENODEV", sticky: true)]
        for n in cam { machine.plug(n) }
        guard case .arrived(let d) = await next(&events) else {
            Issue.record("the camera did not arrive")
            return
        }
        #expect(await discovery.devices.isEmpty)  // not offered before its capabilities are read
        for n in cam { machine.unplug(n.path) }
        guard case .wasDisconnected(let id, _) = await next(&events) else {
            Issue.record("an arrived camera that went away was not announced gone")
            return
        }
        #expect(id == d.id)
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
