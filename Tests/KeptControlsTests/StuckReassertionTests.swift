import CamProbe
import CamProbeTesting
import Foundation
import KeptControls
import Testing
import V4L2

/// No reassertion runs on the cooperative pool: six reasserters stuck for 4 s in a control write (more than the
/// pool has threads, one per core) do not delay another device's work or a plain task. It failed (the other work
/// waited the full 4 s) while `ControlReasserter` ran on an actor of the pool. (The same check for opening a node
/// is CamProbeTests' `StuckDeviceOffPoolTests`.)
@Suite("A stuck reassertion stalls only itself", .serialized)
struct StuckReassertionTests {
    /// A fake machine shared by the concurrent calls, as the registry's factory shares one. `@unchecked` is true
    /// enough for a test: the fake keeps each node's state under its own lock (`FakeNodeState.lock`).
    struct Shared: @unchecked Sendable { let system: FakeDeviceSystem }

    @Test func aStuckReassertionDelaysNothingElse() async throws {
        let brightness: UInt32 = 0x0098_0900
        let slowJSON = #"{"nodes":["# + streamableNode(extra: #""ioctlDelays":{"VIDIOC_S_EXT_CTRLS":4000,"VIDIOC_S_CTRL":4000}"#) + "]}"
        let slow = Shared(system: try Fixtures.system(json: slowJSON))
        let device = try #require(slow.system.discoverAll().devices.first)
        let fast = Shared(system: try seamSystem())
        let fastDevice = try #require(fast.system.discoverAll().devices.first)
        let reasserters = try (0..<6).map { _ in
            try ControlReasserter(
                device: device, writes: [ControlWrite(id: brightness, control: "brightness", value: 100, reason: "saved value")],
                makeSystem: { slow.system }, report: { _ in })
        }
        let event =
            #"{"id":\#(brightness),"control":"brightness","changes":["value"],"value":7,"flags":[],"minimum":0,"maximum":255,"deviceGone":false}"#
        let changed = try JSONDecoder().decode(ControlEvent.self, from: Data(event.utf8))
        let started = ContinuousClock.now
        let stuck = reasserters.map { r in Task { await r.handle(changed) } }
        try await Task.sleep(for: .milliseconds(200))  // all inside their 4 s write now
        let camera = try await CaptureDevice.open(device: fastDevice, system: fast.system)
        for _ in 0..<20 { #expect(try await camera.activeFormat().width == 640) }
        await camera.close()
        let quick = await Task.detached { (1...1000).reduce(0, +) }.value
        let elapsed = ContinuousClock.now - started
        #expect(quick == 500_500)
        #expect(elapsed < .milliseconds(3000), "other work waited \(elapsed) behind the stuck reassertions")
        for t in stuck { await t.value }
        #expect(ContinuousClock.now - started >= .seconds(4), "the reassertions were not stuck")
        for r in reasserters { await r.close() }
    }
}
