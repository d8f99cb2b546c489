import Foundation
import Glibc
import HostSystem
import Synchronization

@testable import PipeWire

/// A PipeWire daemon inside the test: a Unix socket in a temporary directory, one client at a time served on a
/// thread of its own, every answer in the native protocol's real wire bytes (`NativeMessage.Builder`,
/// `SPAPodWriter`). What it announces and how it answers `Registry::Bind`, `Node::EnumParams` and `Core::Sync` is
/// its `Script`; the requests it got are kept for the test to look at.
final class FakeDaemon: Sendable {
    struct Global: Sendable {
        var id: UInt32
        var type = "PipeWire:Interface:Node"
        var props: [(String, String)]
        static func camera(_ id: UInt32, _ name: String) -> Global {
            Global(id: id, props: [("node.name", name), ("media.class", "Video/Source")])
        }
    }
    enum Step: Sendable {
        case add(Global)
        case remove(UInt32)
        /// Closes the connection (the daemon stopped).
        case close
    }
    struct Script: Sendable {
        var globals: [Global] = []
        /// Node::Info properties of a bound node, by global id.
        var info: [UInt32: [(String, String)]] = [:]
        /// EnumFormat params (whole PODs) of a node, by global id.
        var params: [UInt32: [[UInt8]]] = [:]
        /// A Core::Error for the node's proxy instead of its params, by global id.
        var errors: [UInt32: Int32] = [:]
        /// false: the syncs after the registry's are never answered (the params never end).
        var answerLaterSyncs = true
        /// What happens after the registry's sync is answered, in order.
        var afterSettle: [Step] = []
    }
    /// A request as the daemon got it: the proxy, the opcode, and its integer arguments in order (ids included).
    struct Request: Sendable, Equatable {
        var id: UInt32
        var opcode: UInt8
        var ints: [Int64]
    }

    let directory: String
    var path: String { directory + "/pipewire-0" }
    private let listener: Int32
    private let script: Script
    private let got = Mutex<[Request]>([])
    /// The connection being served (-1: none), shut down by `stop`.
    private let current = Mutex<Int32>(-1)
    /// Signalled when the serving thread has ended: only then is the listener's descriptor closed, so that no other
    /// test's socket can get its number while the thread still accepts on it.
    private let ended = DispatchSemaphore(value: 0)

    var requests: [Request] { got.withLock { $0 } }

    init(_ script: Script) throws {
        self.script = script
        directory = try RealDaemon.temporaryDirectory()
        listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard let address = UnixSocketAddress(directory + "/pipewire-0") else {
            close(listener)
            throw POSIXError(.ENAMETOOLONG)
        }
        let bound = address.withSockaddr { bind(listener, $0, $1) }
        guard listener >= 0, bound == 0, listen(listener, 8) == 0 else { throw POSIXError(.EADDRINUSE) }
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    /// Stops accepting and serving (shutdown wakes the thread's accept or recv), waits for the thread to end, then
    /// closes the listener and removes the socket.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        current.withLock { if $0 >= 0 { shutdown($0, Int32(SHUT_RDWR)) } }
        ended.wait()
        close(listener)
        unlink(path)
        rmdir(directory)
    }

    private func serve() {
        defer { ended.signal() }
        while true {
            let fd = accept(listener, nil, nil)
            guard fd >= 0 else { return }
            current.withLock { $0 = fd }
            converse(fd)
            current.withLock { $0 = -1 }
            close(fd)
        }
    }

    private func send(_ fd: Int32, _ b: NativeMessage.Builder) {
        _ = b.bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// One client, until it hangs up or the script closes.
    private func converse(_ fd: Int32) {
        typealias W = SPAPodWriter
        var buffer: [UInt8] = []
        var proxies: [UInt32: UInt32] = [:]  // proxy → global
        var registry: UInt32 = 2
        var settled = false
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { return }
            buffer += chunk.prefix(n)
            var used = 0
            while let m = NativeMessage(buffer, at: used) {
                used += m.length
                var ints: [Int64] = []
                if var c = PodCursor(structAt: m.payload) {
                    while true {
                        var (a, b) = (c, c)
                        if let i = a.int() {
                            ints.append(Int64(i))
                            c = a
                        } else if let i = b.id() {
                            ints.append(Int64(i))
                            c = b
                        } else if !c.skip() {
                            break
                        }
                    }
                }
                got.withLock { $0.append(Request(id: m.id, opcode: m.opcode, ints: ints)) }
                var out = NativeMessage.Builder()
                switch (m.id, m.opcode) {
                case (0, 1):  // Core::Hello → Core::Info
                    out.append(
                        id: 0, opcode: 0, seq: 0,
                        pod: W.structure([
                            W.int(0), W.int(1234), W.string("tester"), W.string("host"), W.string("1.0.0-fake"), W.string("pipewire-0"),
                            W.pod(type: SPAType.long, body: W.u32(0x0f) + W.u32(0)), W.dictionary([]),
                        ]))
                case (0, 5):  // Core::GetRegistry(version, new id)
                    registry = UInt32(ints.count > 1 ? ints[1] : 2)
                    for g in script.globals { out.append(id: registry, opcode: 0, seq: 0, pod: Self.global(g)) }
                case (0, 2):  // Core::Sync(id, seq) → Core::Done
                    guard !settled || script.answerLaterSyncs else { break }
                    out.append(id: 0, opcode: 1, seq: 0, [Int32(truncatingIfNeeded: ints[0]), Int32(truncatingIfNeeded: ints[1])])
                    if !settled {
                        settled = true
                        send(fd, out)
                        out = NativeMessage.Builder()
                        for step in script.afterSettle {
                            usleep(20_000)
                            switch step {
                            case .add(let g): out.append(id: registry, opcode: 0, seq: 0, pod: Self.global(g))
                            case .remove(let id): out.append(id: registry, opcode: 1, seq: 0, [Int32(bitPattern: id)])
                            case .close:
                                send(fd, out)
                                return
                            }
                            send(fd, out)
                            out = NativeMessage.Builder()
                        }
                    }
                case (registry, 1):  // Registry::Bind(id, type, version, new id) → Node::Info
                    let global = UInt32(ints[0])
                    let proxy = UInt32(ints[2])
                    proxies[proxy] = global
                    if let props = script.info[global] {
                        out.append(
                            id: proxy, opcode: 0, seq: 0,
                            pod: W.structure([
                                W.int(Int32(global)), W.int(0), W.int(1), W.pod(type: SPAType.long, body: W.u32(0x1f) + W.u32(0)), W.int(0),
                                W.int(1), W.id(2), W.none, W.dictionary(props), W.structure([W.int(0)]),
                            ]))
                    }
                case (let proxy, 2):  // Node::EnumParams(seq, id, index, num, filter) → Node::Param…, or Core::Error
                    guard let global = proxies[proxy] else { break }
                    let seq = Int32(truncatingIfNeeded: ints[0])
                    if let res = script.errors[global] {
                        out.append(
                            id: 0, opcode: 3, seq: 0,
                            pod: W.structure([W.int(Int32(proxy)), W.int(seq), W.int(res), W.string("no such param")]))
                    } else {
                        for (i, p) in (script.params[global] ?? []).enumerated() {
                            out.append(
                                id: proxy, opcode: 1, seq: 0,
                                pod: W.structure([W.int(seq), W.id(SPAType.paramEnumFormat), W.int(Int32(i)), W.int(Int32(i + 1)), p]))
                        }
                    }
                default: break
                }
                if !out.bytes.isEmpty { send(fd, out) }
            }
            buffer.removeFirst(used)
        }
    }

    /// `Registry::Global`: id, permissions, type, version, properties.
    static func global(_ g: Global) -> [UInt8] {
        SPAPodWriter.structure([
            SPAPodWriter.int(Int32(bitPattern: g.id)), SPAPodWriter.int(0x1ff), SPAPodWriter.string(g.type), SPAPodWriter.int(3),
            SPAPodWriter.dictionary(g.props),
        ])
    }
}
