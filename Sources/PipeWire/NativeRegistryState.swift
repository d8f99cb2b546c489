extension NativeRegistryRead {
    /// What the daemon's messages have told so far: the core's name and version, the globals in the order they were
    /// announced (minus those removed meanwhile), and whether the sync is done.
    struct RegistryState {
        let options: PipeWireReadOptions
        var coreName = ""
        var coreVersion = ""
        var objects: [PipeWireObject] = []
        var dropped = 0
        var truncated = 0
        var finished = false
        var error: PipeWireReadError?

        init(options: PipeWireReadOptions) { self.options = options }

        var snapshot: PipeWireSnapshot {
            PipeWireSnapshot(
                coreName: coreName, coreVersion: coreVersion, libraryVersion: "native protocol 3 (no libpipewire)", objects: objects,
                droppedObjects: dropped, truncated: truncated)
        }

        /// Takes one message; returns the bytes to answer with (a `Core::Pong`), if any.
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
                coreVersion = cut(c.string() ?? "", CPWName.max)
                coreName = cut(c.string() ?? "", CPWName.max)
            case (coreID, Op.done):
                if c.int() == Int32(coreID), c.int() == Int32(bitPattern: syncSeq) { finished = true }
            case (coreID, Op.ping):
                guard let id = c.int(), let seq = c.int() else { return nil }
                var pong = NativeMessage.Builder()
                pong.append(id: coreID, opcode: Op.pong, seq: 3, [id, seq])
                return pong.bytes
            case (coreID, Op.error):
                let id = c.int()
                _ = c.int()
                let res = c.int() ?? 0
                let message = c.string() ?? ""
                if id == Int32(coreID) || id == Int32(registryID) {
                    error = PipeWireReadError(.failed, "PipeWire core error \(res): \(message)")
                }
            case (registryID, Op.global): global(&c)
            case (registryID, Op.globalRemove):
                if let id = c.int() { objects.removeAll { $0.id == UInt32(bitPattern: id) } }
            default: break
            }
            return nil
        }

        /// `Registry::Global`: id, permissions, type, version, then the properties as a struct (count, then key and
        /// value strings).
        mutating func global(_ c: inout PodCursor) {
            guard let id = c.int(), c.skip(), let type = c.string(), let version = c.int(), var dict = c.structure() else {
                error = PipeWireReadError(.failed, "the PipeWire daemon sent a global that does not read")
                return
            }
            guard objects.count < options.maxObjects else {
                dropped += 1
                return
            }
            let count = Int(max(0, dict.int() ?? 0))
            var props: [(key: String, value: String)] = []
            for _ in 0..<count {
                guard let key = dict.string(), let value = dict.string() else { break }
                guard props.count < options.maxProps else {
                    truncated += 1
                    continue
                }
                let k = cut(key, options.maxString)
                if !props.contains(where: { $0.key == k }) { props.append((k, cut(value, options.maxString))) }
            }
            objects.append(
                PipeWireObject(id: UInt32(bitPattern: id), type: cut(type, CPWName.max), version: UInt32(bitPattern: version), props: props)
            )
        }

        /// At most `max` bytes of `s`, cut back to a character boundary (a cut is counted).
        mutating func cut(_ s: String, _ max: Int) -> String {
            guard s.utf8.count > max else { return s }
            truncated += 1
            // Back from the cut to a character's first byte, as the shim cuts (a UTF-8 continuation byte is 10xxxxxx).
            let u = s.utf8
            var end = u.index(u.startIndex, offsetBy: max)
            while end > u.startIndex && u[end] & 0xC0 == 0x80 { end = u.index(before: end) }
            return String(decoding: u[..<end], as: UTF8.self)
        }
    }

    /// `CPW_MAX_NAME`: types, core name and version, which no option bounds, are cut here as the shim cuts them.
    enum CPWName { static let max = 1024 }
}
