import CamProbe
import CamProbeTesting
import Testing

/// The registry announces a device as soon as udev has finished every node the kernel has for
/// it, and falls back to its settle window when the system cannot tell. Events are driven by
/// hand and the checks pin what is announced, in what order and when: where the settle window must
/// not decide it is 50 s, so an announcement at all came early; where it decides, nothing is
/// announced sooner than the window after the last event. (The registry's counters only tell the
/// tests when it has taken each event, so they need not sleep.)
@Suite("Device registry: announce by completeness", .serialized, .timeLimit(.minutes(1)))
struct RegistryCompletenessTests {
    /// Long enough that the fallback never fires while a test runs (unless it is the subject).
    let never = Duration.seconds(50)
    let id = "usb-0c45:6366-SN1"

    func make(_ machine: FakeMachine, settle: Duration) async -> (DeviceRegistry, EventLog) {
        let registry = DeviceRegistry(makeSystem: { machine.makeSystem() }, settle: settle, retryDelay: .milliseconds(20))
        await registry.start(events: machine.events)
        let log = EventLog()
        _ = log.follow(await registry.events())
        return (registry, log)
    }

    static let idPath = "pci-0000:00:14.0-usb-0:1:1.0"

    /// Camera 1 whose capture node has the by-path link and `ID_PATH` udev makes for it, and that link.
    func linkedCamera() throws -> ([FakeNodeSpec], String) {
        var cam = try camera(1)
        let link = "/dev/v4l/by-path/\(Self.idPath)-video-index0"
        cam[0].udev?.byPath = [link]
        cam[0].udev?.idPath = Self.idPath
        return (cam, link)
    }

    /// Waits (bounded: 10 s) until `done` holds.
    func until(_ done: () async -> Bool) async throws {
        for _ in 0..<1000 {
            if await done() { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("timed out waiting")
    }

    /// Waits until the registry took every emitted event and did its early rescan for the last one (or knew it
    /// needed none: an awaited node arrived while its siblings were still awaited).
    func rescanned(_ registry: DeviceRegistry, _ machine: FakeMachine, to count: Int) async throws {
        try await until {
            let st = await registry.statistics
            return st.rawEvents == Int(machine.emitted) && st.rescans + st.awaitedSkips >= count
        }
    }

    @Test func nodesArrivingOneByOneAreAnnouncedOnceCompleteAfterTheLast() async throws {
        let machine = FakeMachine(tellsReadiness: true)
        let (registry, log) = await make(machine, settle: never)
        let cam = try camera(1)
        for n in cam { machine.register(n) }  // the kernel has all three; udev finishes them over 80 ms
        for (i, n) in [cam[1], cam[2]].enumerated() {
            machine.process(n.path)
            try await rescanned(registry, machine, to: i + 1)
            try await Task.sleep(for: .milliseconds(40))
            #expect(log.list.isEmpty, "announced before \(cam[0].path) was finished")
        }
        machine.process(cam[0].path)
        try await until { log.list.count == 2 }
        #expect(log.summary == ["connected \(id)", "capabilities \(id)"])
        guard case .connected(let d) = log.list.first, case .capabilitiesRead(let whole) = log.list.last else { return }
        #expect(d.nodes.map(\.role) == ["capture", "metadata", "media"])
        #expect(d.captures.isEmpty && d.awaitsCapabilities)  // announced before its formats were read
        #expect(whole.nodes == d.nodes && whole.captures.first?.formats.count == 2)
    }

    /// Under load in the guest's `hotplug` block a camera was announced without its by-path link: an early re-read
    /// listed a node before udev had finished it, and readiness, read a moment later, already said finished. A node
    /// whose listed record was read before udev finished it is not finished for that re-read; udev's `add` for it
    /// lists it again, with its links. (Here the capture node appears in sysfs as the re-read lists, once the USB
    /// video interface that announces it is no longer waited for.)
    @Test func aNodeListedBeforeUdevFinishedItIsNotAnnouncedWithoutItsLinks() async throws {
        let machine = FakeMachine(tellsReadiness: true)
        let (registry, log) = await make(machine, settle: never)
        let (cam, link) = try linkedCamera()
        machine.awaitNodes(parent: "/sys/devices/usb1/1-1")  // its video interface has no node yet
        for (i, n) in [cam[1], cam[2]].enumerated() {
            machine.register(n)
            machine.process(n.path)
            try await rescanned(registry, machine, to: i + 1)
        }
        #expect(log.list.isEmpty)
        machine.awaitNodes(parent: "/sys/devices/usb1/1-1", false)
        machine.arriveDuringNextListing(cam[0])
        machine.emit("change", cam[1])  // starts a re-read, which lists
        try await until { log.list.count == 2 }
        guard case .connected(let d) = log.list.first else { return }
        #expect(d.nodes.count == 3)
        #expect(d.identity.byPath == [link], "announced with the record listed before udev finished the node")
        #expect(d.identity.udevIDPath == Self.idPath)
    }

    /// On a USB camera every open and close is a round trip to the device (uvcvideo starts and stops its status
    /// endpoint), and under a loaded CPU these re-reads delayed the one that could announce: while a camera's nodes
    /// are still arriving, none of them is opened.
    @Test func nodesStillArrivingAreNotOpened() async throws {
        let machine = FakeMachine(tellsReadiness: true)
        let (registry, log) = await make(machine, settle: never)
        let cam = try camera(1)
        for n in cam { machine.register(n) }
        for (i, n) in [cam[1], cam[2]].enumerated() {
            machine.process(n.path)
            try await rescanned(registry, machine, to: i + 1)
        }
        #expect(machine.opened.isEmpty, "opened \(machine.opened) before \(cam[0].path) was finished")
        machine.process(cam[0].path)
        try await until { log.list.count == 2 }
        #expect(Set(machine.opened).isSuperset(of: cam.map(\.path)))
    }

    /// On uvcvideo the last close of a camera's nodes kills its status URB, a round trip to the device that blocks
    /// `close(2)` (in the guest, the largest wait between udev's last event and `connected`: Reports/benchmarks.md
    /// §38). The re-read that announces a camera keeps its video nodes open until its capabilities are read: none
    /// is closed before `connected`, the capability read opens them beside the kept handles, and every handle is
    /// closed once the capabilities are in.
    @Test func theAnnouncingReReadKeepsItsNodesOpenUntilTheCapabilitiesAreRead() async throws {
        let machine = FakeMachine(tellsReadiness: true)
        let (registry, log) = await make(machine, settle: never)
        let cam = try camera(1)
        for n in cam { machine.register(n) }
        for n in cam { machine.process(n.path) }
        try await until { log.list.count == 2 }
        #expect(log.summary == ["connected \(id)", "capabilities \(id)"])
        try await until { await registry.describedDevices.count == 1 }  // an actor call after the one that published
        let handles = machine.handleLog
        let capture = cam[0].path
        let opens = handles.indices.filter { handles[$0] == "open \(capture)" }
        try #require(opens.count == 2, "\(handles)")  // the announcing re-read, then the capability read
        #expect(!handles[opens[0]..<opens[1]].contains("close \(capture)"), "closed before it was read again: \(handles)")
        for path in cam.map(\.path) {
            #expect(
                handles.filter { $0 == "open \(path)" }.count == handles.filter { $0 == "close \(path)" }.count,
                "\(path) left open: \(handles)")
        }
    }

    /// A camera's nodes are still arriving: udev's `add` of one of its unfinished nodes starts no re-read while
    /// another is still unfinished, since nothing could be announced; the last one's `add` is then not kept waiting
    /// behind such a re-read (in the guest that wait was the largest part of a connect, Reports/benchmarks.md §35).
    @Test func anAwaitedNodesAddStartsNoReReadWhileItsSiblingsAreAwaited() async throws {
        let machine = FakeMachine(tellsReadiness: true)
        let (registry, log) = await make(machine, settle: never)
        let cam = try camera(1)
        for n in cam { machine.register(n) }
        machine.process(cam[1].path)  // a re-read: still arriving, video2 and media1 awaited
        try await rescanned(registry, machine, to: 1)
        let first = await registry.statistics.rescans
        machine.process(cam[2].path)
        try await until { await registry.statistics.rawEvents == Int(machine.emitted) }
        let st = await registry.statistics
        #expect(st.awaitedSkips == 1 && st.rescans == first, "media1's add started a re-read while video2 was awaited")
        machine.process(cam[0].path)
        try await until { log.list.count == 2 }
        #expect(log.summary == ["connected \(id)", "capabilities \(id)"])
        // Any other event still starts a re-read: here udev's `change` for a node of the camera, now known.
        let before = await registry.statistics.rescans
        machine.emit("change", cam[1])
        try await until { await registry.statistics.rescans > before }
    }

    /// The re-read that announces a camera takes each node's links and `ID_PATH` from udev's event for it, not from
    /// udev's database: the event carries them, and in the guest the listing was most of what a connect waited for
    /// (Reports/benchmarks.md §31, §35).
    @Test func theAnnouncingReReadTakesLinksFromUdevEvents() async throws {
        let machine = FakeMachine(tellsReadiness: true)
        let (registry, log) = await make(machine, settle: never)
        let (cam, link) = try linkedCamera()
        for n in cam { machine.register(n) }
        for (i, n) in [cam[1], cam[2]].enumerated() {
            machine.process(n.path)
            try await rescanned(registry, machine, to: i + 1)
        }
        let before = machine.nodesReadFromDatabase
        machine.process(cam[0].path)
        try await until { log.list.count == 2 }
        #expect(log.summary == ["connected \(id)", "capabilities \(id)"])
        #expect(machine.nodesReadFromDatabase == before, "the announcing re-read read udev's database instead of its events")
        guard case .connected(let d) = log.list.first else { return }
        #expect(d.identity.byPath == [link] && d.identity.udevIDPath == Self.idPath)
    }

    /// A node udev has finished but whose `add` event has not reached the registry yet is not read from udev's
    /// database (on the guest's uvcvideo that read was about 250 000 instructions a node, a sixth of a connect's,
    /// Reports/benchmarks.md §37): it is unfinished until its event comes, and the events announce the camera.
    @Test func aFinishedNodeWhoseEventHasNotComeIsNotReadFromTheDatabase() async throws {
        let machine = FakeMachine(tellsReadiness: true)
        let (registry, log) = await make(machine, settle: never)
        let (cam, link) = try linkedCamera()
        for n in cam { machine.register(n) }
        machine.process(cam[1].path)  // the first early re-read lists everything: nothing was listed before
        try await rescanned(registry, machine, to: 1)
        machine.finishSilently(cam[0].path)
        machine.finishSilently(cam[2].path)
        let before = machine.nodesReadFromDatabase
        machine.emit("change", cam[1])  // a re-read lists them while their events are on their way
        try await rescanned(registry, machine, to: 2)
        #expect(log.list.isEmpty, "announced from udev's database before udev's events for its nodes came")
        #expect(machine.nodesReadFromDatabase == before, "read udev's database for nodes whose events were still to come")
        machine.process(cam[2].path)
        machine.process(cam[0].path)
        try await until { log.list.count == 2 }
        #expect(log.summary == ["connected \(id)", "capabilities \(id)"])
        #expect(machine.nodesReadFromDatabase == before)
        guard case .connected(let d) = log.list.first else { return }
        #expect(d.identity.byPath == [link] && d.identity.udevIDPath == Self.idPath)
    }

    /// A node that makes no device (here a UVC gadget's own output node, as in the test guest; on a Raspberry Pi its
    /// codec nodes) used to be read by every early re-read, so "every new node is still arriving" never held and each
    /// arriving node of a camera opened the camera's nodes: it is read once, then left alone until udev sends an
    /// event for it.
    @Test func aNodeThatMakesNoDeviceIsReadOnceNotAtEveryReRead() async throws {
        let gadget = try spec(
            #"{"path":"/dev/video0","driver":"g_uvc","card":"usbip-vudc.0","busInfo":"gadget.0","deviceCaps":"0x04200002","udev":{"parent":{"sysPath":"/sys/devices/platform/usbip-vudc.0","bus":"platform","portPath":"platform-usbip-vudc.0"}}}"#
        )
        let machine = FakeMachine(nodes: [gadget], tellsReadiness: true)
        let (registry, log) = await make(machine, settle: never)
        let first = try camera(1)
        for n in first { machine.plug(n) }
        try await until { log.list.count == 2 }
        let gadgetOpens = machine.opened.filter { $0 == gadget.path }.count
        #expect(gadgetOpens <= 1, "the gadget's node was opened \(gadgetOpens) times")
        // A second camera arriving node by node: none of its nodes, and not the gadget's, is opened early.
        let before = machine.opened.count
        let cam = try camera(2)
        for n in cam { machine.register(n) }
        let r0 = await registry.statistics.rescans
        for (i, n) in [cam[1], cam[2]].enumerated() {
            machine.process(n.path)
            try await rescanned(registry, machine, to: r0 + i + 1)
        }
        #expect(Array(machine.opened.dropFirst(before)).isEmpty, "opened \(machine.opened.dropFirst(before)) while arriving")
        machine.process(cam[0].path)
        try await until { log.list.count == 4 }
        #expect(!machine.opened.dropFirst(before).contains(gadget.path))
        // An event for the gadget's node makes it read again.
        machine.unplug(gadget.path)
        machine.plug(gadget)
        try await until { machine.opened.filter { $0 == gadget.path }.count > gadgetOpens }
    }

    @Test func aUsbCameraWaitsForTheSoundCardItsAudioInterfaceAnnounces() async throws {
        let machine = FakeMachine(tellsReadiness: true)
        let (registry, log) = await make(machine, settle: never)
        machine.awaitNodes(parent: "/sys/devices/usb1/1-1")  // snd-usb-audio has not added its card yet
        for n in try camera(1) { machine.plug(n) }
        try await rescanned(registry, machine, to: 1)
        #expect(log.list.isEmpty)
        let mic = try microphone(1)
        machine.register(mic)
        machine.awaitNodes(parent: "/sys/devices/usb1/1-1", false)
        machine.process(mic.path)
        try await until { log.list.count == 2 }
        #expect(log.summary == ["connected \(id)", "capabilities \(id)"])
        guard case .connected(let d) = log.list.first else { return }
        #expect(d.nodes.map(\.role) == ["capture", "metadata", "media", "audio"])
    }

    @Test func aDisconnectIsAnnouncedOnceWhenTheLastNodeIsGone() async throws {
        let cam = try camera(1)
        let machine = FakeMachine(nodes: cam, tellsReadiness: true)
        let (registry, log) = await make(machine, settle: never)
        machine.unplug(cam[0].path)
        try await rescanned(registry, machine, to: 1)
        machine.unplug(cam[1].path)
        try await rescanned(registry, machine, to: 2)
        #expect(log.list.isEmpty, "announced a change or a disconnect while nodes remained")
        machine.unplug(cam[2].path)
        try await until { log.list.count == 1 }
        #expect(log.summary == ["disconnected \(id)"])
        #expect(await registry.devices.isEmpty)
        // Back again: one connect, as soon as complete.
        for n in cam { machine.plug(n) }
        try await until { log.list.count == 3 }
        try await rescanned(registry, machine, to: 4)
        #expect(log.summary == ["disconnected \(id)", "connected \(id)", "capabilities \(id)"])
    }

    @Test func aReloadedNodeIsNotFinishedUntilUdevSendsItsAdd() async throws {
        let cam = try camera(1)
        let machine = FakeMachine(nodes: cam, tellsReadiness: true)
        let (registry, log) = await make(machine, settle: never)
        for n in cam { machine.unplug(n.path) }
        try await until { log.list.count == 1 }
        let before = await registry.statistics.rescans
        // The driver is reloaded at once: the kernel has the nodes again and udev's database entry for the capture
        // node's number is still the old one (udev has not processed its removal): it looks finished.
        machine.plug(cam[2])
        machine.plug(cam[1])
        machine.plug(cam[0], silent: true)
        try await rescanned(registry, machine, to: before + 1)
        try await Task.sleep(for: .milliseconds(40))
        #expect(log.summary == ["disconnected \(id)"], "announced before udev's add for \(cam[0].path)")
        machine.emit("add", cam[0])  // udev finished it
        try await until { log.list.count == 3 }
        #expect(log.summary == ["disconnected \(id)", "connected \(id)", "capabilities \(id)"])
    }

    /// An early re-read reads again only the nodes udev sent events for: a node listed before udev finished it (no
    /// links yet) is read again once its `add` arrives, so the announcement carries the links udev made.
    @Test func aNodeListedUnfinishedIsReadAgainWhenUdevFinishesIt() async throws {
        let cam = try camera(1)
        var linked = cam[0]
        let link = "/dev/v4l/by-path/pci-0000:00:14.0-usb-0:1:1.0-video-index0"
        linked.udev?.byPath = [link]
        let machine = FakeMachine(tellsReadiness: true)
        let (registry, log) = await make(machine, settle: never)
        for n in cam { machine.register(n) }  // the kernel's nodes, before udev's rules made any link
        for (i, n) in cam.dropFirst().enumerated() {
            machine.process(n.path)
            try await rescanned(registry, machine, to: i + 1)
        }
        #expect(log.list.isEmpty)
        machine.update(linked)  // udev made the capture node's link, then sent its add
        machine.process(linked.path)
        try await until { log.list.count == 2 }
        guard case .connected(let d) = log.list.first else {
            Issue.record("\(log.summary)")
            return
        }
        #expect(d.identity.byPath == [link], "the record listed before udev finished the node was announced")
    }

    @Test func anotherCameraComingAndGoingLeavesAKnownOneAlone() async throws {
        let first = try camera(1)
        let machine = FakeMachine(nodes: first, tellsReadiness: true)
        let (registry, log) = await make(machine, settle: never)
        let second = try camera(2)
        for n in second { machine.register(n) }
        for n in second.reversed() { machine.process(n.path) }
        try await until { log.list.count == 2 }
        for n in second { machine.unplug(n.path) }
        try await until { log.list.count == 3 }
        let before = await registry.statistics.rescans
        machine.unplug(first[2].path)  // the first camera loses its media node only: not gone yet
        try await rescanned(registry, machine, to: before + 1)
        #expect(log.summary == ["connected usb-0c45:6366-SN2", "capabilities usb-0c45:6366-SN2", "disconnected usb-0c45:6366-SN2"])
        #expect(await registry.devices.map(\.id.rawValue) == [id])
    }

    @Test func withoutReadinessTheSettleWindowDecides() async throws {
        let machine = FakeMachine()  // cannot tell which nodes udev finished
        let settle = Duration.milliseconds(300)
        let (registry, log) = await make(machine, settle: settle)
        for n in try camera(1) { machine.plug(n) }
        let lastEvent = ContinuousClock.now
        try await until { log.list.count == 2 }
        #expect(ContinuousClock.now - lastEvent >= settle, "announced before the settle window ended")
        #expect(log.summary == ["connected \(id)", "capabilities \(id)"])
        guard case .connected(let d) = log.list.first else { return }
        #expect(d.nodes.map(\.role) == ["capture", "metadata", "media"])
        #expect(await registry.devices.count == 1)
    }

    @Test func aDeviceNeverToldCompleteIsAnnouncedOnceByTheSettleWindow() async throws {
        let machine = FakeMachine(tellsReadiness: true)
        let settle = Duration.milliseconds(300)
        let (registry, log) = await make(machine, settle: settle)
        machine.awaitNodes(parent: "/sys/devices/usb1/1-1")  // a driver that never adds what it announced
        for n in try camera(1) { machine.plug(n) }
        let lastEvent = ContinuousClock.now
        try await until { !log.list.isEmpty }
        #expect(ContinuousClock.now - lastEvent >= settle, "announced before the settle window ended")
        try await until { await !registry.isSettling }
        #expect(log.summary == ["connected \(id)", "capabilities \(id)"])
    }
}
