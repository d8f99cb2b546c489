import CaptureModel

/// Writes `Device.sensor` (a media-controller camera): the sensor's attributes,
/// its controller, source-pad modes, timing, controls, lenses, outputs with
/// their routes, disabled routes, media graph (`XMLMediaGraphWriter`) and
/// every readable subdevice pad. Empty lists are left out; `controls` is
/// written when read, even empty.
extension XMLProfileWriter {
    func sensor(_ s: SensorCamera) {
        w.start("sensor")
        w.attribute("mediaDevice", s.mediaDevice)
        w.attribute("entity", s.entity)
        w.attribute("subdevPath", s.subdevPath)
        w.attribute("rateEvidence", s.rateEvidence)
        w.attribute("libcameraID", s.libcameraID)
        controllerInfo(s.controller)
        padModes("source", s.source)
        if let t = s.timing {
            w.start("timing")
            w.attribute("pixelRate", t.pixelRate)
            w.attribute("hblank", t.hblank)
            w.attribute("vblank", t.vblank)
            w.attribute("vblankMinimum", t.vblankMinimum)
            w.attribute("vblankMaximum", t.vblankMaximum)
            w.end()
        }
        controls(s.controls)
        list("lenses", s.lenses) { l in
            w.start("lens")
            w.attribute("entity", l.entity)
            w.attribute("subdevPath", l.subdevPath)
            controls(l.controls)
            w.end()
        }
        list("outputs", s.outputs) { o in
            w.start("output")
            w.attribute("capturePath", o.capturePath)
            w.attribute("captureEntity", o.captureEntity)
            dataPath(o.route)
            for f in o.formats {
                w.start("format")
                w.attribute("sensorCode", f.sensorCode.description)
                w.attribute("padCodes", f.padCodes.map(\.description).joined(separator: " "))
                w.attribute("fourcc", f.fourcc.description)
                w.attribute("evidence", f.evidence)
                w.end()
            }
            w.end()
        }
        list("disabledRoutes", s.disabledRoutes) { r in
            w.start("disabledRoute")
            w.attribute("capturePath", r.capturePath)
            dataPath(r.route)
            r.enable.forEach { w.element("enable", $0) }
            w.end()
        }
        mediaGraph(s.graph)
        list("pads", s.pads) { p in
            w.start("subdevPad")
            w.attribute("entity", p.pad.entity)
            w.attribute("pad", p.pad.pad)
            padModes("modes", p.modes)
            w.end()
        }
        w.end()
    }

    /// `<controls>` when read (even empty), nothing when not.
    private func controls(_ list: [Control]?) {
        guard let list else { return }
        w.start("controls")
        list.forEach(control)
        w.end()
    }

    private func padModes(_ name: String, _ m: SubdevPadModes) {
        w.start(name)
        w.attribute("pad", m.pad)
        for c in m.codes {
            w.start("codeModes")
            w.attribute("code", c.code.description)
            for s in c.sizes {
                w.start("size")
                dimensions("min", s.min)
                dimensions("max", s.max)
                s.intervals.forEach { w.element("interval", $0.description) }
                w.end()
            }
            w.end()
        }
        if let a = m.active {
            w.start("active")
            w.attribute("code", a.code.description)
            w.attribute("width", a.width)
            w.attribute("height", a.height)
            w.attribute("field", a.field)
            w.attribute("colorspace", a.colorspace)
            w.end()
        }
        if let r = m.cropBounds { rect("cropBounds", r) }
        if let r = m.nativeSize { rect("nativeSize", r) }
        if let r = m.crop { rect("crop", r) }
        w.end()
    }

    private func rect(_ name: String, _ r: PixelRect) {
        w.start(name)
        w.attribute("left", r.left)
        w.attribute("top", r.top)
        w.attribute("width", r.width)
        w.attribute("height", r.height)
        w.end()
    }

    private func dataPath(_ p: MediaDataPath) {
        w.start("route")
        w.attribute("linkIDs", p.linkIDs.map(String.init).joined(separator: " "))
        w.attribute("captureEntityID", p.captureEntityID)
        w.attribute("capturePath", p.capturePath)
        for h in p.hops {
            w.start("hop")
            w.attribute("entityID", h.entityID)
            w.attribute("entityName", h.entityName)
            w.attribute("padID", h.padID)
            w.attribute("padIndex", h.padIndex)
            w.attribute("direction", h.direction.rawValue)
            w.end()
        }
        w.end()
    }
}
