import CamProbe
import CamProbeTesting
import CaptureModel
import Foundation
import Testing
import V4L2

/// No device I/O runs on the cooperative pool: a device stuck for 4 s in one of the calls below, six times over (more
/// than the pool has threads, one per core), does not delay another device's work or a plain task. Each test failed
/// (other work waited the full 4 s) while that call ran on the caller's thread or an actor on the pool.
@Suite("A stuck device stalls only itself", .serialized)
struct StuckDeviceOffPoolTests {
    /// Runs `stuck` six times at once, then, while they are inside their 4 s call, `other` and a plain task;
    /// those must finish well before the stuck calls do.
    static func expectOthersUnaffected(
        stuck: @escaping @Sendable () async -> Void, other: @escaping @Sendable () async throws -> Void
    ) async throws {
        let started = ContinuousClock.now
        let stuckTasks = (0..<6).map { _ in Task { await stuck() } }
        try await Task.sleep(for: .milliseconds(200))  // all inside their 4 s call now
        try await other()
        let quick = await Task.detached { (1...1000).reduce(0, +) }.value
        let elapsed = ContinuousClock.now - started
        #expect(quick == 500_500)
        #expect(elapsed < .milliseconds(3000), "other work waited \(elapsed) behind the stuck devices")
        for t in stuckTasks { await t.value }
        #expect(ContinuousClock.now - started >= .seconds(4), "the stuck calls were not stuck")
    }

    static func device(_ sys: FakeDeviceSystem) throws -> Device { try #require(sys.discoverAll().devices.first) }

    /// A fake machine shared by the concurrent calls, as the registry's factory shares one. `@unchecked` is true
    /// enough for a test: the fake keeps each node's state under its own lock (`FakeNodeState.lock`).
    struct Shared: @unchecked Sendable { let system: FakeDeviceSystem }

    @Test func openingAStuckNodeDelaysNothingElse() async throws {
        let slowJSON = #"{"nodes":["# + streamableNode(extra: #""ioctlDelays":{"open":4000}"#) + "]}"
        let described = try Self.device(try seamSystem())
        let fast = Shared(system: try seamSystem())
        let fastDevice = try Self.device(fast.system)
        try await Self.expectOthersUnaffected(
            stuck: {
                guard let slow = try? Fixtures.system(json: slowJSON) else { return }
                _ = try? await CaptureDevice.open(device: described, system: slow)
            },
            other: {
                let camera = try await CaptureDevice.open(device: fastDevice, system: fast.system)
                for _ in 0..<20 { #expect(try await camera.activeFormat().width == 640) }
                await camera.close()
            })
    }
}
