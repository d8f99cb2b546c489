import CamProbeCLI
import CamProbeTesting
import Console
import Synchronization
import Testing

/// A console on a fake machine (fixtures), listening on a free loopback port: what a test talks to over a socket.
/// The machine hotplugs (`machine.plug`/`unplug`), so events reach the console as udev's would.
final class ConsoleHarness: Sendable {
    let machine: FakeMachine
    /// The fake machine's node paths.
    let paths: [String]
    let token = ConsoleToken(text: "test-token-0123456789")
    let port: Int
    let live: LiveDevices
    private let server: Task<Void, any Error>

    var client: WireClient { WireClient(port: port) }
    var auth: [String: String] { ["Authorization": "Bearer \(token.text)"] }

    /// The console over `fixtures`' devices; `allowControl` as `--allow-control`.
    /// With `configuredElsewhere`, every node's `flock(2)` answers EAGAIN: another handle holds the configuration lock.
    init(_ fixtures: [String] = ["c525.json", "emeet-s800.json"], allowControl: Bool = false, configuredElsewhere: Bool = false)
        async throws
    {
        var nodes = try FakeDeviceSystem(fixtures: fixtures.map { Fixtures.path($0) }).spec.nodes
        if configuredElsewhere {
            for i in nodes.indices { nodes[i].faults = [FakeFaultSpec(ioctl: "flock", errno: "EAGAIN", repeat: 1_000_000)] }
        }
        let machine = FakeMachine(nodes: nodes)
        self.machine = machine
        paths = nodes.map(\.path)
        CLIEnvironment.install(
            CLIEnvironment(makeSystem: { machine.makeSystem() }, hotplugEvents: { machine.events }, isLive: false))
        live = try await LiveDevices.start(settle: .milliseconds(20))
        var configuration = ConsoleConfiguration(host: "127.0.0.1", port: 0, token: token, allowControl: allowControl)
        configuration.requestBurst = 1000
        let bound = Mutex<Int?>(nil)
        let console = ConsoleServer(configuration: configuration, live: live)
        server = Task { try await console.run { p in bound.withLock { $0 = p } } }
        var port: Int?
        for _ in 0..<1000 {
            port = bound.withLock { $0 }
            if port != nil { break }
            try await Task.sleep(for: .milliseconds(5))
        }
        self.port = try #require(port, "the console did not start listening within 5 s")
    }

    /// Stops the server (as SIGTERM would) and waits for it.
    func stop() async {
        server.cancel()
        _ = await server.result
        await live.stop()
    }
}
