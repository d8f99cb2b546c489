import CaptureModel

/// Turns `media-ctl -p` text as read into a `MediaGraph` and the subdevice pads'
/// active formats and crop rectangles. Entity ids are media-ctl's own; pads,
/// links and interfaces get ids after the largest entity id. Device numbers
/// (major:minor) are not in the text and are written 0:0.
enum MediaCtlGraphBuilder {
    static func build(_ text: MediaCtlTopologyText, file: String, path: String?) -> (
        graph: MediaGraph, pads: [PadRef: SubdevPadModes], problems: [Problem]
    ) {
        var problems = text.problems
        var next = (text.entities.map(\.id).max() ?? 0) + 1
        func newID() -> UInt32 {
            defer { next &+= 1 }
            return next
        }
        var entities: [MediaEntity] = []
        var pads: [MediaPad] = []
        var interfaces: [MediaInterface] = []
        var links: [MediaLink] = []
        var padID: [PadRef: UInt32] = [:]
        var modes: [PadRef: SubdevPadModes] = [:]
        for e in text.entities {
            entities.append(MediaEntity(id: e.id, name: e.name, function: function(e), flags: MediaEntityFlags(rawValue: e.flags)))
            if e.pads.count != e.padCount {
                problems.append(
                    Problem(
                        kind: .partial, call: "media-ctl text",
                        message: "\(file):\(e.line): \(e.name) announces \(e.padCount) pads but \(e.pads.count) are listed"))
            }
            for p in e.pads {
                let id = newID()
                pads.append(MediaPad(id: id, entityID: e.id, index: p.index, flags: p.flags))
                let ref = PadRef(entity: e.name, pad: p.index)
                padID[ref] = id
                guard let f = p.format else { continue }
                let read = MediaCtlPadFormatText(f)
                for issue in read.issues {
                    problems.append(Problem(kind: .partial, call: "media-ctl text", message: "\(file):\(p.formatLine): \(ref): \(issue)"))
                }
                modes[ref] = SubdevPadModes(
                    pad: p.index, codes: [], active: read.format, cropBounds: read.cropBounds, nativeSize: read.nativeSize, crop: read.crop)
            }
            if let node = e.devnode {
                let intf = newID()
                let type: MediaInterfaceType =
                    node.contains("v4l-subdev")
                    ? .v4lSubdev : node.contains("vbi") ? .v4lVBI : node.contains("radio") ? .v4lRadio : .v4lVideo
                interfaces.append(MediaInterface(id: intf, type: type, flags: 0, devnode: MediaDevnode(major: 0, minor: 0), path: node))
                links.append(
                    MediaLink(
                        id: newID(), source: intf, sink: e.id,
                        rawFlags: MediaLinkKind.interface.rawValue << 28 | MediaLinkFlags([.enabled, .immutable]).rawValue))
            }
        }
        // Data links: each is printed at both ends; the source end's line is the one used, the sink end's only when the source is missing.
        var seen: Set<[UInt32]> = []
        for outgoing in [true, false] {
            for e in text.entities {
                for p in e.pads {
                    for l in p.links where l.outgoing == outgoing {
                        let here = PadRef(entity: e.name, pad: p.index)
                        let there = PadRef(entity: l.remote, pad: l.remotePad)
                        let (a, b) = outgoing ? (here, there) : (there, here)
                        guard let source = padID[a], let sink = padID[b] else {
                            problems.append(
                                Problem(
                                    kind: .skipped, call: "media-ctl text",
                                    message: "\(file):\(l.line): the link \(a) -> \(b) names a pad the text does not list; link skipped"))
                            continue
                        }
                        guard seen.insert([source, sink]).inserted else { continue }
                        links.append(MediaLink(id: newID(), source: source, sink: sink, rawFlags: l.flags.rawValue))
                    }
                }
            }
        }
        // media-ctl -p does not print ancillary links: a lens belongs to the only sensor, or to none known.
        let sensors = entities.filter { $0.function == .camSensor }
        for lens in entities where lens.function == .lens {
            if sensors.count == 1 {
                links.append(
                    MediaLink(
                        id: newID(), source: sensors[0].id, sink: lens.id,
                        rawFlags: MediaLinkKind.ancillary.rawValue << 28 | MediaLinkFlags.enabled.rawValue))
                problems.append(
                    Problem(
                        kind: .imported,
                        message:
                            "media-ctl -p does not print ancillary links; the lens \(lens.name) is taken to be \(sensors[0].name)'s, the only sensor"
                    ))
            } else {
                problems.append(
                    Problem(
                        kind: .imported,
                        message:
                            "media-ctl -p does not print ancillary links and there are \(sensors.count) sensors: which one the lens \(lens.name) serves is unknown"
                    ))
            }
        }
        let graph = MediaGraph(
            controller: controller(text), path: path ?? "", topologyVersion: 0, entities: entities, interfaces: interfaces, pads: pads,
            links: links)
        return (graph, modes, problems)
    }

    /// Entity function from media-ctl's `type … subtype …`.
    static func function(_ e: MediaCtlTopologyText.Entity) -> MediaEntityFunction {
        switch (e.type, e.subtype) {
        case ("Node", "V4L"): .ioV4L
        case ("Node", "VBI"): .ioVBI
        case ("Node", "DVB"): .ioDTV
        case ("Node", _): .unknown
        case (_, "Sensor"): .camSensor
        case (_, "Lens"): .lens
        case (_, "Flash"): .flash
        case (_, "Decoder"): .atvDecoder
        case (_, "Tuner"): .tuner
        default: .v4l2SubdevUnknown
        }
    }

    static func controller(_ text: MediaCtlTopologyText) -> MediaControllerInfo {
        MediaControllerInfo(
            driver: text.info["driver"] ?? "", model: text.info["model"] ?? "", serial: text.info["serial"] ?? "",
            busInfo: text.info["bus info"] ?? "", mediaVersion: kernelVersion(text.apiVersion),
            hardwareRevision: text.info["hw revision"].flatMap(hex) ?? 0, driverVersion: kernelVersion(text.info["driver version"]))
    }

    /// `6.6.31` → `KERNEL_VERSION(6, 6, 31)`; 0 when absent or unreadable.
    static func kernelVersion(_ s: String?) -> UInt32 {
        guard let s else { return 0 }
        let p = s.split(separator: ".").map { UInt32($0.prefix { $0.isNumber }) ?? 0 }
        guard p.count >= 2 else { return 0 }
        return min(p[0], 255) << 16 | min(p[1], 255) << 8 | min(p.count > 2 ? p[2] : 0, 255)
    }

    static func hex(_ s: String) -> UInt32? { s.hasPrefix("0x") ? UInt32(s.dropFirst(2), radix: 16) : UInt32(s) }
}
