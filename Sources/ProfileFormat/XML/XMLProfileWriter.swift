import CaptureModel

/// Writes a `DeviceDocument` as XML (`ProfileSchemas.xsd`): attributes for
/// scalars, elements for lists, exact fractions as `"1001/30000"`, flag sets
/// as space-separated names. Empty lists are left out (except `controls`,
/// whose absence means "not read").
struct XMLProfileWriter {
    static let namespace = "https://camprobe.dev/schema/profile/1"
    let w: XMLTextWriter

    /// Throws only when libxml2 cannot be loaded.
    static func write(_ document: DeviceDocument) throws(ProfileReadError) -> String {
        let me = XMLProfileWriter(w: try XMLTextWriter())
        me.w.start("cameraProfile")
        me.w.attribute("xmlns", namespace)
        me.w.attribute("schemaVersion", document.schemaVersion)
        me.w.attribute("generator", document.generator)
        me.device(document.device)
        if let p = document.pipewire { me.pipeWire(p) }
        me.w.end()
        return me.w.finish()
    }

    func list<T>(_ name: String, _ items: [T], _ each: (T) -> Void) {
        guard !items.isEmpty else { return }
        w.start(name)
        items.forEach(each)
        w.end()
    }

    func flags(_ f: some NamedFlags) -> String { f.names.joined(separator: " ") }

    private func device(_ d: Device) {
        w.start("device")
        w.attribute("id", d.id.rawValue)
        w.attribute("name", d.name)
        w.attribute("modelID", d.modelID)
        w.start("transport")
        w.attribute("kind", d.transport.kind.rawValue)
        w.attribute("label", d.transport.label)
        w.attribute("speedMbps", d.transport.speedMbps.map(XMLScalars.double))
        w.end()
        identity(d.identity)
        list("nodes", d.nodes) { n in
            w.start("node")
            w.attribute("role", n.role.rawValue)
            w.attribute("path", n.path)
            w.attribute("deviceCaps", n.deviceCaps.map(flags))
            w.end()
        }
        list("captures", d.captures, capture)
        list("audio", d.audio, audioCard)
        if let s = d.sensor { sensor(s) }
        problems(d.problems)
        if let p = d.provenance { provenance(p) }
        if let u = d.usb { deviceUSB(u) }
        w.end()
    }

    private func identity(_ i: DeviceIdentity) {
        w.start("identity")
        w.attribute("busInfo", i.busInfo)
        w.attribute("driver", i.driver)
        w.attribute("vendorID", i.vendorID)
        w.attribute("productID", i.productID)
        w.attribute("serial", i.serial)
        w.attribute("manufacturer", i.manufacturer)
        w.attribute("product", i.product)
        w.attribute("portPath", i.portPath)
        w.attribute("udevIDPath", i.udevIDPath)
        w.attribute("physicalPath", i.physicalPath)
        i.byID.forEach { w.element("byID", $0) }
        i.byPath.forEach { w.element("byPath", $0) }
        w.end()
    }

    private func capture(_ c: CaptureNodeCapabilities) {
        w.start("capture")
        w.attribute("path", c.path)
        w.attribute("throughLibV4L2", c.throughLibV4L2)
        if c.imported { w.attribute("imported", true) }
        w.attribute("controlsIncomplete", c.controlsIncomplete)
        w.attribute("currentInput", c.currentInput)
        w.start("identity")
        w.attribute("driver", c.identity.driver)
        w.attribute("card", c.identity.card)
        w.attribute("busInfo", c.identity.busInfo)
        w.attribute("version", c.identity.version)
        w.attribute("capabilities", flags(c.identity.capabilities))
        w.attribute("deviceCaps", flags(c.identity.deviceCaps))
        w.end()
        list("inputs", c.inputs) { i in
            w.start("input")
            w.attribute("index", i.index)
            w.attribute("name", i.name)
            w.attribute("type", i.type)
            w.attribute("status", i.status)
            w.attribute("capabilities", i.capabilities.map { $0.joined(separator: " ") })
            w.end()
        }
        list("formats", c.formats, format)
        if let controls = c.controls {
            w.start("controls")
            controls.forEach(control)
            w.end()
        }
        if let a = c.activeFormat { activeFormat(a) }
        if let s = c.streamingParameters {
            w.start("streamingParameters")
            w.attribute("supportsFrameInterval", s.supportsFrameInterval)
            w.attribute("frameInterval", s.frameInterval?.interval.description)
            w.end()
        }
        if let s = c.semantics { w.semantics(s) }
        problems(c.problems)
        w.end()
    }

    private func format(_ f: PixelFormat) {
        w.start("format")
        w.attribute("index", f.index)
        w.attribute("fourcc", f.fourcc.description)
        w.attribute("description", f.description)
        w.attribute("bufferType", f.bufferType.rawValue)
        w.attribute("flags", flags(f.flags))
        for s in f.sizes {
            switch s {
            case .discrete(let d, let iv):
                w.start("discreteSize")
                w.attribute("width", d.width)
                w.attribute("height", d.height)
                intervals(iv)
                w.end()
            case .stepwise(let min, let max, let step, let a, let b):
                w.start("stepwiseSize")
                dimensions("min", min)
                dimensions("max", max)
                dimensions("step", step)
                w.start("intervalsAtMin")
                intervals(a)
                w.end()
                w.start("intervalsAtMax")
                intervals(b)
                w.end()
                w.end()
            case .continuous(let min, let max, let a, let b):
                w.start("continuousSize")
                dimensions("min", min)
                dimensions("max", max)
                w.start("intervalsAtMin")
                intervals(a)
                w.end()
                w.start("intervalsAtMax")
                intervals(b)
                w.end()
                w.end()
            }
        }
        w.end()
    }

    func dimensions(_ name: String, _ d: Dimensions) {
        w.start(name)
        w.attribute("width", d.width)
        w.attribute("height", d.height)
        w.end()
    }

    private func intervals(_ iv: FrameIntervals) {
        switch iv {
        case .discrete(let list):
            w.start("discreteIntervals")
            list.forEach { w.element("interval", $0.interval.description) }
            w.end()
        case .stepwise(let min, let max, let step):
            w.start("stepwiseIntervals")
            w.attribute("min", min.interval.description)
            w.attribute("max", max.interval.description)
            w.attribute("step", step.interval.description)
            w.end()
        case .continuous(let min, let max):
            w.start("continuousIntervals")
            w.attribute("min", min.interval.description)
            w.attribute("max", max.interval.description)
            w.end()
        case .unknown(let reason):
            w.start("unknownIntervals")
            w.attribute("reason", reason)
            w.end()
        }
    }

    func control(_ c: Control) {
        w.start("control")
        w.attribute("id", c.id)
        w.attribute("name", c.name)
        w.attribute("key", c.key)
        w.attribute("type", c.type)
        w.attribute("typeCode", c.typeCode)
        w.attribute("controlClass", c.controlClass)
        w.attribute("minimum", c.minimum)
        w.attribute("maximum", c.maximum)
        w.attribute("step", c.step)
        w.attribute("defaultValue", c.defaultValue)
        w.attribute("flags", flags(c.flags))
        w.attribute("elementSize", c.elementSize)
        w.attribute("elements", c.elements)
        w.attribute("dimensions", c.dimensions.map(String.init).joined(separator: " "))
        if let v = c.value { XMLControlValues.write(v, to: w) }
        XMLControlValues.write(c.minimumValue, wrappedIn: "minimumValue", to: w)
        XMLControlValues.write(c.maximumValue, wrappedIn: "maximumValue", to: w)
        for m in c.menu {
            w.start("menuItem")
            w.attribute("index", m.index)
            w.attribute("name", m.name)
            w.attribute("value", m.value)
            w.end()
        }
        w.end()
    }

    private func activeFormat(_ a: ActiveFormat) {
        w.start("activeFormat")
        w.attribute("bufferType", a.bufferType.rawValue)
        w.attribute("fourcc", a.fourcc.description)
        w.attribute("width", a.width)
        w.attribute("height", a.height)
        w.attribute("field", a.field)
        w.attribute("bytesPerLine", a.bytesPerLine)
        w.attribute("sizeImage", a.sizeImage)
        w.attribute("colorspace", a.colorspace)
        w.attribute("quantization", a.quantization)
        for p in a.planes {
            w.start("plane")
            w.attribute("bytesPerLine", p.bytesPerLine)
            w.attribute("sizeImage", p.sizeImage)
            w.end()
        }
        w.end()
    }

    private func audioCard(_ c: AudioCaptureCard) {
        w.start("card")
        w.attribute("card", c.card)
        w.attribute("cardID", c.cardID)
        w.attribute("name", c.name)
        w.attribute("longName", c.longName)
        w.attribute("driver", c.driver)
        w.attribute("controlPath", c.controlPath)
        for p in c.pcms {
            w.start("pcm")
            w.attribute("device", p.device)
            w.attribute("alsaName", p.alsaName)
            w.attribute("name", p.name)
            w.attribute("subdevices", p.subdevices)
            w.attribute("minChannels", p.minChannels)
            w.attribute("maxChannels", p.maxChannels)
            w.attribute("minRate", p.minRate)
            w.attribute("maxRate", p.maxRate)
            if !p.rates.isEmpty { w.attribute("rates", p.rates.map(String.init).joined(separator: " ")) }
            p.formats.forEach { w.element("sampleFormat", $0) }
            problems(p.problems)
            w.end()
        }
        problems(c.problems)
        w.end()
    }

    func problems(_ list: [Problem]) {
        self.list("problems", list) { p in
            w.start("problem")
            w.attribute("kind", p.kind.rawValue)
            w.attribute("call", p.call)
            w.attribute("errno", p.errno)
            w.attribute("errnoName", p.errnoName)
            w.text(p.message)
            w.end()
        }
    }
}
