#if canImport(Glibc)
    import Glibc
#endif

/// A registry read over PipeWire's native protocol itself (version 3, `module-protocol-native`), without
/// libpipewire: what `list`'s text view and `doctor` need, the globals and their properties, and nothing else.
///
/// Loading libpipewire, its support plugin and its protocol module (which links libsystemd and six libraries more)
/// is most of what a one-shot read costs (Reports/benchmarks.md §22); this read is one socket, four requests and
/// the answers. It sends `Core::Hello`, `Client::UpdateProperties`, `Core::GetRegistry` and `Core::Sync`, keeps every `Registry::Global`, answers
/// `Core::Ping`, and ends at the sync's `Core::Done`. Formats (`EnumFormat`, a bound node each) and the long-lived
/// watch still go through libpipewire (`cpw_read`, `cpw_watch_*`). Bounded like them: `timeoutMilliseconds` for
/// everything, the globals, properties and strings kept, and the bytes read.
package enum NativeRegistryRead {
    /// `PW_CORE_METHOD_*`, `PW_CORE_EVENT_*`, `PW_REGISTRY_EVENT_*` (`pipewire/core.h`, protocol version 3).
    enum Op {
        static let hello: UInt8 = 1, sync: UInt8 = 2, pong: UInt8 = 3, getRegistry: UInt8 = 5
        static let info: UInt8 = 0, done: UInt8 = 1, ping: UInt8 = 2, error: UInt8 = 3
        static let global: UInt8 = 0, globalRemove: UInt8 = 1
        /// `PW_CLIENT_METHOD_UPDATE_PROPERTIES`.
        static let updateProperties: UInt8 = 2
    }
    /// The proxy ids of this client: the core is 0, the client 1 (made by the daemon), the registry the next free one.
    static let coreID: UInt32 = 0
    static let clientID: UInt32 = 1
    static let registryID: UInt32 = 2
    /// `SPA_RESULT_RETURN_ASYNC(1)`: the sync's sequence number, as libpipewire would send it.
    static let syncSeq: UInt32 = 0x4000_0001
    /// Bytes read at most (a desktop's registry is tens of kilobytes).
    static let maxBytes = 16 << 20

    /// The socket `remote` names, as libpipewire finds it: an absolute path as given; else the name (nil:
    /// `$PIPEWIRE_REMOTE`, else `pipewire-0`) in `$PIPEWIRE_RUNTIME_DIR`, else `$XDG_RUNTIME_DIR`.
    package static func socketPath(_ remote: String?) -> String? {
        func env(_ k: String) -> String? { getenv(k).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } }
        let name = remote ?? env("PIPEWIRE_REMOTE") ?? "pipewire-0"
        if name.hasPrefix("/") { return name }
        guard let dir = env("PIPEWIRE_RUNTIME_DIR") ?? env("XDG_RUNTIME_DIR") else { return nil }
        return dir + "/" + name
    }

    /// Reads the registry of the daemon `options.remote` names. The corresponding C calls are `socket`, `connect`,
    /// `send`, `poll` and `recv` on the daemon's Unix socket.
    package static func read(_ options: PipeWireReadOptions) -> Result<PipeWireSnapshot, PipeWireReadError> {
        let deadline = Deadline(milliseconds: options.timeoutMilliseconds)
        let name = options.remote ?? "(default)"
        guard let path = socketPath(options.remote) else {
            return .failure(PipeWireReadError(.noDaemon, "PipeWire remote \(name): no runtime directory ($XDG_RUNTIME_DIR is not set)"))
        }
        let socket: UnixSocket
        switch UnixSocket.connect(path, deadline: deadline) {
        case .success(let s): socket = s
        case .failure(let e): return .failure(e)
        }
        defer { socket.close() }
        var hello = NativeMessage.Builder()
        hello.append(id: coreID, opcode: Op.hello, seq: 0, [3])  // PW_VERSION_CORE
        // The client's properties: until they come, the daemon does not register the client or decide its access
        // (module-access), and the registry announces nothing.
        let props = SPAPodWriter.dictionary([("application.name", "camprobe"), ("application.process.id", String(getpid()))])
        hello.append(id: clientID, opcode: Op.updateProperties, seq: 1, pod: SPAPodWriter.structure([props]))
        hello.append(id: coreID, opcode: Op.getRegistry, seq: 1, [3, Int32(registryID)])  // PW_VERSION_REGISTRY
        hello.append(id: coreID, opcode: Op.sync, seq: 2, [Int32(coreID), Int32(bitPattern: syncSeq)])
        if let e = socket.send(hello.bytes, deadline: deadline) { return .failure(e) }

        var state = RegistryState(options: options)
        var buffer: [UInt8] = []
        var total = 0
        while !state.finished {
            guard let chunk = socket.receive(deadline: deadline) else {
                return .failure(
                    PipeWireReadError(.timedOut, "PipeWire remote \(name) did not answer within \(options.timeoutMilliseconds) ms"))
            }
            switch chunk {
            case .failure(let e): return .failure(e)
            case .success(let bytes):
                total += bytes.count
                guard total <= maxBytes else {
                    return .failure(PipeWireReadError(.failed, "PipeWire remote \(name) sent more than \(maxBytes >> 20) MiB"))
                }
                buffer += bytes
            }
            var used = 0
            while let message = NativeMessage(buffer, at: used) {
                used += message.length
                if let reply = state.handle(message), let e = socket.send(reply, deadline: deadline) { return .failure(e) }
                if let e = state.error { return .failure(e) }
                if state.finished { break }
            }
            buffer.removeFirst(used)
        }
        return .success(state.snapshot)
    }
}
