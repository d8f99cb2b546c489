import CamProbe
import CamProbeTesting
import Testing

/// The registry keeps one settle timer: never a sleeping task per raw event, and none after `stop()`.
@Suite("Device registry: one kept settle timer", .serialized, .timeLimit(.minutes(1)))
struct RegistryTimerTests {
    /// Polls `condition` every 10 ms for up to 5 s; true when it held.
    func eventually(_ condition: () async -> Bool) async throws -> Bool {
        for _ in 0..<500 {
            if await condition() { return true }
            try await Task.sleep(for: .milliseconds(10))
        }
        return await condition()
    }

    /// A burst of 100 raw events is taken with one timer waiting at a time, and after `stop()` no timer task is
    /// left (the settle window is a minute long here: a timer not cancelled would still sleep).
    @Test func aBurstKeepsOneTimerAndStopLeavesNone() async throws {
        let machine = FakeMachine(nodes: try camera(1), tellsReadiness: true)
        let registry = DeviceRegistry(makeSystem: { machine.makeSystem() }, settle: .seconds(60))
        await registry.start(events: machine.events)
        for _ in 0..<100 { machine.emit("change", subsystem: "video4linux", devnode: "/dev/video2") }
        #expect(try await eventually { await registry.statistics.rawEvents == 100 })
        #expect(try await eventually { registry.runningTimers == 1 })  // waiting for the window's end, a minute away
        #expect(registry.mostTimersAtOnce == 1)
        await registry.stop()
        #expect(try await eventually { registry.runningTimers == 0 }, "a settle timer is left after stop()")
    }
}
