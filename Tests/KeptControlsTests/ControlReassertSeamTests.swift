import CamProbe
import CamProbeTesting
import FoundationEssentials
import KeptControls
import Synchronization
import Testing

/// `monitor --restore NAME --reassert` through the fake seam: control events from another handle, writes back,
/// the rate limit (P11 item 5). The CLI's own checks are in EndToEndTests/ReassertTests.swift.
@Suite("Reasserting restored controls")
struct ControlReassertSeamTests {
    static let brightness: UInt32 = 0x0098_0900

    /// The fake machine shared by the watcher, the reasserter and the "other program" (one node state, one lock).
    struct Shared: @unchecked Sendable { let system: FakeDeviceSystem }

    final class Log: Sendable {
        let reports = Mutex<[(ContinuousClock.Instant, ControlReasserter.Report)]>([])
        func add(_ r: ControlReasserter.Report) { reports.withLock { $0.append((ContinuousClock.now, r)) } }
        var all: [ControlReasserter.Report] { reports.withLock { $0.map(\.1) } }
        var times: [ContinuousClock.Instant] { reports.withLock { $0.map(\.0) } }
    }

    /// Polls `condition` every 5 ms for up to `seconds` (generous: in the full parallel run, blocking tests can starve the cooperative pool for tens of seconds).
    func eventually(_ seconds: Double = 120, _ condition: () -> Bool) async -> Bool {
        let end = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < end {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return condition()
    }

    /// Starts a watcher on /dev/video0 feeding a reasserter that holds brightness at `saved`.
    func start(policy: ReassertPolicy, saved: Int64 = 100) throws -> (Shared, ControlReasserter, Log, Task<Void, Never>) {
        let shared = Shared(system: try seamSystem())
        let device = try #require(DeviceDiscovery(system: shared.system).discover().devices.first)
        // What the restore did: brightness written through its own handle.
        try shared.system.openPort("/dev/video0").writeControl(Self.brightness, value: saved)
        let log = Log()
        let reasserter = try ControlReasserter(
            device: device, writes: [ControlWrite(id: Self.brightness, control: "brightness", value: saved, reason: "saved value")],
            makeSystem: { shared.system }, policy: policy, report: { log.add($0) })
        let stream = try ControlEvents.start(port: try shared.system.openPort("/dev/video0"), controls: [(Self.brightness, "brightness")])
        let feed = Task { for await e in stream { await reasserter.handle(e) } }
        return (shared, reasserter, log, feed)
    }

    @Test func theLimiterAllowsOneReassertionPerIntervalThenGivesUp() {
        var l = ReassertLimiter(policy: ReassertPolicy(minimumInterval: .seconds(2), limit: 5, window: .seconds(60)))
        #expect(l.ask(1, at: .seconds(0)) == .reassert(count: 1))
        #expect(l.ask(1, at: .seconds(1)) == .wait(.seconds(1)))
        #expect(l.ask(2, at: .seconds(1)) == .reassert(count: 1), "controls are limited one by one")
        #expect(l.ask(1, at: .seconds(2)) == .reassert(count: 2))
        #expect(l.ask(1, at: .seconds(4)) == .reassert(count: 3))
        #expect(l.ask(1, at: .seconds(6)) == .reassert(count: 4))
        #expect(l.ask(1, at: .seconds(8)) == .reassert(count: 5))
        #expect(l.ask(1, at: .seconds(10)) == .giveUp(count: 5))
        #expect(l.ask(1, at: .seconds(100)) == .stopped, "once given up, the control is left alone")
        // Reassertions spread over more than the window never give up.
        var slow = ReassertLimiter()
        for i in 0..<20 { #expect(slow.ask(7, at: .seconds(Int64(i) * 13)) == .reassert(count: min(i + 1, 5))) }
    }

    @Test func anotherWriterIsUndoneOnceAndOurOwnEchoIsIgnored() async throws {
        let (shared, reasserter, log, feed) = try start(policy: ReassertPolicy())
        defer { feed.cancel() }
        // Another program changes the restored control.
        try shared.system.openPort("/dev/video0").writeControl(Self.brightness, value: 200)
        #expect(await eventually { log.all.count >= 1 })
        // Our own write comes back as an event (another handle than the watcher's): it must not start anything.
        try await Task.sleep(for: .milliseconds(150))
        #expect(log.all == [.reasserted(control: "brightness", value: 100, was: 200, count: 1)])
        #expect(try shared.system.openPort("/dev/video0").readControl(Self.brightness) == 100)
        await reasserter.close()
    }

    @Test func aFightIsRateLimitedAndStops() async throws {
        let interval = Duration.milliseconds(40)
        let (shared, reasserter, log, feed) = try start(policy: ReassertPolicy(minimumInterval: interval, limit: 5, window: .seconds(60)))
        defer { feed.cancel() }
        // The other program sets 200 again each time it sees its value undone (round by round, so a loaded
        // machine only slows the fight down; the gaps between reassertions can only grow).
        let other = try shared.system.openPort("/dev/video0")
        for round in 1...8 {
            try other.writeControl(Self.brightness, value: 200)
            #expect(await eventually { log.all.count >= round }, "round \(round): no answer")
            if case .gaveUp = log.all.last { break }
        }
        let reports = log.all
        let reasserted = reports.filter { if case .reasserted = $0 { true } else { false } }
        #expect(reasserted.count == 5)
        #expect(reports.last == .gaveUp(control: "brightness", value: 100, count: 5))
        // At most once per interval (a little slack for the clock read after the write).
        let times = log.times
        for i in 1..<min(times.count, 5) { #expect(times[i] - times[i - 1] >= interval - .milliseconds(5)) }
        // Given up: the other program wins, and nothing more is written or printed.
        try other.writeControl(Self.brightness, value: 200)
        try await Task.sleep(for: .milliseconds(300))
        #expect(log.all.count == reports.count)
        #expect(try shared.system.openPort("/dev/video0").readControl(Self.brightness) == 200)
        await reasserter.close()
    }
}
