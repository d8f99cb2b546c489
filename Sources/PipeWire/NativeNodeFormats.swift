extension NativeRegistryRead {
    /// One camera node bound for its EnumFormat params.
    struct NodeRead {
        /// In the state's `objects`.
        let index: Int
        /// The `Core::Sync` sent after its `Node::EnumParams`: its `Core::Done` ends the node's params.
        let syncSeq: UInt32
        /// Its params all came, or the daemon answered an error for it.
        var done = false
    }
}

extension NativeRegistryRead.RegistryState {
    typealias Op = NativeRegistryRead.Op

    /// Binds every camera node kept (`Registry::Bind` to proxy `firstNodeID` + n, at most `PW_VERSION_NODE`), asks
    /// each for its EnumFormat params (`Node::EnumParams`: seq, `SPA_PARAM_EnumFormat`, index 0, `maxParams`, no
    /// filter), each followed by a `Core::Sync`. The messages to send (nil: no camera node).
    mutating func startFormats() -> [UInt8]? {
        guard !cameras.isEmpty else { return nil }
        var b = NativeMessage.Builder()
        var header: UInt32 = 4  // after the handshake's four messages
        for index in cameras {
            let o = objects[index]
            let proxy = NativeRegistryRead.firstNodeID + UInt32(nodes.count)
            let sync = NativeRegistryRead.syncSeq + 1 + UInt32(nodes.count)
            b.append(
                id: NativeRegistryRead.registryID, opcode: Op.bind, seq: header,
                pod: SPAPodWriter.structure([
                    SPAPodWriter.int(Int32(bitPattern: o.id)), SPAPodWriter.string("PipeWire:Interface:Node"),
                    SPAPodWriter.int(Int32(min(o.version, NativeRegistryRead.nodeVersion))), SPAPodWriter.int(Int32(bitPattern: proxy)),
                ]))
            // The seq argument is SPA_RESULT_RETURN_ASYNC of the message's own, as libpipewire sends it.
            b.append(
                id: proxy, opcode: Op.enumParams, seq: header + 1,
                pod: SPAPodWriter.structure([
                    SPAPodWriter.int(Int32(bitPattern: 0x4000_0000 | (header + 1))), SPAPodWriter.id(SPAType.paramEnumFormat),
                    SPAPodWriter.int(0), SPAPodWriter.int(Int32(clamping: options.maxParams)), SPAPodWriter.none,
                ]))
            b.append(
                id: NativeRegistryRead.coreID, opcode: Op.sync, seq: header + 2,
                [Int32(NativeRegistryRead.coreID), Int32(bitPattern: sync)])
            header += 3
            nodes.append(NativeRegistryRead.NodeRead(index: index, syncSeq: sync))
        }
        return b.bytes
    }

    /// The node bound to proxy `id`, if any.
    func node(proxy id: UInt32) -> Int? {
        guard id >= NativeRegistryRead.firstNodeID else { return nil }
        let n = Int(id - NativeRegistryRead.firstNodeID)
        return n < nodes.count ? n : nil
    }

    /// `Node::Info`: id, max input and output ports, change mask, input and output ports, state, error, then the
    /// properties. The node's own properties are more than its global's (`api.v4l2.path`, `device.api`…): keys not
    /// there yet are added, within `maxProps`.
    mutating func nodeInfo(_ n: Int, _ c: inout PodCursor) {
        for _ in 0..<8 { guard c.skip() else { return } }
        guard var dict = c.structure() else { return }
        let count = Int(max(0, dict.int() ?? 0))
        let i = nodes[n].index
        for _ in 0..<count {
            guard let key = dict.string(), let value = dict.string() else { break }
            var cuts = 0  // a key the global had was counted when it was cut there
            let k = NativeRegistryRead.Global.cut(key, options.maxString, &cuts)
            if objects[i].props.contains(where: { $0.key == k }) { continue }
            guard objects[i].props.count < options.maxProps else {
                truncated += 1
                continue
            }
            truncated += cuts
            objects[i].props.append((k, cut(value, options.maxString)))
        }
    }

    /// `Node::Param`: seq, id, index, next, the param. An EnumFormat param is kept whole (header and body) within
    /// `maxParams` per node and `maxPod` bytes each; one beyond either is counted in `truncated`.
    mutating func nodeParam(_ n: Int, _ c: inout PodCursor) {
        guard !nodes[n].done, c.skip(), c.id() == SPAType.paramEnumFormat, c.skip(), c.skip(), let pod = c.pod() else { return }
        let i = nodes[n].index
        guard objects[i].params.count < options.maxParams, pod.count <= options.maxPod else {
            truncated += 1
            return
        }
        objects[i].params.append(Array(pod))
    }
}
