import CaptureModel

/// `<pipewire>` (`DeviceDocument.pipewire`), written after `<device>`: the status and message as attributes, the
/// view (daemon, version, library, omitted) with its nodes, each node's formats (frame rates as exact fractions,
/// `"30/1"` frames per second) and clients, then the joins and the unpublished nodes.
extension XMLProfileWriter {
    func pipeWire(_ r: PipeWireReport) {
        w.start("pipewire")
        w.attribute("status", r.status.rawValue)
        w.attribute("message", r.message)
        if let v = r.view {
            w.start("view")
            w.attribute("daemon", v.daemon)
            w.attribute("version", v.version)
            w.attribute("library", v.library)
            w.attribute("omitted", v.omitted)
            v.nodes.forEach(pipeWireNode)
            w.end()
        }
        for j in r.joins {
            w.start("join")
            w.attribute("nodeID", j.nodeID)
            w.attribute("deviceID", j.deviceID.rawValue)
            w.attribute("devnode", j.devnode)
            w.attribute("by", j.by)
            w.end()
        }
        for u in r.unpublished {
            w.start("unpublished")
            w.attribute("deviceID", u.deviceID.rawValue)
            w.attribute("devnode", u.devnode)
            w.attribute("reason", u.reason)
            w.end()
        }
        w.end()
    }

    private func pipeWireNode(_ n: PipeWireNode) {
        w.start("node")
        w.attribute("id", n.id)
        w.attribute("name", n.name)
        w.attribute("description", n.description)
        w.attribute("role", n.role)
        w.attribute("api", n.api)
        w.attribute("objectPath", n.objectPath)
        w.attribute("v4l2Path", n.v4l2Path)
        w.attribute("libcameraID", n.libcameraID)
        w.attribute("busPath", n.busPath)
        w.attribute("formatsNote", n.formatsNote)
        n.formats.forEach(pipeWireFormat)
        for c in n.clients {
            w.start("client")
            w.attribute("nodeID", c.nodeID)
            w.attribute("nodeName", c.nodeName)
            w.attribute("application", c.application)
            w.attribute("processID", c.processID)
            w.attribute("binary", c.binary)
            w.attribute("flatpakID", c.flatpakID)
            w.attribute("linkState", c.linkState)
            w.end()
        }
        w.end()
    }

    private func pipeWireFormat(_ f: PipeWireFormat) {
        w.start("format")
        w.attribute("fourcc", f.fourcc)
        w.attribute("spaFormat", f.spaFormat)
        w.attribute("width", f.width)
        w.attribute("height", f.height)
        if let r = f.sizeRange {
            w.start("sizeRange")
            w.attribute("minWidth", r.minWidth)
            w.attribute("minHeight", r.minHeight)
            w.attribute("maxWidth", r.maxWidth)
            w.attribute("maxHeight", r.maxHeight)
            w.end()
        }
        f.frameRates.forEach { w.element("frameRate", $0.description) }
        if let r = f.frameRateRange {
            w.start("frameRateRange")
            w.attribute("min", r.min.description)
            w.attribute("max", r.max.description)
            w.end()
        }
        w.end()
    }
}
