#if canImport(Glibc)
    import Glibc
#endif

/// A registry read over PipeWire's native protocol itself (version 3, `module-protocol-native`), without
/// libpipewire: the globals and their properties, and, when asked, the EnumFormat params of every camera node.
///
/// Loading libpipewire, its support plugin and its protocol module (which links libsystemd and six libraries more)
/// was most of what a one-shot read cost (Reports/benchmarks.md §22); this read is one socket, a few requests and
/// the answers. It sends `Core::Hello`, `Client::UpdateProperties`, `Core::GetRegistry` and `Core::Sync`, keeps every
/// `Registry::Global`, answers `Core::Ping`, and at the sync's `Core::Done` has the registry. With `enumFormats` it
/// then binds every kept `Video/Source` node (`Registry::Bind`), asks for its params (`Node::EnumParams` for
/// `SPA_PARAM_EnumFormat`) and syncs after each; each node's `Node::Info` properties, `Node::Param` PODs and any
/// `Core::Error` for its proxy are its own, and the read ends when every node's sync is done. Bounded:
/// `timeoutMilliseconds` for everything (monotonic), the globals, properties, strings, params and POD sizes kept,
/// and the bytes read.
package enum NativeRegistryRead {
    /// `PW_CORE_METHOD_*`, `PW_CORE_EVENT_*`, `PW_REGISTRY_*`, `PW_NODE_*` (`pipewire/core.h`, `pipewire/node.h`,
    /// protocol version 3).
    enum Op {
        static let hello: UInt8 = 1, sync: UInt8 = 2, pong: UInt8 = 3, getRegistry: UInt8 = 5
        static let info: UInt8 = 0, done: UInt8 = 1, ping: UInt8 = 2, error: UInt8 = 3
        static let global: UInt8 = 0, globalRemove: UInt8 = 1
        /// `PW_REGISTRY_METHOD_BIND`.
        static let bind: UInt8 = 1
        /// `PW_NODE_METHOD_ENUM_PARAMS`; `PW_NODE_EVENT_INFO` and `PW_NODE_EVENT_PARAM`.
        static let enumParams: UInt8 = 2, nodeInfo: UInt8 = 0, nodeParam: UInt8 = 1
        /// `PW_CLIENT_METHOD_UPDATE_PROPERTIES`.
        static let updateProperties: UInt8 = 2
    }
    /// The proxy ids of this client: the core is 0, the client 1 (made by the daemon), the registry the next free
    /// one, then the bound nodes, one each, in order.
    static let coreID: UInt32 = 0
    static let clientID: UInt32 = 1
    static let registryID: UInt32 = 2
    static let firstNodeID: UInt32 = 3
    /// `SPA_RESULT_RETURN_ASYNC(1)`: the registry sync's sequence number, as libpipewire would send it; each node's
    /// sync is the next.
    static let syncSeq: UInt32 = 0x4000_0001
    /// `PW_VERSION_NODE`: the highest node interface version bound.
    static let nodeVersion: UInt32 = 3
    /// Bytes read at most (a desktop's registry is tens of kilobytes, a camera's EnumFormat a few).
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

    /// Connects to the socket `options.remote` names, within `deadline`.
    static func connect(_ options: PipeWireReadOptions, deadline: Deadline) -> Result<UnixSocket, PipeWireReadError> {
        guard let path = socketPath(options.remote) else {
            return .failure(
                PipeWireReadError(
                    .noDaemon, "PipeWire remote \(options.remote ?? "(default)"): no runtime directory ($XDG_RUNTIME_DIR is not set)"))
        }
        return UnixSocket.connect(path, deadline: deadline)
    }

    /// What a client says first: `Core::Hello`, its properties (`Client::UpdateProperties`: until they come, the
    /// daemon does not register the client or decide its access, module-access, and the registry announces
    /// nothing), `Core::GetRegistry` and a `Core::Sync` whose `Core::Done` follows every global present.
    static func handshake() -> [UInt8] {
        var hello = NativeMessage.Builder()
        hello.append(id: coreID, opcode: Op.hello, seq: 0, [3])  // PW_VERSION_CORE
        let props = SPAPodWriter.dictionary([("application.name", "camprobe"), ("application.process.id", String(getpid()))])
        hello.append(id: clientID, opcode: Op.updateProperties, seq: 1, pod: SPAPodWriter.structure([props]))
        hello.append(id: coreID, opcode: Op.getRegistry, seq: 2, [3, Int32(registryID)])  // PW_VERSION_REGISTRY
        hello.append(id: coreID, opcode: Op.sync, seq: 3, [Int32(coreID), Int32(bitPattern: syncSeq)])
        return hello.bytes
    }

    /// Reads the registry of the daemon `options.remote` names. The corresponding C calls are `socket`, `connect`,
    /// `send`, `poll` and `recv` on the daemon's Unix socket.
    package static func read(_ options: PipeWireReadOptions) -> Result<PipeWireSnapshot, PipeWireReadError> {
        let deadline = Deadline(milliseconds: options.timeoutMilliseconds)
        let name = options.remote ?? "(default)"
        let socket: UnixSocket
        switch connect(options, deadline: deadline) {
        case .success(let s): socket = s
        case .failure(let e): return .failure(e)
        }
        defer { socket.close() }
        if let e = socket.send(handshake(), deadline: deadline) { return .failure(e) }

        var state = RegistryState(options: options)
        var buffer: [UInt8] = []
        var total = 0
        while !state.finished {
            guard let chunk = socket.receive(deadline: deadline) else {
                // The registry is read, some node's formats are not: the read stands, those nodes say why.
                if state.registryDone { return .success(state.timedOutSnapshot) }
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
