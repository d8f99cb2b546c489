internal import CV4L2
import CaptureModel
import HostSystem

/// Upper bounds on what `readMediaGraph` accepts from a driver. A count above
/// a bound is cut to it and reported as a `bound-hit` problem.
package struct MediaGraphLimits: Sendable, Hashable {
    package var entities: UInt32 = 1024
    package var interfaces: UInt32 = 1024
    package var pads: UInt32 = 4096
    package var links: UInt32 = 16384
    /// Reads attempted when the graph changes between the counting and the filling call.
    package var attempts: Int = 8
    package init() {}
}

extension DevicePort {
    /// Reads the graph of a media-controller node (`/dev/mediaN`).
    ///
    /// The corresponding ioctls are `MEDIA_IOC_DEVICE_INFO`, then
    /// `MEDIA_IOC_G_TOPOLOGY` twice: once with null array pointers for the
    /// counts and `topology_version`, once with arrays of `media_v2_entity`,
    /// `media_v2_interface`, `media_v2_pad` and `media_v2_link` of those sizes.
    /// When `topology_version` changed in between, or the graph grew (`ENOSPC`),
    /// the pair is repeated (at most `limits.attempts` times; after that the
    /// last consistent snapshot is kept with a problem). Counts above `limits`
    /// are cut, keeping what the kernel filled, with a `bound-hit` problem.
    /// Interface device numbers become `/dev` paths through `devnodes`.
    ///
    /// Throws when an ioctl fails (`ENODEV`: the device went away; `ENOTTY`:
    /// not a media node).
    package func readMediaGraph(limits: MediaGraphLimits = MediaGraphLimits(), devnodes: DevnodeResolver = .sysfs()) throws(V4L2Error)
        -> MediaGraph
    {
        var info = media_device_info()
        try call(.mediaDeviceInfo, &info)
        let controller = MediaControllerInfo(
            driver: decodeCString(info.driver), model: decodeCString(info.model), serial: decodeCString(info.serial),
            busInfo: decodeCString(info.bus_info), mediaVersion: info.media_version, hardwareRevision: info.hw_revision,
            driverVersion: info.driver_version)

        var latest: (TopologySnapshot, firstVersion: UInt64)?
        var attempts = 0
        while attempts < max(1, limits.attempts) {
            attempts += 1
            var counts = media_v2_topology()
            try call(.mediaTopology, &counts)
            let snapshot = try fillTopology(counts, limits: limits)
            guard let snapshot else { continue }  // the graph grew between the calls
            if snapshot.version == counts.topology_version || snapshot.cut {
                return graph(controller, snapshot, devnodes: devnodes, problems: [])
            }
            latest = (snapshot, latest?.firstVersion ?? counts.topology_version)
        }
        guard let (snapshot, first) = latest else {
            throw V4L2Error(
                call: V4L2Request.mediaTopology.description, path: path, errno: Errno.ENOSPC,
                hint: "the media graph kept growing over \(attempts) attempts")
        }
        let changing = Problem(
            kind: .partial, call: V4L2Request.mediaTopology.description,
            message:
                "the media graph on \(path) kept changing (topology_version \(first) → \(snapshot.version)) over \(attempts) reads; the last snapshot is kept"
        )
        return graph(controller, snapshot, devnodes: devnodes, problems: [changing])
    }

    /// The filling call for the totals in `counts`, cut to `limits`. Nil when
    /// the graph grew since the counting call (`ENOSPC` with no count cut).
    func fillTopology(_ counts: media_v2_topology, limits: MediaGraphLimits) throws(V4L2Error) -> TopologySnapshot? {
        var problems: [Problem] = []
        func bounded(_ n: UInt32, _ limit: UInt32, _ what: String) -> Int {
            guard n > limit else { return Int(n) }
            problems.append(
                Problem(
                    kind: .boundHit, call: V4L2Request.mediaTopology.description,
                    message:
                        "\(V4L2Request.mediaTopology) on \(path) reported \(n) \(what); camprobe reads at most \(limit), so the graph is incomplete"
                ))
            return Int(limit)
        }
        let ne = bounded(counts.num_entities, limits.entities, "entities")
        let ni = bounded(counts.num_interfaces, limits.interfaces, "interfaces")
        let np = bounded(counts.num_pads, limits.pads, "pads")
        let nl = bounded(counts.num_links, limits.links, "links")
        let cut = !problems.isEmpty

        // Never a null pointer: the kernel only counts a null array, so growth would go unnoticed.
        let entities = ZeroedArray<media_v2_entity>(ne)
        let interfaces = ZeroedArray<media_v2_interface>(ni)
        let pads = ZeroedArray<media_v2_pad>(np)
        let links = ZeroedArray<media_v2_link>(nl)
        var topo = media_v2_topology()
        topo.num_entities = UInt32(ne)
        topo.ptr_entities = entities.address
        topo.num_interfaces = UInt32(ni)
        topo.ptr_interfaces = interfaces.address
        topo.num_pads = UInt32(np)
        topo.ptr_pads = pads.address
        topo.num_links = UInt32(nl)
        topo.ptr_links = links.address

        var partial = false
        do throws(V4L2Error) {
            try call(.mediaTopology, &topo)
        } catch  where error.errno == Errno.ENOSPC {
            // The kernel filled each array up to the first one that overflowed, then stopped
            // without writing the totals back. Only a cut count explains that here.
            guard cut else { return nil }
            partial = true
        }
        // Zeroed entries were never written (graph object ids are never 0).
        func taken<T>(_ a: ZeroedArray<T>, _ returned: UInt32, id: (T) -> UInt32) -> [T] {
            let written = partial ? a.buffer.prefix { id($0) != 0 }.count : min(Int(returned), a.count)
            return Array(a.buffer.prefix(written))
        }
        if partial {
            problems.append(
                Problem(
                    kind: .partial, call: V4L2Request.mediaTopology.description,
                    message: "\(V4L2Request.mediaTopology) on \(path) answered ENOSPC for the cut arrays; only what it filled is kept"))
        }
        return TopologySnapshot(
            version: partial ? counts.topology_version : topo.topology_version,
            entities: taken(entities, topo.num_entities) { $0.id }, interfaces: taken(interfaces, topo.num_interfaces) { $0.id },
            pads: taken(pads, topo.num_pads) { $0.id }, links: taken(links, topo.num_links) { $0.id }, cut: cut, problems: problems)
    }

    func graph(_ controller: MediaControllerInfo, _ s: TopologySnapshot, devnodes: DevnodeResolver, problems: [Problem]) -> MediaGraph {
        let hasIndex = controller.reportsFlagsAndPadIndex
        let entities = s.entities.map { e in
            MediaEntity(
                id: e.id, name: decodeCString(e.name), function: MediaEntityFunction(rawValue: e.function),
                flags: MediaEntityFlags(rawValue: hasIndex ? e.flags : 0))
        }
        var seenPerEntity: [UInt32: UInt32] = [:]
        let pads = s.pads.map { p in
            // Before media API 4.19 pads carry no index: they come in index order per entity.
            let index = hasIndex ? p.index : seenPerEntity[p.entity_id, default: 0]
            seenPerEntity[p.entity_id, default: 0] += 1
            return MediaPad(id: p.id, entityID: p.entity_id, index: index, flags: MediaPadFlags(rawValue: p.flags))
        }
        let links = s.links.map { MediaLink(id: $0.id, source: $0.source_id, sink: $0.sink_id, rawFlags: $0.flags) }
        var unresolved: [String] = []
        let interfaces = s.interfaces.map { i in
            let node = MediaDevnode(major: i.devnode.major, minor: i.devnode.minor)
            let type = MediaInterfaceType(rawValue: i.intf_type)
            let path = devnodes.resolve(node)
            if path == nil { unresolved.append("\(type) \(node)") }
            return MediaInterface(id: i.id, type: type, flags: i.flags, devnode: node, path: path)
        }
        var all = s.problems + problems
        if !unresolved.isEmpty {
            all.append(
                Problem(
                    kind: .identity,
                    message: "no /dev node found for \(unresolved.count) interface(s) of \(path): \(unresolved.joined(separator: ", "))"))
        }
        var out = MediaGraph(
            controller: controller, path: path, topologyVersion: s.version, entities: entities, interfaces: interfaces, pads: pads,
            links: links)
        if !s.cut, let dangling = danglingReferences(out) { all.append(dangling) }
        out.problems = all
        return out
    }

    /// Pads of unknown entities and links to unknown objects (a driver bug).
    func danglingReferences(_ g: MediaGraph) -> Problem? {
        let entityIDs = Set(g.entities.map(\.id))
        let padIDs = Set(g.pads.map(\.id))
        let intfIDs = Set(g.interfaces.map(\.id))
        var bad = g.pads.filter { !entityIDs.contains($0.entityID) }.map { "pad \($0.id)" }
        for l in g.links {
            let ok =
                switch l.kind {
                case .data: padIDs.contains(l.source) && padIDs.contains(l.sink)
                case .interface: intfIDs.contains(l.source) && entityIDs.contains(l.sink)
                case .ancillary: entityIDs.contains(l.source) && entityIDs.contains(l.sink)
                default: true
                }
            if !ok { bad.append("link \(l.id)") }
        }
        guard !bad.isEmpty else { return nil }
        return Problem(
            kind: .invalidValue, call: V4L2Request.mediaTopology.description,
            message: "\(V4L2Request.mediaTopology) on \(path) refers to objects it did not list: \(bad.prefix(8).joined(separator: ", "))")
    }
}

/// What one filling `MEDIA_IOC_G_TOPOLOGY` call returned.
struct TopologySnapshot {
    var version: UInt64
    var entities: [media_v2_entity]
    var interfaces: [media_v2_interface]
    var pads: [media_v2_pad]
    var links: [media_v2_link]
    /// Some count was cut to its bound.
    var cut: Bool
    var problems: [Problem]
}

/// A zero-filled C array the kernel writes into, freed with its owner.
final class ZeroedArray<T> {
    let buffer: UnsafeMutableBufferPointer<T>
    let count: Int
    init(_ count: Int) {
        self.count = count
        buffer = .allocate(capacity: max(1, count))
        UnsafeMutableRawBufferPointer(buffer).initializeMemory(as: UInt8.self, repeating: 0)
    }
    deinit { buffer.deallocate() }
    /// The array's address as the kernel's `__u64` pointer field wants it.
    var address: UInt64 { UInt64(UInt(bitPattern: buffer.baseAddress)) }
}

/// Sizes of the arrays' element structs as Swift lays them out, for a test
/// against the kernel ABI (the structs are packed: 96, 112, 32 and 40 bytes).
package enum MediaTopologyLayout {
    package static let entity = MemoryLayout<media_v2_entity>.size
    package static let interface = MemoryLayout<media_v2_interface>.size
    package static let pad = MemoryLayout<media_v2_pad>.size
    package static let link = MemoryLayout<media_v2_link>.size
    /// Strides equal sizes: the kernel writes elements back to back.
    package static let stridesMatch =
        MemoryLayout<media_v2_entity>.stride == entity && MemoryLayout<media_v2_interface>.stride == interface
        && MemoryLayout<media_v2_pad>.stride == pad && MemoryLayout<media_v2_link>.stride == link
}
