internal import CV4L2
import CaptureModel
import DeviceFixtures
import HostSystem
import V4L2

/// A fake graph as the media core holds it: kernel structs in list order.
struct FakeMediaGraph {
    var entities: [media_v2_entity] = []
    var interfaces: [media_v2_interface] = []
    var pads: [media_v2_pad] = []
    var links: [media_v2_link] = []

    /// `MEDIA_GRAPH_ENTITY`, `_PAD`, `_LINK`, `_INTF_DEVNODE`.
    enum ObjectType: UInt32 {
        case entity = 0
        case pad = 1
        case link = 2
        case interface = 3
    }

    init(_ spec: FakeTopologySpec) {
        var counter: UInt32 = 0
        func nextID(_ type: ObjectType) -> UInt32 {
            counter += 1
            return type.rawValue << 24 | (counter & 0x00FF_FFFF)
        }
        var entityIDs: [String: UInt32] = [:]
        var padIDs: [String: [UInt32]] = [:]

        func addInterface(_ i: FakeInterfaceSpec, entity: UInt32) {
            var intf = media_v2_interface()
            intf.id = nextID(.interface)
            intf.intf_type = MediaInterfaceType(named: i.type)?.rawValue ?? 0
            let node = MediaDevnode(i.devnode) ?? MediaDevnode(major: 0, minor: 0)
            intf.devnode = media_v2_intf_devnode(major: node.major, minor: node.minor)
            interfaces.append(intf)
            addLink(source: intf.id, sink: entity, flags: MediaLinkKind.interface.rawValue << 28 | 0x3)
        }
        func addLink(source: UInt32, sink: UInt32, flags: UInt32) {
            var l = media_v2_link()
            l.id = nextID(.link)
            l.source_id = source
            l.sink_id = sink
            l.flags = flags
            links.append(l)
        }

        // Entities register with their pads; a video node's interface comes with it (video_register_device).
        for e in spec.entities {
            var ent = media_v2_entity()
            ent.id = nextID(.entity)
            encodeCString(e.name, into: &ent.name)
            ent.function = MediaEntityFunction(named: e.function)?.rawValue ?? 0
            ent.flags = e.flags ?? 0
            entities.append(ent)
            entityIDs[e.name] = ent.id
            for (index, p) in (e.pads ?? []).enumerated() {
                var pad = media_v2_pad()
                pad.id = nextID(.pad)
                pad.entity_id = ent.id
                pad.index = UInt32(index)
                pad.flags = (p.hasPrefix("sink") ? 1 : 0) | (p.hasPrefix("source") ? 2 : 0) | (p.hasSuffix("+must-connect") ? 4 : 0)
                pads.append(pad)
                padIDs[e.name, default: []].append(pad.id)
            }
            if let i = e.interface, MediaInterfaceType(named: i.type) == .v4lVideo { addInterface(i, entity: ent.id) }
        }
        // Then the links; a data link's backlink takes an id but is never reported.
        func padID(_ ref: String) -> UInt32? {
            guard let colon = ref.lastIndex(of: ":"), let index = Int(ref[ref.index(after: colon)...]) else { return nil }
            let list = padIDs[String(ref[..<colon])] ?? []
            return index < list.count ? list[index] : nil
        }
        for l in spec.links ?? [] {
            var flags: UInt32 = 0
            for f in l.flags ?? [] { flags |= MediaLinkFlags.names.first { $0.1 == f }?.0 ?? 0 }
            if l.type == "ancillary" {
                guard let a = entityIDs[l.source], let b = entityIDs[l.sink] else { continue }
                addLink(source: a, sink: b, flags: MediaLinkKind.ancillary.rawValue << 28 | flags)
            } else {
                guard let a = padID(l.source), let b = padID(l.sink) else { continue }
                addLink(source: a, sink: b, flags: flags)
                _ = nextID(.link)
            }
        }
        // Sub-device nodes are registered last (v4l2_device_register_subdev_nodes).
        for e in spec.entities {
            if let i = e.interface, MediaInterfaceType(named: i.type) != .v4lVideo, let id = entityIDs[e.name] {
                addInterface(i, entity: id)
            }
        }
    }
}

extension FakeV4L2Port {
    /// `MEDIA_IOC_DEVICE_INFO` with the versions the kernel fills (`media_version`, `driver_version`).
    func mediaDeviceInfo(_ m: UnsafeMutablePointer<media_device_info>) -> Int32 {
        let rc = mediaInfo(m)
        let v = (spec.version ?? "6.1.0").split(separator: ".").compactMap { UInt32($0) } + [0, 0, 0]
        m.pointee.media_version = v[0] << 16 | v[1] << 8 | v[2]
        m.pointee.driver_version = m.pointee.media_version
        return rc
    }

    /// `MEDIA_IOC_G_TOPOLOGY` as `media_device_get_topology` answers it: every
    /// total is counted; an array with a null pointer is only counted; arrays
    /// are filled in order up to the count given, and the first overflow makes
    /// the call fail with `ENOSPC`, after which no array is written and the
    /// struct is not copied back.
    func mediaTopology(_ t: UnsafeMutablePointer<media_v2_topology>) -> Int32 {
        let topology = spec.mediaTopology ?? FakeTopologySpec(entities: [])
        let graph = FakeMediaGraph(topology)
        var topo = t.pointee
        let callIndex = max(0, state.calls[V4L2Request.mediaTopology.description, default: 1] - 1)
        topo.topology_version = (topology.version ?? 0) + UInt64(min(callIndex, topology.versionBumps ?? 0))
        let reported = topology.reportedCounts
        var ret: Int32 = 0

        func fill<T>(_ items: [T], pointer: UInt64, count: inout UInt32, claimed: UInt32?) {
            defer { count = pointer == 0 ? (claimed ?? UInt32(items.count)) : UInt32(items.count) }
            guard ret == 0, pointer != 0, let base = UnsafeMutablePointer<T>(bitPattern: UInt(pointer)) else { return }
            for (i, item) in items.enumerated() {
                if i >= Int(count) {
                    ret = Errno.ENOSPC
                    return
                }
                base[i] = item
            }
        }
        fill(graph.entities, pointer: topo.ptr_entities, count: &topo.num_entities, claimed: reported?.entities)
        fill(graph.interfaces, pointer: topo.ptr_interfaces, count: &topo.num_interfaces, claimed: reported?.interfaces)
        fill(graph.pads, pointer: topo.ptr_pads, count: &topo.num_pads, claimed: reported?.pads)
        fill(graph.links, pointer: topo.ptr_links, count: &topo.num_links, claimed: reported?.links)
        topo.reserved1 = 0
        topo.reserved2 = 0
        topo.reserved3 = 0
        topo.reserved4 = 0
        if ret == 0 { t.pointee = topo }
        return ret
    }
}

extension FakeDeviceSystem {
    /// What `/sys/dev/char/MAJ:MIN/uevent` would say for every interface of every fake media graph.
    package var mediaDevnodes: DevnodeResolver {
        var table: [MediaDevnode: String] = [:]
        for n in spec.nodes {
            for e in n.mediaTopology?.entities ?? [] {
                if let i = e.interface, let node = MediaDevnode(i.devnode), let path = i.path { table[node] = path }
            }
        }
        return .table(table)
    }
}
