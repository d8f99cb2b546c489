import CamProbe
import CamProbeTesting
import FoundationEssentials
import Synchronization
import Testing

/// Collects a registry's events as a subscriber would.
final class EventLog: Sendable {
    let events = Mutex<[DeviceEvent]>([])
    var list: [DeviceEvent] { events.withLock { $0 } }
    var summary: [String] { list.map { "\($0.kind) \($0.deviceID?.rawValue ?? "")" } }
    func follow(_ stream: AsyncStream<DeviceEvent>) -> Task<Void, Never> {
        Task { for await e in stream { events.withLock { $0.append(e) } } }
    }
}

func spec(_ json: String) throws -> FakeNodeSpec { try JSONDecoder().decode(FakeNodeSpec.self, from: Data(json.utf8)) }

/// One UVC camera: capture, metadata and media node on one USB parent.
func camera(_ n: Int, serial: String? = nil) throws -> [FakeNodeSpec] {
    let parent = usbParent(sys: "/sys/devices/usb1/1-\(n)", serial: serial ?? "SN\(n)", port: "pci-0000:00:14.0-usb-0:\(n)")
    let bus = "usb-0000:00:14.0-\(n)"
    return [
        try spec(webcamNode(path: "/dev/video\(2 * n)", bus: bus, udev: parent)),
        try spec(
            #"{"path":"/dev/video\#(2 * n + 1)","driver":"uvcvideo","card":"Test Cam","busInfo":"\#(bus)","deviceCaps":"0x04a00000","udev":\#(parent)}"#
        ),
        try spec(
            #"{"path":"/dev/media\#(n)","subsystem":"media","driver":"uvcvideo","card":"Test Cam","busInfo":"\#(bus)","udev":\#(parent)}"#),
    ]
}

/// The ALSA card of camera `n` (same USB parent as `camera(n)`).
func microphone(_ n: Int) throws -> FakeNodeSpec {
    let parent = usbParent(sys: "/sys/devices/usb1/1-\(n)", serial: "SN\(n)", port: "pci-0000:00:14.0-usb-0:\(n)")
    return try spec(
        #"{"path":"/dev/snd/controlC\#(n)","subsystem":"sound","driver":"","card":"","busInfo":"","udev":\#(parent),"audio":{"id":"Mic\#(n)","name":"Test Cam","driver":"USB-Audio","pcms":[{"device":0,"name":"USB Audio","formats":["S16_LE"],"channels":"1-1","rates":"16000-48000"}]}}"#
    )
}

@Suite("Device registry: one event per physical device", .serialized, .timeLimit(.minutes(1)))
struct RegistryTests {
    let settle = Duration.milliseconds(20)

    func make(_ machine: FakeMachine) async -> (DeviceRegistry, EventLog, Task<Void, Never>) {
        let registry = DeviceRegistry(makeSystem: { machine.makeSystem() }, settle: settle, retryDelay: .milliseconds(20), maxRetries: 25)
        await registry.start(events: machine.events)
        let log = EventLog()
        let task = log.follow(await registry.events())
        return (registry, log, task)
    }

    /// Waits until the registry has taken every raw event the machine emitted and
    /// settled (bounded: 10 s), so the tests do not depend on the scheduler's speed.
    func quiet(_ registry: DeviceRegistry, _ machine: FakeMachine, _ log: EventLog? = nil) async throws {
        try await Task.sleep(for: .milliseconds(60))
        for _ in 0..<500 {
            if await registry.statistics.rawEvents >= Int(machine.emitted), await !registry.isSettling,
                await (log?.list.count ?? 0) >= (log == nil ? 0 : registry.statistics.published)
            {
                return
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    @Test func devicesPresentAtStartAreKnownWithoutEvents() async throws {
        let machine = FakeMachine(nodes: try camera(1))
        let (registry, log, _) = await make(machine)
        try await quiet(registry, machine, log)
        #expect(await registry.devices.map(\.id.rawValue) == ["usb-0c45:6366-SN1"])
        #expect(log.list.isEmpty)
    }

    @Test func nodesArrivingInAnyOrderGiveOneConnected() async throws {
        let machine = FakeMachine()
        let (registry, log, _) = await make(machine)
        let cam = try camera(1)
        machine.plug(cam[1])  // metadata node first
        try await Task.sleep(for: .milliseconds(5))
        machine.plug(cam[2])  // media
        machine.plug(cam[0])  // capture last
        machine.plug(try microphone(1))  // the camera's sound card, last
        machine.emit("add", subsystem: "sound", devnode: "/dev/snd/pcmC1D0c")  // and its PCM node
        try await quiet(registry, machine, log)
        #expect(log.summary == ["connected usb-0c45:6366-SN1", "capabilities usb-0c45:6366-SN1"])
        guard case .connected(let d) = log.list.first, case .capabilitiesRead(let whole) = log.list.last else {
            Issue.record("no connect and capabilities")
            return
        }
        #expect(d.nodes.map(\.role) == ["capture", "metadata", "media", "audio"])
        #expect(d.audio.map(\.cardID) == ["Mic1"])
        #expect(d.captures.isEmpty)  // announced first with identity and nodes
        #expect(whole.nodes == d.nodes && whole.captures.first?.formats.count == 2)  // then whole
        #expect(await registry.devices == [whole])
        #expect(await registry.statistics.rescans >= 1)  // one per quiet window; how many windows depends on scheduling
    }

    @Test func removalInReverseGivesOneDisconnectedAndTheDeviceStaysGone() async throws {
        let cam = try camera(1)
        let machine = FakeMachine(nodes: cam)
        let (registry, log, _) = await make(machine)
        let id = DeviceID("usb-0c45:6366-SN1")
        for n in cam.reversed() { machine.unplug(n.path) }
        try await quiet(registry, machine, log)
        #expect(log.summary == ["disconnected usb-0c45:6366-SN1"])
        #expect(await registry.isConnected(id) == false)
        await #expect(throws: RegistryError.self) { try await registry.device(id) }
        // A replug is a new connection of the same stable ID.
        for n in cam { machine.plug(n) }
        try await quiet(registry, machine, log)
        #expect(log.summary == ["disconnected usb-0c45:6366-SN1", "connected usb-0c45:6366-SN1", "capabilities usb-0c45:6366-SN1"])
        #expect(await registry.isConnected(id))
    }

    @Test func aMicrophoneArrivingAfterItsCameraWasAnnouncedIsAChange() async throws {
        let cam = try camera(1)
        let machine = FakeMachine(nodes: cam)
        let (registry, log, _) = await make(machine)
        machine.plug(try microphone(1))
        try await quiet(registry, machine, log)
        #expect(log.summary == ["changed usb-0c45:6366-SN1"])
        #expect(await registry.devices.first?.audio.count == 1)
        // Unplugging removes the camera and its microphone as one device.
        for n in cam.reversed() { machine.unplug(n.path) }
        machine.unplug("/dev/snd/controlC1")
        try await quiet(registry, machine, log)
        #expect(log.summary == ["changed usb-0c45:6366-SN1", "disconnected usb-0c45:6366-SN1"])
    }

    @Test func aMicrophoneOfItsOwnComesAndGoesAsOneDevice() async throws {
        let machine = FakeMachine()
        let (registry, log, _) = await make(machine)
        let aloop = try spec(
            #"{"path":"/dev/snd/controlC2","subsystem":"sound","driver":"","card":"","busInfo":"","udev":{"parent":{"sysPath":"/sys/devices/platform/snd_aloop.0","bus":"platform","portPath":"platform-snd_aloop.0"}},"audio":{"id":"Loopback","name":"Loopback","pcms":[{"device":0,"name":"Loopback PCM","formats":["S16_LE"],"channels":"1-32","rates":"8000-192000"}]}}"#
        )
        for cycle in 0..<3 {
            machine.plug(aloop)
            for p in ["pcmC2D0c", "pcmC2D0p", "pcmC2D1c", "pcmC2D1p"] { machine.emit("add", subsystem: "sound", devnode: "/dev/snd/" + p) }
            machine.emit("change", aloop)
            try await quiet(registry, machine, log)
            machine.unplug(aloop.path)
            try await quiet(registry, machine, log)
            #expect(log.summary.count == 2 * (cycle + 1))
        }
        #expect(
            log.summary
                == Array(repeating: ["connected platform-snd_aloop.0", "disconnected platform-snd_aloop.0"], count: 3).flatMap { $0 })
        #expect(await registry.devices.isEmpty)
    }

    @Test func duplicateEventsAndUnknownRemovalsChangeNothing() async throws {
        let cam = try camera(1)
        let machine = FakeMachine(nodes: cam)
        let (registry, log, _) = await make(machine)
        machine.emit("add", cam[0])
        machine.emit("add", cam[0])
        machine.emit("change", cam[0])
        machine.unplug("/dev/video42")  // never seen
        try await quiet(registry, machine, log)
        #expect(log.list.isEmpty)
    }

    @Test func aStormOfAThousandEventsLosesNothing() async throws {
        let machine = FakeMachine()
        let (registry, log, _) = await make(machine)
        let cams = try (1...4).map { try camera($0) }
        // A hub with four cameras flapping, ending with all four plugged.
        for round in 0..<83 {
            for c in cams { for n in c { machine.plug(n) } }
            if round < 82 { for c in cams { for n in c { machine.unplug(n.path) } } }
        }
        // 83 plug rounds × 12 + 82 unplug rounds × 12 = 1980 events; all inside one settle window.
        try await quiet(registry, machine, log)
        #expect(await registry.statistics.rawEvents >= 1000)
        #expect(log.summary.sorted() == ["capabilities", "connected"].flatMap { k in (1...4).map { "\(k) usb-0c45:6366-SN\($0)" } })
        #expect(await registry.devices.count == 4)
    }

    @Test func aDeviceThatVanishesWhileItsCapabilitiesAreReadIsNeverAnnouncedWithThem() async throws {
        let machine = FakeMachine()
        let (registry, log, _) = await make(machine)
        var cam = try camera(1)
        cam[0].faults = [FakeFaultSpec(ioctl: "VIDIOC_ENUM_FRAMESIZES", afterCalls: 0, errno: "ENODEV", sticky: true)]
        for n in cam { machine.plug(n) }
        try await quiet(registry, machine, log)
        #expect(log.summary == ["connected usb-0c45:6366-SN1"])  // its nodes were whole; its formats never were
        #expect(await registry.describedDevices.isEmpty)
        for n in cam { machine.unplug(n.path) }  // udev's removal follows the ENODEV
        try await quiet(registry, machine, log)
        #expect(log.summary == ["connected usb-0c45:6366-SN1", "disconnected usb-0c45:6366-SN1"])
        #expect(await registry.devices.isEmpty)
    }

    @Test func aNodeWithoutPermissionsYetIsRetriedNotReportedBroken() async throws {
        let machine = FakeMachine()
        let (registry, log, _) = await make(machine)
        let cam = try camera(1)
        var locked = cam[0]
        locked.openError = "EACCES"
        machine.plug(locked)
        try await Task.sleep(for: .milliseconds(40))
        machine.update(cam[0])  // udev applied its rules
        try await quiet(registry, machine, log)
        #expect(log.summary == ["connected usb-0c45:6366-SN1", "capabilities usb-0c45:6366-SN1"])
        guard case .connected(let d) = log.list.first, case .capabilitiesRead(let whole) = log.list.last else { return }
        #expect(d.problems.isEmpty && whole.allProblems.isEmpty && whole.captures.count == 1)
        #expect(await registry.statistics.rescans >= 2)
    }

    @Test func aSlowSubscriberGetsAnOverflowMarkerNotABlockedMonitor() async throws {
        let machine = FakeMachine()
        let registry = DeviceRegistry(makeSystem: { machine.makeSystem() }, settle: settle)
        await registry.start(events: machine.events)
        let stream = await registry.events(limit: 2)
        // Microphones of their own: whole when connected (a camera's capabilities would follow as a second event).
        for i in 1...5 {
            machine.plug(try microphone(i), silent: true)
            await registry.rescan()  // publishes synchronously; nobody reads yet
        }
        var it = stream.makeAsyncIterator()
        var got: [DeviceEvent] = []
        for _ in 0..<2 { if let e = await it.next() { got.append(e) } }  // the two that fitted
        machine.plug(try microphone(6), silent: true)
        await registry.rescan()
        for _ in 0..<2 { if let e = await it.next() { got.append(e) } }
        #expect(got.map(\.kind) == ["connected", "connected", "overflow", "connected"])
        #expect(got[2] == .overflow(dropped: 3))
        #expect(got[3].deviceID?.rawValue == "usb-0c45:6366-SN6")
        #expect(got.allSatisfy { if case .connected(let d) = $0 { !d.awaitsCapabilities } else { true } })
        #expect(await registry.devices.count == 6)  // the registry itself lost nothing
    }

    @Test func droppingTheRegistryEndsItsStreams() async throws {
        let machine = FakeMachine()
        var registry: DeviceRegistry? = DeviceRegistry(makeSystem: { machine.makeSystem() }, settle: settle)
        await registry!.start(events: machine.events)
        let stream = await registry!.events()
        registry = nil
        var it = stream.makeAsyncIterator()
        #expect(await it.next() == nil)
    }
}
