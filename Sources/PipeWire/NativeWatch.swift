/// A watch of a daemon's camera nodes over the native protocol: one long-lived connection, its registry followed by
/// the one thread that calls `next` (the watcher's dedicated thread; `next` blocks in `poll`). Only `Video/Source`
/// nodes are reported; `maxObjects` bounds both the nodes remembered and the events queued (more are counted and
/// told as `.dropped`), `maxProps` and `maxString` each node's properties. The connection is closed when the watch is
/// released. An end of file, a failed read or send, or a `Core::Error` for the core loses the watch.
final class NativeWatch: PipeWireWatch {
    typealias Op = NativeRegistryRead.Op
    private let socket: UnixSocket
    private let options: PipeWireReadOptions
    /// Bytes received and not yet a whole message (at most one message: 16 MiB by its header).
    private var buffer: [UInt8] = []
    private var queue: [PipeWireWatchEvent] = []
    private var head = 0
    /// Ids of the camera nodes announced and not removed.
    private var known: Set<UInt32> = []
    private var dropped = 0
    private var lost: String?

    private init(socket: UnixSocket, options: PipeWireReadOptions) { (self.socket, self.options) = (socket, options) }

    deinit { socket.close() }

    /// Connects and sends the handshake, within `options.timeoutMilliseconds`.
    static func open(_ options: PipeWireReadOptions) -> Result<NativeWatch, PipeWireReadError> {
        guard options.maxObjects > 0 else { return .failure(PipeWireReadError(.failed, "a PipeWire watch needs maxObjects > 0")) }
        let deadline = Deadline(milliseconds: options.timeoutMilliseconds)
        switch NativeRegistryRead.connect(options, deadline: deadline) {
        case .failure(let e): return .failure(e)
        case .success(let socket):
            if let e = socket.send(NativeRegistryRead.handshake(), deadline: deadline) {
                socket.close()
                return .failure(e)
            }
            return .success(NativeWatch(socket: socket, options: options))
        }
    }

    /// The next event, waiting at most `timeoutMilliseconds` (events already queued come at once). Dropped events
    /// are told first; `.lost` comes after the queue, and again on every later call.
    func next(timeoutMilliseconds: Int) -> PipeWireWatchEvent? {
        let deadline = Deadline(milliseconds: timeoutMilliseconds)
        while head == queue.count && lost == nil && dropped == 0 {
            guard let chunk = socket.receive(deadline: deadline) else { break }
            switch chunk {
            case .failure(let e): lose(e.message)
            case .success(let bytes):
                buffer += bytes
                var used = 0
                while lost == nil, let m = NativeMessage(buffer, at: used) {
                    used += m.length
                    handle(m)
                }
                buffer.removeFirst(used)
            }
        }
        if dropped > 0 {
            defer { dropped = 0 }
            return .dropped(dropped)
        }
        if head < queue.count {
            let e = queue[head]
            head += 1
            if head == queue.count { (queue, head) = ([], 0) }
            return e
        }
        return lost.map { .lost($0) }
    }

    /// Shuts the connection down: a waiting `next` reads its end and says the watch is lost.
    var interrupter: @Sendable () -> Void { socket.interrupter }

    private func lose(_ why: String) { if lost == nil { lost = why } }

    private func enqueue(_ e: PipeWireWatchEvent) {
        if queue.count - head < options.maxObjects { queue.append(e) } else { dropped += 1 }
    }

    private func handle(_ m: NativeMessage) {
        guard var c = PodCursor(structAt: m.payload) else { return lose("the PipeWire daemon sent a message that is not a POD struct") }
        switch (m.id, m.opcode) {
        case (NativeRegistryRead.coreID, Op.done):
            if c.int() == Int32(NativeRegistryRead.coreID), c.int() == Int32(bitPattern: NativeRegistryRead.syncSeq) { enqueue(.settled) }
        case (NativeRegistryRead.coreID, Op.ping):
            guard let id = c.int(), let seq = c.int() else { return }
            var pong = NativeMessage.Builder()
            pong.append(id: NativeRegistryRead.coreID, opcode: Op.pong, seq: 0, [id, seq])
            if let e = socket.send(pong.bytes, deadline: Deadline(milliseconds: options.timeoutMilliseconds)) { lose(e.message) }
        case (NativeRegistryRead.coreID, Op.error):
            let id = c.int()
            _ = c.int()
            let res = c.int() ?? 0
            let message = c.string() ?? ""
            if id == Int32(NativeRegistryRead.coreID) { lose("PipeWire core error \(res): \(message)") }
        case (NativeRegistryRead.registryID, Op.global):
            var ignored = 0
            guard let g = NativeRegistryRead.Global(&c, options: options, truncated: &ignored) else {
                return lose("the PipeWire daemon sent a global that does not read")
            }
            guard g.isCamera else { return }
            guard known.count < options.maxObjects else {
                dropped += 1
                return
            }
            known.insert(g.object.id)
            enqueue(.added(g.object))
        case (NativeRegistryRead.registryID, Op.globalRemove):
            if let id = c.int().map({ UInt32(bitPattern: $0) }), known.remove(id) != nil { enqueue(.removed(id)) }
        default: break
        }
    }
}
