import CaptureModel

/// The pad formats a whole media pipeline needs for one sensor mode: the
/// sensor's source pad, then every pad downstream over enabled links, and every
/// capture node the data reaches. The kernel validates every enabled link of
/// the connected graph when any capture node starts streaming (so vimc's Raw
/// Capture 0 fails with EPIPE while the debayer beside it disagrees), so the
/// plan covers them all, not only the path to the node that is used.
package struct PipelinePlan: Sendable, Hashable, Codable {
    /// Subdevice pads in the order they are set (data order): what `VIDIOC_SUBDEV_S_FMT` gets.
    package var pads: [PadSetting]
    /// Capture nodes reached, with the code and size arriving at each.
    package var captures: [CaptureSetting]

    package struct PadSetting: Sendable, Hashable, Codable, CustomStringConvertible {
        package var pad: PadRef
        package var code: MediaBusCode
        package var size: Dimensions
        package init(pad: PadRef, code: MediaBusCode, size: Dimensions) {
            self.pad = pad
            self.code = code
            self.size = size
        }
        /// `"Sensor A":0[fmt:SRGGB8_1X8/640x480]`, as `media-ctl -V` takes it.
        package var description: String { "\(pad)[fmt:\(code)/\(size)]" }
    }

    package struct CaptureSetting: Sendable, Hashable, Codable {
        package var entity: String
        package var path: String?
        package var code: MediaBusCode
        package var size: Dimensions
        package init(entity: String, path: String?, code: MediaBusCode, size: Dimensions) {
            self.entity = entity
            self.path = path
            self.code = code
            self.size = size
        }
    }

    /// Plans `code` at `size` on the sensor `sensor`'s source pad. A sink pad that
    /// does not list the code stops the plan (the reason names the link); a source
    /// pad that does not list it converts to the first code it lists (a debayer's
    /// RGB output). Sizes pass unchanged. Pads whose codes were not read accept anything.
    package static func plan(
        sensor: String, code: MediaBusCode, size: Dimensions, graph: MediaGraph, pads: [PadRef: SubdevPadModes]
    ) -> Result<PipelinePlan, PipelinePlanError> {
        guard let entity = graph.entity(named: sensor), let source = graph.pads(of: entity.id).first(where: { $0.direction == .source })
        else { return .failure(PipelinePlanError(message: "\(sensor) has no source pad in the graph")) }
        var plan = PipelinePlan(pads: [], captures: [])
        var set: [UInt32: (MediaBusCode, Dimensions)] = [source.id: (code, size)]
        plan.pads.append(PadSetting(pad: PadRef(entity: sensor, pad: source.index), code: code, size: size))
        var queue = [source.id]
        var steps = 0
        while !queue.isEmpty, steps < 4096 {
            steps += 1
            let padID = queue.removeFirst()
            guard let (c, s) = set[padID] else { continue }
            for link in graph.links where link.kind == .data && link.isEnabled && link.source == padID {
                guard let sink = graph.pad(id: link.sink), let target = graph.entity(id: sink.entityID), set[sink.id] == nil else {
                    continue
                }
                let sinkRef = PadRef(entity: target.name, pad: sink.index)
                if graph.isCaptureEntity(target) {
                    let path = graph.interfaces(of: target.id).first { $0.type == .v4lVideo }?.path
                    plan.captures.append(CaptureSetting(entity: target.name, path: path, code: c, size: s))
                    set[sink.id] = (c, s)
                    continue
                }
                if let modes = pads[sinkRef], !modes.codes.isEmpty, !modes.codes.contains(where: { $0.code == c }) {
                    let from = graph.pad(id: padID).flatMap { p in
                        graph.entity(id: p.entityID).map { PadRef(entity: $0.name, pad: p.index) }
                    }
                    return .failure(
                        PipelinePlanError(
                            message:
                                "\(sinkRef) does not take \(c) (it takes \(modes.codes.map(\.code.description).joined(separator: ", "))), "
                                + "and its link from \(from?.description ?? "upstream") is enabled, so the kernel would refuse to stream"))
                }
                set[sink.id] = (c, s)
                plan.pads.append(PadSetting(pad: sinkRef, code: c, size: s))
                for out in graph.pads(of: target.id) where out.direction == .source && set[out.id] == nil {
                    let ref = PadRef(entity: target.name, pad: out.index)
                    var outCode = c
                    if let modes = pads[ref], !modes.codes.isEmpty, !modes.codes.contains(where: { $0.code == c }) {
                        outCode = converted(modes, from: out, graph: graph, pads: pads)
                    }
                    set[out.id] = (outCode, s)
                    plan.pads.append(PadSetting(pad: ref, code: outCode, size: s))
                    queue.append(out.id)
                }
            }
        }
        return .success(plan)
    }

    /// The code a converting source pad (a debayer's output) should carry: its active code when every enabled
    /// link from it can take that, else the first code it lists that they can all take, else its first code.
    static func converted(_ modes: SubdevPadModes, from pad: MediaPad, graph: MediaGraph, pads: [PadRef: SubdevPadModes])
        -> MediaBusCode
    {
        let sinks = graph.links.filter { $0.kind == .data && $0.isEnabled && $0.source == pad.id }.compactMap { l -> SubdevPadModes? in
            guard let p = graph.pad(id: l.sink), let e = graph.entity(id: p.entityID) else { return nil }
            return pads[PadRef(entity: e.name, pad: p.index)]
        }
        func accepted(_ code: MediaBusCode) -> Bool { sinks.allSatisfy { $0.codes.isEmpty || $0.codes.contains { $0.code == code } } }
        if let a = modes.active?.code, modes.codes.contains(where: { $0.code == a }), accepted(a) { return a }
        return modes.codes.first { accepted($0.code) }?.code ?? modes.codes[0].code
    }

    /// The code arriving at capture node `path`.
    package func capture(at path: String) -> CaptureSetting? { captures.first { $0.path == path } }

    /// The code on a pad.
    package func setting(for pad: PadRef) -> PadSetting? { pads.first { $0.pad == pad } }
}

/// Why a sensor mode cannot stream through its pipeline.
package struct PipelinePlanError: Error, Sendable, Hashable {
    package var message: String
    package init(message: String) { self.message = message }
}
