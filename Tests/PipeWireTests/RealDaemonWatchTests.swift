import Foundation
import Glibc
import Testing

@testable import PipeWire

/// The native watch against a real `pipewire`: the two camera nodes of its configuration, one added and removed by
/// `pw-cli`, nothing left open by a watch, and the daemon's end told as the watch's loss.
@Suite("Native watch of a real pipewire", .serialized)
struct RealDaemonWatchTests {
    static var enabled: Bool { RealDaemon.enabled && FileManager.default.isExecutableFile(atPath: "/usr/bin/pw-cli") }

    /// The next event within 5 s (nil: none).
    static func next(_ w: any PipeWireWatch) -> PipeWireWatchEvent? {
        let end = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < end { if let e = w.next(timeoutMilliseconds: 200) { return e } }
        return nil
    }

    /// The names of the cameras announced before `.settled` (nil: it never settled).
    static func present(_ w: any PipeWireWatch) -> [String]? {
        var names: [String] = []
        while let e = next(w) {
            switch e {
            case .added(let o): names.append(o["node.name"] ?? "?")
            case .settled: return names
            default: return nil
            }
        }
        return nil
    }

    @Test("Present, added and removed by pw-cli, closed without a leak, lost when the daemon ends", .enabled(if: enabled))
    func follows() throws {
        let daemon = try RealDaemon.Daemon(executable: "/usr/bin/pipewire")
        defer { daemon.stop() }
        try #require(daemon.waitForSocket(), "pipewire did not create \(daemon.socketPath)")
        var options = PipeWireReadOptions(remote: daemon.socketPath)
        options.timeoutMilliseconds = 3000
        options.maxObjects = 64

        var w: (any PipeWireWatch)? = try SystemPipeWirePort().watch(options).get()
        #expect(Self.present(w!)?.sorted() == ["camprobe-bare-source", "camprobe-test-source"])
        // Two watches at once are fine now (each its own socket).
        let second = try SystemPipeWirePort().watch(options).get()
        #expect(Self.present(second)?.count == 2)

        let cli = Process()
        cli.executableURL = URL(fileURLWithPath: "/usr/bin/pw-cli")
        cli.arguments = [
            "-r", daemon.socketPath, "create-node", "adapter",
            "{ factory.name=videotestsrc node.name=camprobe-added media.class=Video/Source }",
        ]
        cli.standardOutput = FileHandle.nullDevice
        cli.standardError = FileHandle.nullDevice
        try cli.run()
        guard case .added(let added)? = Self.next(w!) else {
            Issue.record("no node added")
            return
        }
        #expect(added["node.name"] == "camprobe-added")
        #expect(Self.next(w!) == .removed(added.id))
        cli.waitUntilExit()
        w = nil

        let before = RealDaemon.openDescriptors()
        var quick: (any PipeWireWatch)? = try SystemPipeWirePort().watch(options).get()
        _ = Self.present(quick!)
        quick = nil
        #expect(RealDaemon.descriptorsBack(to: before))

        daemon.process.terminate()
        daemon.process.waitUntilExit()
        // The second watch saw pw-cli's node come and go too, and a daemon that ends may first remove its nodes.
        func comesOrGoes(_ e: PipeWireWatchEvent?) -> Bool {
            switch e {
            case .added?, .removed?: true
            default: false
            }
        }
        var last = Self.next(second)
        while comesOrGoes(last) { last = Self.next(second) }
        guard case .lost(let why)? = last else {
            Issue.record("the daemon's end was not told: \(String(describing: last))")
            return
        }
        #expect(why.contains("closed the connection"), "\(why)")
        #expect(second.next(timeoutMilliseconds: 0) == .lost(why))
    }
}
