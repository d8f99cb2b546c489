import CPipeWire
import Foundation
import Testing

@testable import PipeWire

/// The registry read over the native protocol (`NativeRegistryRead`, no libpipewire) against a real `pipewire`: the
/// same globals, types, versions and properties as libpipewire's own read (`cpw_read`, no formats) of the same
/// daemon; bounded like it; no daemon, a silent one and a daemon that goes away mid-read each said plainly.
@Suite("Native-protocol registry read against a real pipewire", .serialized)
struct NativeRegistryReadTests {
    static var enabled: Bool {
        ProcessInfo.processInfo.environment["CAMPROBE_NO_PIPEWIRE_DAEMON"] != "1"
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/pipewire")
    }

    static func options(_ remote: String, timeout: Int = 3000) -> PipeWireReadOptions {
        var o = PipeWireReadOptions(remote: remote)
        o.timeoutMilliseconds = timeout
        o.enumFormats = false
        return o
    }

    /// libpipewire's read of the same daemon (`cpw_read` with enum_formats 0), through the port's C copy.
    static func libpipewire(_ remote: String) -> PipeWireSnapshot? {
        var o = options(remote)
        o.enumFormats = true
        o.maxParams = 0  // no param kept: the globals only, as the native read
        var c = SystemPipeWirePort.cOptions(o)
        c.enum_formats = 0
        var snapshot: OpaquePointer?
        var error = [CChar](repeating: 0, count: 256)
        let status = remote.withCString { path in
            c.remote = path
            return cpw_read(&c, &snapshot, &error, error.count)
        }
        guard status == Int32(CPW_OK), let s = snapshot else { return nil }
        defer { cpw_free(s) }
        return SystemPipeWirePort.copy(s)
    }

    @Test("The same globals and properties as libpipewire reads", .enabled(if: enabled))
    func sameAsLibpipewire() throws {
        let daemon = try CPipeWireShimTests.Daemon(executable: "/usr/bin/pipewire")
        defer { daemon.stop() }
        try #require(daemon.waitForSocket(), "pipewire did not create \(daemon.socketPath)")
        let native = try NativeRegistryRead.read(Self.options(daemon.socketPath)).get()
        let reference = try #require(Self.libpipewire(daemon.socketPath))
        #expect(native.coreName == reference.coreName && native.coreVersion == reference.coreVersion)
        // libpipewire's read sees its own client; the native one sees its own instead: both are left out.
        func others(_ s: PipeWireSnapshot) -> [PipeWireObject] {
            s.objects.filter {
                !($0.type.hasSuffix(":Client") && $0["application.name"] != nil && $0["pipewire.sec.pid"] == String(getpid()))
            }
        }
        let a = others(native).sorted { $0.id < $1.id }
        let b = others(reference).sorted { $0.id < $1.id }
        #expect(a.map(\.id) == b.map(\.id), "native \(a.map(\.id)), libpipewire \(b.map(\.id))")
        for (x, y) in zip(a, b) where x.id == y.id {
            #expect(x.type == y.type && x.version == y.version, "\(x.id): \(x.type) v\(x.version) / \(y.type) v\(y.version)")
            #expect(x.props.map(\.key) == y.props.map(\.key) && x.props.map(\.value) == y.props.map(\.value), "\(x.id): props differ")
        }
        #expect(a.filter { $0["media.class"] == "Video/Source" }.count == 2)

        // Bounds: two globals kept, the rest counted; strings cut to 4 bytes.
        var tight = Self.options(daemon.socketPath)
        tight.maxObjects = 2
        tight.maxString = 4
        let few = try NativeRegistryRead.read(tight).get()
        #expect(few.objects.count == 2 && few.droppedObjects > 0 && few.truncated > 0)
        #expect(few.objects.allSatisfy { $0.props.allSatisfy { $0.key.utf8.count <= 4 && $0.value.utf8.count <= 4 } })

        // Nothing is left open by ten reads.
        let before = CPipeWireShimTests.openDescriptors()
        for _ in 0..<10 { _ = NativeRegistryRead.read(Self.options(daemon.socketPath)) }
        #expect(CPipeWireShimTests.openDescriptors() <= before)
    }

    @Test("No daemon, a silent one, and a path too long: each its own error, within the bound")
    func failures() throws {
        let directory = try CPipeWireShimTests.temporaryDirectory()
        defer { rmdir(directory) }
        let none = NativeRegistryRead.read(Self.options(directory + "/pipewire-0"))
        #expect(throws: PipeWireReadError.self) { try none.get() }
        if case .failure(let e) = none { #expect(e.kind == .noDaemon && e.message.contains("pipewire-0"), "\(e)") }

        let silent = try CPipeWireShimTests.SilentSocket()
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
