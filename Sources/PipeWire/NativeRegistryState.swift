#if canImport(Glibc)
    import Glibc
#endif

extension NativeRegistryRead {
    /// What the daemon's messages have told so far: the core's name and version, the globals in the order they were
    /// announced (minus those removed before the registry's sync was done), the camera nodes whose formats are being
    /// read, and whether everything asked for has come.
    struct RegistryState {
        let options: PipeWireReadOptions
        var coreName = ""
        var coreVersion = ""
        var objects: [PipeWireObject] = []
        var dropped = 0
        var truncated = 0
        /// The registry's sync is done: its globals are all here (later ones are not taken).
        var registryDone = false
        /// The camera nodes bound for their formats, in proxy-id order (`firstNodeID` + index).
        var nodes: [NodeRead] = []
        var error: PipeWireReadError?
        /// Indices in `objects` of the camera nodes announced.
        var cameras: [Int] = []

        init(options: PipeWireReadOptions) { self.options = options }

        var finished: Bool { registryDone && nodes.allSatisfy(\.done) }

        /// `libraryVersion`: there is no library; the protocol spoken is said instead.
        static let protocolName = "native protocol 3 (no libpipewire)"

        var snapshot: PipeWireSnapshot {
            PipeWireSnapshot(
                coreName: coreName, coreVersion: coreVersion, libraryVersion: Self.protocolName, objects: objects, droppedObjects: dropped,
                truncated: truncated)
        }

        /// The snapshot when the time ran out after the registry was read: every node whose params did not all come
        /// says `-ETIMEDOUT` (unless the daemon had answered an error for it).
        var timedOutSnapshot: PipeWireSnapshot {
            var s = snapshot
            for n in nodes where !n.done && s.objects[n.index].paramResult == 0 { s.objects[n.index].paramResult = -ETIMEDOUT }
            return s
        }

        /// Takes one message; returns the bytes to answer with (a `Core::Pong`, or the binds and requests of the
        /// formats once the registry is read), if any.
        mutating func handle(_ m: NativeMessage) -> [UInt8]? {
            guard var c = PodCursor(structAt: m.payload) else {
                error = PipeWireReadError(
                    .failed, "the PipeWire daemon sent a message that is not a POD struct (id \(m.id), opcode \(m.opcode))")
                return nil
            }
            switch (m.id, m.opcode) {
            case (coreID, Op.info):
                // id, cookie, user name, host name, version, name, …
                _ = c.int()
                _ = c.int()
                _ = c.string()
                _ = c.string()
                coreVersion = Global.cut(c.string() ?? "", MaxName.bytes, &truncated)
                coreName = Global.cut(c.string() ?? "", MaxName.bytes, &truncated)
            case (coreID, Op.done):
                guard c.int() == Int32(coreID), let seq = c.int().map({ UInt32(bitPattern: $0) }) else { return nil }
                if !registryDone && seq == syncSeq {
                    registryDone = true
                    return options.enumFormats ? startFormats() : nil
                }
                if let n = nodes.firstIndex(where: { $0.syncSeq == seq }) { nodes[n].done = true }
            case (coreID, Op.ping):
                guard let id = c.int(), let seq = c.int() else { return nil }
                var pong = NativeMessage.Builder()
                pong.append(id: coreID, opcode: Op.pong, seq: 0, [id, seq])
                return pong.bytes
            case (coreID, Op.error):
                let id = c.int().map { UInt32(bitPattern: $0) }
                _ = c.int()
                let res = c.int() ?? 0
                let message = c.string() ?? ""
                if id == coreID || id == registryID {
                    error = PipeWireReadError(.failed, "PipeWire core error \(res): \(message)")
                } else if let id, let n = node(proxy: id) {
                    // An error for a bound node's proxy is that node's result, not the read's.
                    if objects[nodes[n].index].paramResult == 0 { objects[nodes[n].index].paramResult = res < 0 ? res : -EIO }
                    nodes[n].done = true
                }
            case (registryID, Op.global) where !registryDone: global(&c)
            case (registryID, Op.globalRemove) where !registryDone:
                if let id = c.int() { remove(UInt32(bitPattern: id)) }
            case (let id, Op.nodeInfo):
                if let n = node(proxy: id) { nodeInfo(n, &c) }
            case (let id, Op.nodeParam):
                if let n = node(proxy: id) { nodeParam(n, &c) }
            default: break
            }
            return nil
        }

        /// `Registry::Global`: kept within `maxObjects` (the rest counted).
        mutating func global(_ c: inout PodCursor) {
            guard objects.count < options.maxObjects else {
                // Read only to check it reads, as a kept one is.
                var ignored = 0
                if Global(&c, options: options, truncated: &ignored) == nil {
                    error = PipeWireReadError(.failed, "the PipeWire daemon sent a global that does not read")
                } else {
                    dropped += 1
                }
                return
            }
            guard let g = Global(&c, options: options, truncated: &truncated) else {
                error = PipeWireReadError(.failed, "the PipeWire daemon sent a global that does not read")
                return
            }
            if g.isCamera { cameras.append(objects.count) }
            objects.append(g.object)
        }

        /// `Registry::GlobalRemove` before the sync: the global is gone from the snapshot.
        mutating func remove(_ id: UInt32) {
            guard let i = objects.firstIndex(where: { $0.id == id }) else { return }
            objects.remove(at: i)
            cameras = cameras.compactMap { $0 == i ? nil : $0 > i ? $0 - 1 : $0 }
        }

        /// At most `max` bytes of `s`, cut back to a character boundary (a cut is counted).
        mutating func cut(_ s: String, _ max: Int) -> String { Global.cut(s, max, &truncated) }
    }
}
