import ArgumentParser
import CamProbe
import CamProbeTesting
import Foundation
import Testing

@testable import CamProbeCLI

/// P23 item 6: the commands' own waits are not on the cooperative pool. Six runs at once of a command whose
/// device is stuck 3 s in `open(2)` (or whose PipeWire daemon never answers), more than the pool has threads (one
/// per core), do not delay a plain task. Each test failed (the plain task waited seconds) while that command
/// resolved its device, or waited for the PipeWire read, on the task's own thread. Run in the `alone` process
/// (scripts/test: its name has StuckDeviceOffPoolTests in it): it installs the command line's environment.
@Suite("Commands: a stuck device holds no thread of the pool", .serialized, .timeLimit(.minutes(2)))
struct CommandsStuckDeviceOffPoolTests {
    static let stuckMilliseconds = 3000

    /// A machine whose one camera takes 3 s to open (every discovery opens it), or opens at once.
    static func environment(stuckOpen: Bool, pipeWire: String = "noDaemon") throws -> CLIEnvironment {
        let extra = stuckOpen ? #""ioctlDelays":{"open":\#(stuckMilliseconds)}"# : ""
        return environment(try Fixtures.system(json: #"{"nodes":["# + streamableNode(extra: extra) + "]}").spec, pipeWire: pipeWire)
    }

    /// vimc's media graph (Tests/Fixtures/vimc-topology.json) whose controller, /dev/media0, takes 3 s to open,
    /// then refuses (EIO: nothing is printed).
    static func stuckMediaController() throws -> CLIEnvironment {
        var spec = try Fixtures.system("vimc-topology.json").spec
        for i in spec.nodes.indices where spec.nodes[i].path == "/dev/media0" {
            spec.nodes[i].ioctlDelays = ["open": stuckMilliseconds]
            spec.nodes[i].openError = "EIO"
        }
        #expect(spec.nodes.contains { $0.ioctlDelays != nil }, "the fixture has no /dev/media0")
        return environment(spec)
    }

    /// The machine `spec` describes, with a PipeWire daemon that answers as `pipeWire` says.
    static func environment(_ spec: FakeSystemSpec, pipeWire: String = "noDaemon") -> CLIEnvironment {
        CLIEnvironment(
            makeSystem: { FakeDeviceSystem(spec: spec) }, hotplugEvents: { AsyncStream { $0.finish() } }, isLive: false,
            pipeWire: FakePipeWirePort(spec: FakePipeWirePort.Spec(answer: pipeWire)))
    }

    /// Runs `command` six times at once in `environment`; while they are stuck, a plain task must finish at once.
    static func expectThePoolFree(_ environment: CLIEnvironment, _ command: @escaping @Sendable () async -> Void) async throws {
        CLIEnvironment.install(environment)
        defer { CLIEnvironment.install(.live) }
        let started = ContinuousClock.now
        let stuck = (0..<6).map { _ in Task { await command() } }
        try await Task.sleep(for: .milliseconds(300))  // all inside their stuck call now
        let quick = await Task.detached { (1...1000).reduce(0, +) }.value
        let elapsed = ContinuousClock.now - started
        #expect(quick == 500_500)
        #expect(elapsed < .milliseconds(2000), "a plain task waited \(elapsed) behind the stuck commands")
        for t in stuck { await t.value }
        #expect(ContinuousClock.now - started >= .milliseconds(stuckMilliseconds), "the commands were not stuck")
    }

    /// Runs a parsed command as `CamProbeCommand.main` does (a synchronous command's `run()` on the task's own
    /// thread), its error ignored (the selector names no device: the discovery is what is measured).
    static func run(_ type: any ParsableCommand.Type, _ arguments: [String]) async {
        var parsed: any ParsableCommand
        do { parsed = try type.parseAsRoot(arguments) } catch {
            Issue.record("\(arguments) did not parse: \(type.fullMessage(for: error))")
            return
        }
        if CamProbeCommand.runsAsynchronously(type), var command = parsed as? any AsyncParsableCommand {
            try? await command.run()
        } else {
            try? parsed.run()
        }
    }

    @Test func applyAndSnapshotResolveTheirDeviceOffThePool() async throws {
        try await Self.expectThePoolFree(try Self.environment(stuckOpen: true)) {
            await Self.run(Apply.self, ["no-such-camera", "--size", "640x480"])
            await Self.run(SnapshotCommand.self, ["no-such-camera", "--size", "640x480", "-o", "/nonexistent/x.png"])
        }
    }

    @Test func applyDryRunResolvesItsDeviceOffThePool() async throws {
        try await Self.expectThePoolFree(try Self.environment(stuckOpen: true)) {
            await Self.run(Apply.self, ["no-such-camera", "--dry-run", "--size", "640x480"])
        }
    }

    @Test func levelsFindsItsMicrophoneOffThePool() async throws {
        try await Self.expectThePoolFree(try Self.environment(stuckOpen: true)) {
            await Self.run(Levels.self, ["no-such-camera", "--seconds", "1"])
        }
    }

    @Test func reportReadsItsDevicesOffThePool() async throws {
        try await Self.expectThePoolFree(try Self.environment(stuckOpen: true)) {
            await Self.run(Report.self, ["--md", "no-such-camera"])
        }
    }

    @Test func listReadsItsDevicesOffThePool() async throws {
        try await Self.expectThePoolFree(try Self.environment(stuckOpen: true)) {
            await Self.run(List.self, ["--json"])
        }
    }

    @Test func showReadsItsDeviceOffThePool() async throws {
        try await Self.expectThePoolFree(try Self.environment(stuckOpen: true)) {
            await Self.run(Show.self, ["no-such-camera"])
        }
    }

    @Test func ctlResolvesItsDeviceOffThePool() async throws {
        try await Self.expectThePoolFree(try Self.environment(stuckOpen: true)) {
            await Self.run(Ctl.self, ["no-such-camera", "brightness=140"])
        }
    }

    @Test func doctorReadsTheDevicesOffThePool() async throws {
        try await Self.expectThePoolFree(try Self.environment(stuckOpen: true)) {
            await Self.run(DoctorCommand.self, ["no-such-camera"])
        }
    }

    @Test func negotiateResolvesItsDeviceOffThePool() async throws {
        try await Self.expectThePoolFree(try Self.environment(stuckOpen: true)) {
            await Self.run(Negotiate.self, ["no-such-camera", "--preset", "1280x720"])
        }
    }

    @Test func graphReadsTheMediaControllerOffThePool() async throws {
        try await Self.expectThePoolFree(try Self.stuckMediaController()) {
            await Self.run(Graph.self, ["/dev/media0", "--json"])
        }
    }

    /// The PipeWire daemon never answers: the report waits for the read (3 s, then a second more) off the pool.
    @Test func reportWaitsForPipeWireOffThePool() async throws {
        let out = NSTemporaryDirectory() + "camprobe-report-pool-\(UUID().uuidString)/"
        defer { try? FileManager.default.removeItem(atPath: out) }
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try await Self.expectThePoolFree(try Self.environment(stuckOpen: false, pipeWire: "never")) {
            await Self.run(Report.self, ["--md", "-o", out + UUID().uuidString + ".md"])
        }
    }
}
