import CaptureModel

extension SensorCameraBuilder {
    /// One `Device` per sensor of a media-controller system: named after the
    /// sensor entity, with an ID made from the system's own (`platform-vimc` →
    /// `platform-vimc-sensor_a`), its output capture nodes, the sensor's and
    /// lenses' subdevice nodes (role `subdev`), and the media node.
    /// `base` is the system's device (its identity, transport, ID and nodes);
    /// capture nodes no sensor reaches are not cameras of their own and come back in `unreached`.
    package static func devices(_ facts: MediaSystemFacts, base: Device) -> (devices: [Device], unreached: [String]) {
        let built = build(facts)
        var reached = Set<String>()
        let devices = built.map { b -> Device in
            let s = b.sensor
            var nodes: [DeviceNode] = []
            for o in s.outputs {
                guard let path = o.capturePath, !nodes.contains(where: { $0.path == path }) else { continue }
                reached.insert(path)
                nodes.append(
                    DeviceNode(role: .capture, path: path, deviceCaps: base.nodes.first { $0.path == path }?.deviceCaps))
            }
            for path in [s.subdevPath] + s.lenses.map(\.subdevPath) {
                if let path { nodes.append(DeviceNode(role: .subdev, path: path)) }
            }
            nodes += base.nodes.filter { $0.role == .media || $0.role == .metadata }
            var identity = base.identity
            identity.product = s.entity
            return Device(
                id: DeviceID(base.id.rawValue + "-" + slug(s.entity)), name: s.entity, modelID: base.modelID, transport: base.transport,
                identity: identity, nodes: nodes, captures: b.captures, audio: [], sensor: s, problems: base.problems + b.problems)
        }
        let unreached = base.nodes.filter { $0.role == .capture }.map(\.path).filter { !reached.contains($0) }
        return (devices, unreached)
    }

    /// `Sensor A` → `sensor_a`, `imx708 10-001a` → `imx708_10-001a`.
    static func slug(_ name: String) -> String {
        String(name.lowercased().map { c -> Character in (c.isLetter || c.isNumber || "-_.".contains(c)) && c.isASCII ? c : "_" })
    }
}

extension NodeRole {
    /// A V4L2 subdevice node (`/dev/v4l-subdevN`) of a media-controller camera: its sensor or lens.
    public static let subdev: NodeRole = "subdev"
}
