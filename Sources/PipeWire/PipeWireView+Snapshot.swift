import CaptureModel

extension PipeWireView {
    /// The camera nodes of a registry snapshot: every `Video/Source` node with its formats, and, through the `Link`
    /// globals, the nodes linked to its output and the clients (applications) they belong to.
    package init(_ s: PipeWireSnapshot) {
        var byID: [UInt32: PipeWireObject] = [:]
        for o in s.objects where byID[o.id] == nil { byID[o.id] = o }
        // output node id → input node ids (and the link's state), from the Link globals.
        var consumers: [UInt32: [(node: UInt32, state: String?)]] = [:]
        for o in s.objects where o.type.hasSuffix(":Link") {
            guard let out = o["link.output.node"].flatMap(UInt32.init), let into = o["link.input.node"].flatMap(UInt32.init) else {
                continue
            }
            if !(consumers[out]?.contains { $0.node == into } ?? false) { consumers[out, default: []].append((into, o["link.state"])) }
        }
        var nodes: [PipeWireNode] = []
        for o in s.objects where o.type.hasSuffix(":Node") && o["media.class"] == "Video/Source" {
            let clients = (consumers[o.id] ?? []).map { c -> PipeWireClient in
                let n = byID[c.node]
                let client = n?["client.id"].flatMap(UInt32.init).flatMap { byID[$0] }
                return PipeWireClient(
                    nodeID: c.node, nodeName: n?["node.name"], application: client?["application.name"] ?? n?["application.name"],
                    processID: (client?["application.process.id"] ?? client?["pipewire.sec.pid"]).flatMap { Int($0) },
                    binary: client?["application.process.binary"], flatpakID: client?["pipewire.access.portal.app_id"],
                    linkState: c.state)
            }
            nodes.append(PipeWireNode(o, clients: clients))
        }
        self.init(
            daemon: s.coreName, version: s.coreVersion, library: s.libraryVersion, nodes: nodes, omitted: s.droppedObjects + s.truncated)
    }

    /// Why a node's formats are incomplete, from the result of its `enum_params`.
    static func note(_ result: Int32) -> String? {
        switch result {
        case 0: nil
        case -2: "the node went away while its formats were read"
        case -110: "the daemon did not send every format in time"
        default: "the daemon answered error \(-result) while its formats were read"
        }
    }
}

extension PipeWireNode {
    /// A camera node as one registry global describes it: its properties, its EnumFormat params (when they were
    /// read) and the clients linked to it.
    package init(_ o: PipeWireObject, clients: [PipeWireClient] = []) {
        var formats: [PipeWireFormat] = []
        for p in o.params { if let pod = SPAPod.parse(p) { formats += PipeWireFormat.from(pod) } }
        let path = o["object.path"]
        self.init(
            id: o.id, name: o["node.name"] ?? "node \(o.id)", description: o["node.description"] ?? o["node.nick"],
            role: o["media.role"], api: o["device.api"] ?? path.flatMap { $0.split(separator: ":").first.map(String.init) },
            objectPath: path,
            v4l2Path: o["api.v4l2.path"] ?? path.flatMap { $0.hasPrefix("v4l2:") ? String($0.dropFirst(5)) : nil },
            libcameraID: o["api.libcamera.path"] ?? path.flatMap { $0.hasPrefix("libcamera:") ? String($0.dropFirst(10)) : nil },
            busPath: o["device.bus-path"], formats: formats, formatsNote: PipeWireView.note(o.paramResult), clients: clients)
    }
}
