import CaptureModel

/// Reads `<pipewire>` back (the inverse of `XMLProfileWriter.pipeWire`); nil when absent, as in profiles written
/// before it or for a saved profile.
extension XMLProfileReader {
    static func pipeWire(_ parent: XMLNode) throws(Failure) -> PipeWireReport? {
        guard let e = parent.optionalChild("pipewire") else { return nil }
        let raw = try e.required("status")
        guard let status = PipeWireReport.Status(rawValue: raw) else { throw e.failure("status: unknown \"\(raw)\"") }
        var view: PipeWireView?
        if let v = e.optionalChild("view") {
            var nodes: [PipeWireNode] = []
            for n in v.children("node") { nodes.append(try pipeWireNode(n)) }
            view = PipeWireView(
                daemon: try v.required("daemon"), version: try v.required("version"), library: try v.required("library"),
                nodes: nodes, omitted: try v.integer("omitted"))
        }
        var joins: [PipeWireJoin] = []
        for j in e.children("join") {
            joins.append(
                PipeWireJoin(
                    nodeID: try j.integer("nodeID"), deviceID: DeviceID(try j.required("deviceID")), devnode: j.attribute("devnode"),
                    by: try j.required("by")))
        }
        var unpublished: [PipeWireUnpublished] = []
        for u in e.children("unpublished") {
            unpublished.append(
                PipeWireUnpublished(
                    deviceID: DeviceID(try u.required("deviceID")), devnode: try u.required("devnode"), reason: try u.required("reason")))
        }
        return PipeWireReport(status: status, message: e.attribute("message"), view: view, joins: joins, unpublished: unpublished)
    }

    private static func pipeWireNode(_ e: XMLNode) throws(Failure) -> PipeWireNode {
        var formats: [PipeWireFormat] = []
        for f in e.children("format") { formats.append(try pipeWireFormat(f)) }
        var clients: [PipeWireClient] = []
        for c in e.children("client") {
            clients.append(
                PipeWireClient(
                    nodeID: try c.integer("nodeID"), nodeName: c.attribute("nodeName"), application: c.attribute("application"),
                    processID: try c.optionalInteger("processID"), binary: c.attribute("binary"), flatpakID: c.attribute("flatpakID"),
                    linkState: c.attribute("linkState")))
        }
        return PipeWireNode(
            id: try e.integer("id"), name: try e.required("name"), description: e.attribute("description"), role: e.attribute("role"),
            api: e.attribute("api"), objectPath: e.attribute("objectPath"), v4l2Path: e.attribute("v4l2Path"),
            libcameraID: e.attribute("libcameraID"), busPath: e.attribute("busPath"), formats: formats,
            formatsNote: e.attribute("formatsNote"), clients: clients)
    }

    private static func pipeWireFormat(_ e: XMLNode) throws(Failure) -> PipeWireFormat {
        let sizeRange = try e.optionalChild("sizeRange").map { s throws(Failure) in
            PipeWireFormat.SizeRange(
                minWidth: try s.integer("minWidth"), minHeight: try s.integer("minHeight"), maxWidth: try s.integer("maxWidth"),
                maxHeight: try s.integer("maxHeight"))
        }
        var rates: [Rational] = []
        for r in e.children("frameRate") { rates.append(try r.rational(r.text)) }
        let rateRange = try e.optionalChild("frameRateRange").map { r throws(Failure) in
            PipeWireFormat.RateRange(min: try r.rational(try r.required("min")), max: try r.rational(try r.required("max")))
        }
        return PipeWireFormat(
            fourcc: try e.required("fourcc"), spaFormat: try e.required("spaFormat"), width: try e.optionalInteger("width"),
            height: try e.optionalInteger("height"), sizeRange: sizeRange, frameRates: rates, frameRateRange: rateRange)
    }
}
