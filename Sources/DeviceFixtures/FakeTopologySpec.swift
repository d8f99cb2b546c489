/// The graph a fake media node reports through `MEDIA_IOC_G_TOPOLOGY`,
/// written the way `media-ctl -p` shows it: entities with their pads and
/// device node, links between `"Entity:pad"` pairs. Graph object ids are
/// assigned as the kernel's media core does (type in the top byte, one
/// counter for every object, backlinks consuming ids but never reported).
package struct FakeTopologySpec: Codable, Sendable {
    /// `topology_version` (default 0: a graph that never changed).
    package var version: UInt64?
    /// Entities in registration order.
    package var entities: [FakeEntitySpec]
    /// Data links (`"Sensor A:0"` → `"Debayer A:0"`) and ancillary links (`"Sensor A"` → `"Lens A"`).
    package var links: [FakeLinkSpec]?
    /// The graph changes under the reader: `topology_version` goes up by one after each of the first N calls.
    package var versionBumps: Int?
    /// Totals a counting call (null array pointers) reports instead of the real ones, as a broken driver might.
    package var reportedCounts: FakeTopologyCounts?

    package init(
        version: UInt64? = nil, entities: [FakeEntitySpec], links: [FakeLinkSpec]? = nil, versionBumps: Int? = nil,
        reportedCounts: FakeTopologyCounts? = nil
    ) {
        self.version = version
        self.entities = entities
        self.links = links
        self.versionBumps = versionBumps
        self.reportedCounts = reportedCounts
    }
}

package struct FakeEntitySpec: Codable, Sendable {
    package var name: String
    /// `MEDIA_ENT_F_*` without the prefix (`CAM_SENSOR`, `IO_V4L`, …) or a number.
    package var function: String
    /// `MEDIA_ENT_FL_*` bits.
    package var flags: UInt32?
    /// Pads in index order: `sink` or `source`, optionally `+must-connect`.
    package var pads: [String]?
    /// The device node controlling the entity (an interface linked to it).
    package var interface: FakeInterfaceSpec?

    package init(name: String, function: String, flags: UInt32? = nil, pads: [String]? = nil, interface: FakeInterfaceSpec? = nil) {
        self.name = name
        self.function = function
        self.flags = flags
        self.pads = pads
        self.interface = interface
    }
}

package struct FakeInterfaceSpec: Codable, Sendable {
    /// `MEDIA_INTF_T_*` without the prefix (`V4L_VIDEO`, `V4L_SUBDEV`) or a number.
    package var type: String
    /// `81:3`
    package var devnode: String
    /// Where `/sys/dev/char/MAJ:MIN/uevent` `DEVNAME` points (`/dev/v4l-subdev0`); absent: unresolvable.
    package var path: String?

    package init(type: String, devnode: String, path: String? = nil) {
        self.type = type
        self.devnode = devnode
        self.path = path
    }
}

package struct FakeLinkSpec: Codable, Sendable {
    /// `"Sensor A:0"` (data) or `"Sensor A"` (ancillary: the primary entity).
    package var source: String
    /// `"Debayer A:0"` (data) or `"Lens A"` (ancillary).
    package var sink: String
    /// `enabled`, `immutable`, `dynamic`.
    package var flags: [String]?
    /// `data` (default) or `ancillary`.
    package var type: String?

    package init(source: String, sink: String, flags: [String]? = nil, type: String? = nil) {
        self.source = source
        self.sink = sink
        self.flags = flags
        self.type = type
    }
}

package struct FakeTopologyCounts: Codable, Sendable {
    package var entities: UInt32?
    package var interfaces: UInt32?
    package var pads: UInt32?
    package var links: UInt32?
}
