import CamProbe
import CamProbeTesting
import CaptureModel
import Synchronization
import Testing
import Udev

/// A hotplug stream that says when its reader stopped reading it.
final class WatchedEvents: Sendable {
    final class Flag: Sendable { let value = Atomic<Bool>(false) }
    let events: AsyncStream<HotplugEvent>
    let continuation: AsyncStream<HotplugEvent>.Continuation
    private let ended = Flag()
    var isEnded: Bool { ended.value.load(ordering: .acquiring) }
    init() {
        (events, continuation) = AsyncStream<HotplugEvent>.makeStream()
        let ended = ended
        continuation.onTermination = { _ in ended.value.store(true, ordering: .releasing) }
    }
}

/// A `DiscoverySession` leaves nothing running once it ends: `stop()` and `deinit` cancel its tasks (the one
/// handing hotplug events to the registry, one per listener) at once, so the monitor's stream ends and every
/// listener's events finish. The deinit used to start a task of its own to stop the registry, which nobody kept,
/// cancelled or awaited: the monitor was still followed when the session was already gone.
@Suite("Discovery session: its end", .serialized, .timeLimit(.minutes(1)))
struct DiscoverySessionEndTests {
    static func session(_ machine: FakeMachine, _ watched: WatchedEvents) async -> DiscoverySession {
        let registry = DeviceRegistry(makeSystem: { machine.makeSystem() }, settle: .milliseconds(20))
        return await DiscoverySession(filter: DiscoveryFilter(), registry: registry, monitor: { () throws(UdevError) in watched.events })
    }

    /// Waits up to 5 s for `condition`.
    static func eventually(_ condition: () async -> Bool) async -> Bool {
        for _ in 0..<500 {
            if await condition() { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return await condition()
    }

    @Test func droppingTheSessionEndsTheMonitorAtOnceAndEveryListener() async throws {
        let machine = FakeMachine(nodes: try camera(1))
        let watched = WatchedEvents()
        var discovery: DiscoverySession? = await Self.session(machine, watched)
        var events = try #require(await discovery?.events()).makeAsyncIterator()
        guard case .wasConnected(_, initial: true) = await events.next() else {
            Issue.record("the present camera was not announced")
            return
        }
        #expect(discovery?.runningTasks == 2)  // the relay and the one listener
        #expect(!watched.isEnded)
        discovery = nil
        // At once, in deinit: nothing is left to a task that runs later.
        #expect(watched.isEnded, "the monitor's stream was still read after the session was dropped")
        #expect(await events.next() == nil, "a listener's events did not end with the session")
    }

    @Test func stopLeavesNoTaskRunning() async throws {
        let machine = FakeMachine(nodes: try camera(1))
        let watched = WatchedEvents()
        let discovery = await Self.session(machine, watched)
        let listeners = [await discovery.events(), await discovery.events()]
        #expect(discovery.runningTasks == 3)
        await discovery.stop()
        #expect(watched.isEnded)
        #expect(await Self.eventually { discovery.runningTasks == 0 }, "\(discovery.runningTasks) tasks still running")
        for l in listeners {
            var it = l.makeAsyncIterator()
            while await it.next() != nil {}
        }
        // A listener asked for after the end ends at once.
        var late = await discovery.events().makeAsyncIterator()
        while await late.next() != nil {}
        #expect(await Self.eventually { discovery.runningTasks == 0 })
    }

    /// The relay between the monitor and the registry keeps the monitor's promise: events its buffer cannot hold
    /// are not lost silently, the next event that gets through says how many went before it (the registry then
    /// lists everything again).
    @Test func eventsTheRelayCannotHoldAreCountedIntoTheNextOne() async {
        let (out, relay) = AsyncStream<HotplugEvent>.makeStream(bufferingPolicy: .bufferingOldest(3))
        var lost = 0
        func event(_ n: Int, droppedBefore: Int = 0) -> HotplugEvent {
            HotplugEvent(
                action: "add", subsystem: "video4linux", devnode: "/dev/video\(n)", sysPath: "/sys/class/video4linux/video\(n)",
                droppedBefore: droppedBefore)
        }
        // Nobody reads: three are held, the next two are refused, one of which already carried a loss of 4.
        for n in 0..<4 { DiscoverySession.relay(event(n), lost: &lost, to: relay) }
        DiscoverySession.relay(event(4, droppedBefore: 4), lost: &lost, to: relay)
        #expect(lost == 6)
        var reader = out.makeAsyncIterator()
        var read: [HotplugEvent] = []
        for _ in 0..<3 { if let e = await reader.next() { read.append(e) } }
        #expect(read.map(\.devnode) == ["/dev/video0", "/dev/video1", "/dev/video2"])
        #expect(read.map(\.droppedBefore) == [0, 0, 0])
        DiscoverySession.relay(event(5), lost: &lost, to: relay)
        let next = await reader.next()
        #expect(next?.devnode == "/dev/video5" && next?.droppedBefore == 6)
        #expect(lost == 0)
    }
}
