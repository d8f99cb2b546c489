/// Questions asked of a `MediaGraph` without touching the device.
extension MediaGraph {
    /// The entity with graph object id `id`.
    package func entity(id: UInt32) -> MediaEntity? { entities.first { $0.id == id } }

    /// The first entity called `name` (names are unique in practice: `media-ctl` addresses entities by them).
    package func entity(named name: String) -> MediaEntity? { entities.first { $0.name == name } }

    /// The pad with graph object id `id`.
    package func pad(id: UInt32) -> MediaPad? { pads.first { $0.id == id } }

    /// An entity's pads in index order.
    package func pads(of entityID: UInt32) -> [MediaPad] { pads.filter { $0.entityID == entityID }.sorted { $0.index < $1.index } }

    /// The interfaces (device nodes) linked to an entity through interface links.
    package func interfaces(of entityID: UInt32) -> [MediaInterface] {
        let ids = links.filter { $0.kind == .interface && $0.sink == entityID }.map(\.source)
        return interfaces.filter { ids.contains($0.id) }
    }

    /// Entities whose function is `MEDIA_ENT_F_CAM_SENSOR`, in graph order.
    package var sensors: [MediaEntity] { entities.filter { $0.function == .camSensor } }

    /// Entities that are capture DMA engines: `MEDIA_ENT_F_IO_V4L` with a sink pad, or any
    /// entity controlled through a `MEDIA_INTF_T_V4L_VIDEO` interface that has a sink pad.
    package var captureEntities: [MediaEntity] { entities.filter(isCaptureEntity) }

    /// The entity controlled through the device node at `path` (`/dev/video0`, `/dev/v4l-subdev2`), if any.
    package func entity(forInterfacePath path: String) -> MediaEntity? {
        guard let intf = interfaces.first(where: { $0.path == path }) else { return nil }
        return links.first { $0.kind == .interface && $0.source == intf.id }.flatMap { entity(id: $0.sink) }
    }

    /// Entities joined to `entityID` by ancillary links (lenses and flashes of a sensor).
    package func ancillaries(of entityID: UInt32) -> [MediaEntity] {
        links.filter { $0.kind == .ancillary && $0.source == entityID }.compactMap { entity(id: $0.sink) }
    }

    /// Lenses (`MEDIA_ENT_F_LENS`) attached to a sensor through ancillary links.
    package func lenses(of sensorID: UInt32) -> [MediaEntity] { ancillaries(of: sensorID).filter { $0.function == .lens } }

    /// Every data path from `sensorID` to a capture entity, following enabled data links
    /// (all data links with `includingDisabledLinks`). Data is assumed to cross an entity
    /// from any sink pad to any of its source pads. Cycles are not followed; the search
    /// stops after `limit` paths.
    package func dataPaths(from sensorID: UInt32, includingDisabledLinks: Bool = false, limit: Int = 256) -> [MediaDataPath] {
        guard let start = entity(id: sensorID) else { return [] }
        var padsByID: [UInt32: MediaPad] = [:]
        for p in pads { padsByID[p.id] = p }
        var entitiesByID: [UInt32: MediaEntity] = [:]
        for e in entities { entitiesByID[e.id] = e }
        var outgoing: [UInt32: [MediaLink]] = [:]
        for l in links where l.kind == .data && (includingDisabledLinks || l.isEnabled) { outgoing[l.source, default: []].append(l) }
        let captures = Set(captureEntities.map(\.id))

        func hop(_ e: MediaEntity, _ p: MediaPad) -> MediaPathHop {
            MediaPathHop(entityID: e.id, entityName: e.name, padID: p.id, padIndex: p.index, direction: p.direction)
        }

        var found: [MediaDataPath] = []
        func walk(from pad: MediaPad, hops: [MediaPathHop], linkIDs: [UInt32], visited: Set<UInt32>) {
            for link in outgoing[pad.id] ?? [] {
                guard found.count < limit, let sinkPad = padsByID[link.sink], let next = entitiesByID[sinkPad.entityID],
                    !visited.contains(next.id)
                else { continue }
                let hops = hops + [hop(next, sinkPad)]
                let linkIDs = linkIDs + [link.id]
                if captures.contains(next.id) {
                    let path = interfaces(of: next.id).first { $0.type == .v4lVideo }?.path
                    found.append(MediaDataPath(hops: hops, linkIDs: linkIDs, captureEntityID: next.id, capturePath: path))
                    continue
                }
                for out in pads(of: next.id) where out.direction == .source {
                    walk(from: out, hops: hops + [hop(next, out)], linkIDs: linkIDs, visited: visited.union([next.id]))
                }
            }
        }
        for out in pads(of: start.id) where out.direction == .source {
            walk(from: out, hops: [hop(start, out)], linkIDs: [], visited: [start.id])
        }
        return found
    }

    /// Whether `e` is a capture DMA engine (see `captureEntities`).
    package func isCaptureEntity(_ e: MediaEntity) -> Bool {
        guard pads(of: e.id).contains(where: { $0.direction == .sink }) else { return false }
        return e.function == .ioV4L || interfaces(of: e.id).contains { $0.type == .v4lVideo }
    }
}

/// One step of a data path: an entity and the pad the data enters or leaves it by.
package struct MediaPathHop: Sendable, Hashable, Codable, CustomStringConvertible {
    package var entityID: UInt32
    package var entityName: String
    package var padID: UInt32
    package var padIndex: UInt32
    package var direction: MediaPadDirection

    package init(entityID: UInt32, entityName: String, padID: UInt32, padIndex: UInt32, direction: MediaPadDirection) {
        self.entityID = entityID
        self.entityName = entityName
        self.padID = padID
        self.padIndex = padIndex
        self.direction = direction
    }

    /// `"Sensor A":0`, as `media-ctl` writes a pad.
    package var description: String { "\"\(entityName)\":\(padIndex)" }
}

/// A chain of data links from a sensor to a capture entity.
package struct MediaDataPath: Sendable, Hashable, Codable, CustomStringConvertible {
    /// (entity, pad) hops in data order: the sensor's source pad, then each sink and source pad crossed,
    /// ending at the capture entity's sink pad.
    package var hops: [MediaPathHop]
    /// The data links followed, in order.
    package var linkIDs: [UInt32]
    package var captureEntityID: UInt32
    /// The capture entity's video node (`/dev/video0`), when known.
    package var capturePath: String?

    package init(hops: [MediaPathHop], linkIDs: [UInt32], captureEntityID: UInt32, capturePath: String?) {
        self.hops = hops
        self.linkIDs = linkIDs
        self.captureEntityID = captureEntityID
        self.capturePath = capturePath
    }

    /// The entity names along the path, without repeats: `["Sensor A", "Debayer A", "Scaler", "RGB/YUV Capture"]`.
    package var entityNames: [String] {
        hops.reduce(into: [String]()) { acc, h in if acc.last != h.entityName { acc.append(h.entityName) } }
    }

    /// `"Sensor A":0 -> "Debayer A":0 | "Debayer A":1 -> …`
    package var description: String {
        var s = ""
        for (i, h) in hops.enumerated() {
            if i > 0 { s += h.direction == .sink ? " -> " : " | " }
            s += h.description
        }
        return s
    }
}
