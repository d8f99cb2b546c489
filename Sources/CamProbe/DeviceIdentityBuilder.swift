import CaptureModel

/// Turns a group of probed nodes into a device's identity, name, model ID,
/// transport and stable ID.
enum DeviceIdentityBuilder {
    static func identity(of nodes: [ProbedNode]) -> DeviceIdentity {
        let capture = nodes.first { $0.role == "capture" } ?? nodes.first { $0.record.subsystem == "video4linux" } ?? nodes[0]
        let parent = nodes.lazy.compactMap(\.record.parent).first
        return DeviceIdentity(
            vendorID: parent?.vendorID, productID: parent?.productID, serial: parent?.serial,
            manufacturer: parent?.manufacturer, product: parent?.product, portPath: parent?.portPath,
            udevIDPath: capture.record.udevIDPath, byID: capture.record.byID, byPath: capture.record.byPath,
            busInfo: capture.busInfo ?? "",
            driver: capture.identity?.driver ?? capture.mediaInfo?.driver ?? nodes.lazy.compactMap(\.audio?.driver).first ?? "",
            physicalPath: parent?.sysPath)
    }

    static func name(of nodes: [ProbedNode], identity: DeviceIdentity) -> String {
        if let card = nodes.first(where: { $0.role == "capture" })?.identity?.card, !card.isEmpty { return card }
        if let model = nodes.lazy.compactMap(\.mediaInfo?.model).first(where: { !$0.isEmpty }) { return model }
        if let p = identity.product { return p }
        if let card = nodes.lazy.compactMap(\.audio).first, !card.name.isEmpty { return card.name }
        return "Unknown camera"
    }

    static func transport(of nodes: [ProbedNode]) -> Transport {
        guard let parent = nodes.lazy.compactMap(\.record.parent).first else { return Transport(kind: "virtual") }
        return Transport(kind: TransportKind(rawValue: parent.bus), speedMbps: parent.bus == "usb" ? parent.speedMbps : nil)
    }

    static func modelID(_ identity: DeviceIdentity) -> String? { identity.modelID }

    /// The preferred stable ID (`DeviceIdentity.baseID(transport:)`).
    static func baseID(_ identity: DeviceIdentity, transport: Transport) -> String { identity.baseID(transport: transport) }

    /// Makes IDs unique: colliding IDs (identical serials, or identical
    /// serial-less parts) get the port path, then the bus_info, appended.
    static func uniqueIDs(_ items: [(base: String, identity: DeviceIdentity)]) -> [DeviceID] {
        var ids = items.map(\.base)
        func collisions() -> Set<String> {
            var seen: [String: Int] = [:]
            for i in ids { seen[i, default: 0] += 1 }
            return Set(seen.filter { $0.value > 1 }.keys)
        }
        var dup = collisions()
        if !dup.isEmpty {
            for (i, item) in items.enumerated() where dup.contains(ids[i]) {
                if let port = item.identity.portPath, !ids[i].contains("@") { ids[i] += "@" + port }
            }
            dup = collisions()
        }
        if !dup.isEmpty {
            for (i, item) in items.enumerated() where dup.contains(ids[i]) { ids[i] += "#" + sanitize(item.identity.busInfo) }
            dup = collisions()
        }
        if !dup.isEmpty {
            var n: [String: Int] = [:]
            for i in ids.indices where dup.contains(ids[i]) {
                n[ids[i], default: 0] += 1
                ids[i] += "#\(n[ids[i]]!)"
            }
        }
        return ids.map(DeviceID.init)
    }

    static func sanitize(_ s: String) -> String { DeviceIdentity.sanitizeID(s) }
}
