/// What a PipeWire daemon publishes of cameras: its `Video/Source` nodes, their formats, and the applications linked
/// to them. Read once from the registry (`pw_registry` globals; each node's `EnumFormat` param through
/// `pw_node_enum_params`).
public struct PipeWireView: Sendable, Hashable, Codable {
    /// The daemon's name (its remote, `pipewire-0`) and version.
    public var daemon: String
    public var version: String
    /// What read it: `native protocol 3 (no libpipewire)`; profiles written before camprobe spoke the protocol itself
    /// hold libpipewire's version.
    public var library: String
    public var nodes: [PipeWireNode]
    /// What the read bounds left out (globals beyond the limit, cut strings, dropped params); 0 normally.
    public var omitted: Int

    public init(daemon: String, version: String, library: String, nodes: [PipeWireNode], omitted: Int = 0) {
        (self.daemon, self.version, self.library, self.nodes, self.omitted) = (daemon, version, library, nodes, omitted)
    }
}

/// One `Video/Source` node.
public struct PipeWireNode: Sendable, Hashable, Codable {
    /// The global id (`pw-dump`'s `id`), valid while the daemon runs.
    public var id: UInt32
    /// `node.name` (e.g. `v4l2_input.platform-vivid.0`), what `target-object=` names.
    public var name: String
    /// `node.description`.
    public var description: String?
    /// `media.role` (`Camera` for the portal).
    public var role: String?
    /// `device.api`: `v4l2` or `libcamera`.
    public var api: String?
    /// `object.path` (`v4l2:/dev/video0`, `libcamera:…`).
    public var objectPath: String?
    /// `api.v4l2.path`: the V4L2 node behind it.
    public var v4l2Path: String?
    /// `api.libcamera.path` or the libcamera id in `object.path`.
    public var libcameraID: String?
    /// `device.bus-path` of its device (`platform-vivid.0`, `pci-0000:00:14.0-usb-0:1:1.0`).
    public var busPath: String?
    /// The formats of its `EnumFormat` param, in the daemon's order.
    public var formats: [PipeWireFormat]
    /// Why the formats are incomplete, when they are (the node vanished mid-read, the read ran out of time).
    public var formatsNote: String?
    /// Applications whose nodes are linked to it (`PipeWire:Interface:Link` globals).
    public var clients: [PipeWireClient]

    public init(
        id: UInt32, name: String, description: String? = nil, role: String? = nil, api: String? = nil, objectPath: String? = nil,
        v4l2Path: String? = nil, libcameraID: String? = nil, busPath: String? = nil, formats: [PipeWireFormat] = [],
        formatsNote: String? = nil, clients: [PipeWireClient] = []
    ) {
        (self.id, self.name, self.description, self.role, self.api) = (id, name, description, role, api)
        (self.objectPath, self.v4l2Path, self.libcameraID, self.busPath) = (objectPath, v4l2Path, libcameraID, busPath)
        (self.formats, self.formatsNote, self.clients) = (formats, formatsNote, clients)
    }
}

/// An application consuming a camera node through PipeWire.
public struct PipeWireClient: Sendable, Hashable, Codable {
    /// The consuming node's id and name.
    public var nodeID: UInt32
    public var nodeName: String?
    /// `application.name`, `application.process.id`, `application.process.binary` of its client.
    public var application: String?
    public var processID: Int?
    public var binary: String?
    /// The Flatpak app id (`pipewire.access.portal.app_id`), when sandboxed.
    public var flatpakID: String?
    /// The link's state (`link.state` where published).
    public var linkState: String?

    public init(
        nodeID: UInt32, nodeName: String? = nil, application: String? = nil, processID: Int? = nil, binary: String? = nil,
        flatpakID: String? = nil, linkState: String? = nil
    ) {
        (self.nodeID, self.nodeName, self.application, self.processID) = (nodeID, nodeName, application, processID)
        (self.binary, self.flatpakID, self.linkState) = (binary, flatpakID, linkState)
    }
}
