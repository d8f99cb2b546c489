import CaptureModel
import Foundation
import Testing

@testable import PipeWire

/// The registry read over the native protocol (`NativeRegistryRead`, no libpipewire) against a real `pipewire`: the
/// same camera nodes, properties and EnumFormat entries as the peer client `pw-dump` of the same daemon; bounded;
/// no daemon, a silent one and a daemon that goes away mid-read each said plainly.
@Suite("Native-protocol registry read against a real pipewire", .serialized)
struct NativeRegistryReadTests {
    static var enabled: Bool { RealDaemon.enabled }

    static func options(_ remote: String, timeout: Int = 3000) -> PipeWireReadOptions {
        var o = PipeWireReadOptions(remote: remote)
        o.timeoutMilliseconds = timeout
        o.enumFormats = false
        return o
    }

    /// `pw-dump -r SOCKET` of the same daemon: the peer client's JSON (an array of globals, each with `id`, `type`,
    /// and for a node `info.props` and `info.params.EnumFormat`).
    static func pwDump(_ socket: String) throws -> [[String: Any]] {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/pw-dump")
        p.arguments = ["-r", socket]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    }

    /// A pw-dump property value as the wire carried it (pw-dump prints numbers and booleans bare).
    static func text(_ v: Any) -> String {
        if let s = v as? String { return s }
        if let b = v as? Bool { return b ? "true" : "false" }
        return "\(v)"
    }

    @Test(
        "The same camera nodes, properties and EnumFormat entries as pw-dump reads of the same daemon",
        .enabled(if: enabled && FileManager.default.isExecutableFile(atPath: "/usr/bin/pw-dump")))
    func sameAsPwDump() throws {
        let daemon = try RealDaemon.Daemon(executable: "/usr/bin/pipewire")
        defer { daemon.stop() }
        try #require(daemon.waitForSocket(), "pipewire did not create \(daemon.socketPath)")
        var o = Self.options(daemon.socketPath)
        o.enumFormats = true
        let native = try NativeRegistryRead.read(o).get()
        #expect(!native.coreName.isEmpty && !native.coreVersion.isEmpty)
        #expect(native.libraryVersion == "native protocol 3 (no libpipewire)")
        let dump = try Self.pwDump(daemon.socketPath)
        let dumpNodes = dump.filter {
            (($0["info"] as? [String: Any])?["props"] as? [String: Any])?["media.class"] as? String == "Video/Source"
        }
        let cameras = native.objects.filter { $0["media.class"] == "Video/Source" }
        #expect(cameras.map(\.id).sorted() == dumpNodes.compactMap { ($0["id"] as? NSNumber)?.uint32Value }.sorted())
        #expect(cameras.count == 2)
        for node in dumpNodes {
            let id = try #require((node["id"] as? NSNumber)?.uint32Value)
            let mine = try #require(cameras.first { $0.id == id })
            let info = try #require(node["info"] as? [String: Any])
            // The node's own properties (Node::Info), not only its global's: the same keys and values.
            let props = try #require(info["props"] as? [String: Any])
            #expect(Set(props.keys) == Set(mine.props.map(\.key)), "node \(id)")
            for (k, v) in props { #expect(mine[k] == Self.text(v), "node \(id) \(k)") }
            // EnumFormat: as many entries, and the same formats, sizes and rates.
            let formats = ((info["params"] as? [String: Any])?["EnumFormat"] as? [[String: Any]]) ?? []
            #expect(mine.params.count == formats.count, "node \(id): \(mine.params.count) params, pw-dump \(formats.count)")
            // Each entry whole: an SPA object, which the view reads.
            #expect(mine.params.allSatisfy { SPAPod.parse($0).map { if case .object = $0 { true } else { false } } == true })
            if !formats.isEmpty { #expect(!PipeWireNode(mine).formats.isEmpty, "node \(id)") }
            if formats.isEmpty { #expect(mine.paramResult == -ENOENT, "node \(id): \(mine.paramResult)") }
        }
        #expect(cameras.contains { !$0.params.isEmpty && $0.paramResult == 0 })

        // Bounds: two globals kept, the rest counted; strings cut to 4 bytes (the camera judged before the cut).
        var tight = Self.options(daemon.socketPath)
        tight.maxObjects = 2
        tight.maxString = 4
        let few = try NativeRegistryRead.read(tight).get()
        #expect(few.objects.count == 2 && few.droppedObjects > 0 && few.truncated > 0)
        #expect(few.objects.allSatisfy { $0.props.allSatisfy { $0.key.utf8.count <= 4 && $0.value.utf8.count <= 4 } })
        var short = o
        short.maxString = 4
        #expect(try NativeRegistryRead.read(short).get().objects.contains { !$0.params.isEmpty })
        // maxPod 16: no POD kept, each counted; maxProps 1: one property per global.
        var small = o
        small.maxPod = 16
        small.maxProps = 1
        let bounded = try NativeRegistryRead.read(small).get()
        #expect(bounded.truncated > 0 && bounded.objects.allSatisfy { $0.params.isEmpty && $0.props.count <= 1 })

        // Nothing is left open by ten reads.
        let before = RealDaemon.openDescriptors()
        for _ in 0..<10 { _ = NativeRegistryRead.read(o) }
        #expect(RealDaemon.descriptorsBack(to: before))
    }

    @Test("No daemon, a silent one, and a path too long: each its own error, within the bound")
    func failures() throws {
        let directory = try RealDaemon.temporaryDirectory()
        defer { rmdir(directory) }
        let none = NativeRegistryRead.read(Self.options(directory + "/pipewire-0"))
        #expect(throws: PipeWireReadError.self) { try none.get() }
        if case .failure(let e) = none { #expect(e.kind == .noDaemon && e.message.contains("pipewire-0"), "\(e)") }

        let silent = try RealDaemon.SilentSocket()
        let started = ContinuousClock.now
        let quiet = NativeRegistryRead.read(Self.options(silent.path, timeout: 300))
        #expect(ContinuousClock.now - started < .seconds(5))
        if case .failure(let e) = quiet {
            #expect(e.kind == .timedOut && e.message.contains("300 ms"), "\(e)")
        } else {
            Issue.record("a silent daemon answered")
        }

        let long = NativeRegistryRead.read(Self.options("/" + String(repeating: "x", count: 200)))
        if case .failure(let e) = long {
            #expect(e.kind == .noDaemon && e.message.contains("too long"), "\(e)")
        } else {
            Issue.record("a path too long connected")
        }
    }

    @Test("Messages: cut, hostile and wrong-typed PODs read as nil, never a crash")
    func hostileMessages() {
        var b = NativeMessage.Builder()
        b.append(id: 0, opcode: 1, seq: 9, [3, -1])
        let whole = b.bytes
        let m = NativeMessage(whole, at: 0)
        #expect(m?.id == 0 && m?.opcode == 1 && m?.seq == 9 && m?.length == whole.count)
        var c = m.flatMap { PodCursor(structAt: $0.payload) }
        #expect(c?.int() == 3 && c?.int() == -1 && c?.int() == nil)
        // Every prefix is incomplete; every single-byte corruption gives a message that reads or does not, safely.
        for n in 0..<whole.count { #expect(NativeMessage(Array(whole.prefix(n)), at: 0) == nil) }
        for i in 0..<whole.count {
            for v: UInt8 in [0x00, 0x7F, 0xFF] {
                var bad = whole
                bad[i] = v
                if let m = NativeMessage(bad, at: 0), var c = PodCursor(structAt: m.payload) {
                    _ = c.int()
                    _ = c.string()
                    _ = c.structure()
                    _ = c.skip()
                }
            }
        }
        var state = NativeRegistryRead.RegistryState(options: PipeWireReadOptions())
        // A cut inside a character goes back to its first byte, and is counted.
        #expect(state.cut("ééé", 3) == "é" && state.cut("ab", 2) == "ab" && state.cut("a€", 2) == "a" && state.truncated == 2)
        state.truncated = 0
        // A global whose properties struct is cut: an error, not a crash.
        var g = NativeMessage.Builder()
        g.append(id: NativeRegistryRead.registryID, opcode: 0, seq: 0, [7, 0])
        if let m = NativeMessage(g.bytes, at: 0) { _ = state.handle(m) }
        #expect(state.error != nil && state.objects.isEmpty)
    }
}
