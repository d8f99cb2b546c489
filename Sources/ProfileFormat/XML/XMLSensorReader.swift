import CaptureModel

/// Reads `<sensor>` back into a `SensorCamera`, the inverse of `XMLSensorWriter`.
extension XMLProfileReader {
    static func sensor(_ e: XMLNode) throws(Failure) -> SensorCamera {
        var timing: SensorTiming? = nil
        if let t = e.optionalChild("timing") {
            timing = SensorTiming(
                pixelRate: try t.integer("pixelRate"), hblank: try t.integer("hblank"), vblank: try t.integer("vblank"),
                vblankMinimum: try t.integer("vblankMinimum"), vblankMaximum: try t.integer("vblankMaximum"))
        }
        var lenses: [SensorLens] = []
        for l in e.listItems("lenses", "lens") {
            lenses.append(SensorLens(entity: try l.required("entity"), subdevPath: l.attribute("subdevPath"), controls: try controls(l)))
        }
        var outputs: [SensorOutput] = []
        for o in e.listItems("outputs", "output") {
            var formats: [SensorOutputFormat] = []
            for f in o.children("format") {
                formats.append(
                    SensorOutputFormat(
                        sensorCode: try f.mediaBusCode("sensorCode"),
                        padCodes: try f.mediaBusCodes("padCodes"), fourcc: try f.fourcc("fourcc"),
                        evidence: try f.required("evidence")))
            }
            outputs.append(
                SensorOutput(
                    capturePath: o.attribute("capturePath"), captureEntity: try o.required("captureEntity"),
                    route: try dataPath(try o.child("route")), formats: formats))
        }
        var disabled: [SensorDisabledRoute] = []
        for r in e.listItems("disabledRoutes", "disabledRoute") {
            disabled.append(
                SensorDisabledRoute(
                    capturePath: r.attribute("capturePath"), route: try dataPath(try r.child("route")),
                    enable: r.children("enable").map(\.text)))
        }
        var pads: [SubdevPadEntry] = []
        for p in e.listItems("pads", "subdevPad") {
            pads.append(
                SubdevPadEntry(
                    pad: PadRef(entity: try p.required("entity"), pad: try p.integer("pad")), modes: try padModes(try p.child("modes"))))
        }
        return SensorCamera(
            mediaDevice: try e.required("mediaDevice"), controller: try controllerInfo(try e.child("controller")),
            entity: try e.required("entity"), subdevPath: e.attribute("subdevPath"), source: try padModes(try e.child("source")),
            timing: timing, rateEvidence: try e.required("rateEvidence"), controls: try controls(e), lenses: lenses,
            outputs: outputs, disabledRoutes: disabled, libcameraID: e.attribute("libcameraID"),
            graph: try mediaGraph(try e.child("graph")), pads: pads)
    }

    /// The `<controls>` child: nil when absent (not read), else its controls (maybe none).
    private static func controls(_ parent: XMLNode) throws(Failure) -> [Control]? {
        guard let list = parent.optionalChild("controls") else { return nil }
        var out: [Control] = []
        for c in list.children("control") { out.append(try control(c)) }
        return out
    }

    private static func padModes(_ e: XMLNode) throws(Failure) -> SubdevPadModes {
        var codes: [SubdevCodeModes] = []
        for c in e.children("codeModes") {
            var sizes: [SubdevFrameSize] = []
            for s in c.children("size") {
                var intervals: [Rational] = []
                for i in s.children("interval") { intervals.append(try i.rational(i.text)) }
                sizes.append(
                    SubdevFrameSize(min: try s.child("min").dimensions(), max: try s.child("max").dimensions(), intervals: intervals))
            }
            codes.append(SubdevCodeModes(code: try c.mediaBusCode("code"), sizes: sizes))
        }
        var active: SubdevPadFormat? = nil
        if let a = e.optionalChild("active") {
            active = SubdevPadFormat(
                code: try a.mediaBusCode("code"), width: try a.integer("width"), height: try a.integer("height"),
                field: try a.integer("field"), colorspace: try a.integer("colorspace"))
        }
        func rect(_ name: String) throws(Failure) -> PixelRect? {
            guard let r = e.optionalChild(name) else { return nil }
            return PixelRect(
                left: try r.integer("left"), top: try r.integer("top"), width: try r.integer("width"), height: try r.integer("height"))
        }
        return SubdevPadModes(
            pad: try e.integer("pad"), codes: codes, active: active, cropBounds: try rect("cropBounds"),
            nativeSize: try rect("nativeSize"), crop: try rect("crop"))
    }

    private static func dataPath(_ e: XMLNode) throws(Failure) -> MediaDataPath {
        var hops: [MediaPathHop] = []
        for h in e.children("hop") {
            hops.append(
                MediaPathHop(
                    entityID: try h.integer("entityID"), entityName: try h.required("entityName"), padID: try h.integer("padID"),
                    padIndex: try h.integer("padIndex"), direction: try h.padDirection("direction")))
        }
        return MediaDataPath(
            hops: hops, linkIDs: try e.unsignedList("linkIDs"), captureEntityID: try e.integer("captureEntityID"),
            capturePath: e.attribute("capturePath"))
    }
}
