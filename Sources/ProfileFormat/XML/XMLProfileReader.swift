import CaptureModel

/// Maps a schema-valid `<cameraProfile>` element tree back to a `DeviceDocument`,
/// the inverse of `XMLProfileWriter`. What the XSD cannot check (a fraction or
/// number out of range, an unknown flag name) is reported with its line.
struct XMLProfileReader {
    struct Failure: Error { var issue: ProfileIssue }

    static func read(_ root: XMLNode) throws(Failure) -> DeviceDocument {
        guard root.name == "cameraProfile" else { throw root.failure("the root element is <\(root.name)>, expected <cameraProfile>") }
        let device = try self.device(try root.child("device"))
        var doc = DeviceDocument(generator: try root.required("generator"), device: device, pipewire: try pipeWire(root))
        doc.schemaVersion = try root.integer("schemaVersion")
        return doc
    }

    private static func device(_ e: XMLNode) throws(Failure) -> Device {
        let t = try e.child("transport")
        var transport = Transport(kind: TransportKind(rawValue: try t.required("kind")), speedMbps: try t.optionalDouble("speedMbps"))
        transport.label = try t.required("label")
        let i = try e.child("identity")
        let identity = DeviceIdentity(
            vendorID: i.attribute("vendorID"), productID: i.attribute("productID"), serial: i.attribute("serial"),
            manufacturer: i.attribute("manufacturer"), product: i.attribute("product"), portPath: i.attribute("portPath"),
            udevIDPath: i.attribute("udevIDPath"), byID: i.children("byID").map(\.text), byPath: i.children("byPath").map(\.text),
            busInfo: try i.required("busInfo"), driver: try i.required("driver"), physicalPath: i.attribute("physicalPath"))
        var nodes: [DeviceNode] = []
        for n in e.listItems("nodes", "node") {
            nodes.append(
                DeviceNode(
                    role: NodeRole(rawValue: try n.required("role")), path: try n.required("path"),
                    deviceCaps: try n.attribute("deviceCaps").map { s throws(Failure) in try n.flags(s, CapabilityFlags.self) }))
        }
        var captures: [CaptureNodeCapabilities] = []
        for c in e.listItems("captures", "capture") { captures.append(try capture(c)) }
        var audio: [AudioCaptureCard] = []
        for c in e.listItems("audio", "card") { audio.append(try audioCard(c)) }
        let sensor = try e.optionalChild("sensor").map { s throws(Failure) in try self.sensor(s) }
        return Device(
            id: DeviceID(try e.required("id")), name: try e.required("name"), modelID: e.attribute("modelID"),
            transport: transport, identity: identity, nodes: nodes, captures: captures, audio: audio, sensor: sensor,
            problems: try problems(e), provenance: try provenance(e), usb: try deviceUSB(e))
    }

    private static func capture(_ e: XMLNode) throws(Failure) -> CaptureNodeCapabilities {
        let q = try e.child("identity")
        let identity = NodeIdentity(
            driver: try q.required("driver"), card: try q.required("card"), busInfo: try q.required("busInfo"),
            version: try q.required("version"),
            capabilities: try q.flags(try q.required("capabilities"), CapabilityFlags.self),
            deviceCaps: try q.flags(try q.required("deviceCaps"), CapabilityFlags.self))
        var inputs: [VideoInput] = []
        for i in e.listItems("inputs", "input") {
            inputs.append(
                VideoInput(
                    index: try i.integer("index"), name: try i.required("name"), type: try i.required("type"),
                    status: try i.integer("status"),
                    capabilities: i.attribute("capabilities").map { $0.split(separator: " ").map(String.init) }))
        }
        var formats: [PixelFormat] = []
        for f in e.listItems("formats", "format") { formats.append(try format(f)) }
        var controls: [Control]? = nil
        if let list = e.optionalChild("controls") {
            var out: [Control] = []
            for c in list.children("control") { out.append(try control(c)) }
            controls = out
        }
        var active: ActiveFormat? = nil
        if let a = e.optionalChild("activeFormat") { active = try activeFormat(a) }
        var streaming: StreamingParameters? = nil
        if let s = e.optionalChild("streamingParameters") {
            streaming = StreamingParameters(
                supportsFrameInterval: try s.bool("supportsFrameInterval"),
                frameInterval: try s.attribute("frameInterval").map { v throws(Failure) in FrameDuration(try s.rational(v)) })
        }
        var capture = CaptureNodeCapabilities(
            path: try e.required("path"), identity: identity, throughLibV4L2: try e.bool("throughLibV4L2"), inputs: inputs,
            currentInput: try e.optionalInteger("currentInput"), formats: formats, controls: controls, activeFormat: active,
            streamingParameters: streaming, problems: try problems(e))
        capture.imported = e.attribute("imported") != nil ? try e.bool("imported") : false
        capture.controlsIncomplete = e.attribute("controlsIncomplete")
        return capture
    }

    private static func format(_ e: XMLNode) throws(Failure) -> PixelFormat {
        var sizes: [FrameSize] = []
        for s in e.elements {
            switch s.name {
            case "discreteSize":
                sizes.append(.discrete(try s.dimensions(), intervals: try intervals(s)))
            case "stepwiseSize":
                sizes.append(
                    .stepwise(
                        min: try s.child("min").dimensions(), max: try s.child("max").dimensions(),
                        step: try s.child("step").dimensions(),
                        intervalsAtMin: try intervals(try s.child("intervalsAtMin")),
                        intervalsAtMax: try intervals(try s.child("intervalsAtMax"))))
            case "continuousSize":
                sizes.append(
                    .continuous(
                        min: try s.child("min").dimensions(), max: try s.child("max").dimensions(),
                        intervalsAtMin: try intervals(try s.child("intervalsAtMin")),
                        intervalsAtMax: try intervals(try s.child("intervalsAtMax"))))
            default: throw s.failure("unexpected <\(s.name)> in <format>")
            }
        }
        return PixelFormat(
            index: try e.integer("index"), fourcc: try e.fourcc("fourcc"), description: try e.required("description"),
            bufferType: try e.bufferType(), flags: try e.flags(try e.required("flags"), FormatFlags.self), sizes: sizes)
    }

    /// The one intervals element inside `e`.
    private static func intervals(_ e: XMLNode) throws(Failure) -> FrameIntervals {
        guard let i = e.elements.first(where: { $0.name.hasSuffix("Intervals") }) else { throw e.failure("<\(e.name)> has no intervals") }
        func duration(_ name: String) throws(Failure) -> FrameDuration { FrameDuration(try i.rational(try i.required(name))) }
        switch i.name {
        case "discreteIntervals":
            var list: [FrameDuration] = []
            for d in i.children("interval") { list.append(FrameDuration(try d.rational(d.text))) }
            return .discrete(list)
        case "stepwiseIntervals": return .stepwise(min: try duration("min"), max: try duration("max"), step: try duration("step"))
        case "continuousIntervals": return .continuous(min: try duration("min"), max: try duration("max"))
        case "unknownIntervals": return .unknown(reason: i.attribute("reason") ?? "")
        default: throw i.failure("unexpected <\(i.name)>")
        }
    }

    static func control(_ e: XMLNode) throws(Failure) -> Control {
        let value = try XMLControlValues.read(in: e)
        var menu: [MenuItem] = []
        for m in e.children("menuItem") {
            menu.append(MenuItem(index: try m.integer("index"), name: m.attribute("name"), value: try m.optionalInteger("value")))
        }
        var dimensions: [UInt32] = []
        for d in (e.attribute("dimensions") ?? "").split(whereSeparator: \.isWhitespace) {
            guard let n = UInt32(d) else { throw e.failure("dimensions: \"\(d)\" is not an unsigned 32-bit integer") }
            dimensions.append(n)
        }
        var c = Control(
            id: try e.integer("id"), name: try e.required("name"), type: try e.required("type"),
            typeCode: try e.integer("typeCode"), minimum: try e.integer("minimum"), maximum: try e.integer("maximum"),
            step: try e.integer("step"), defaultValue: try e.integer("defaultValue"), value: value,
            flags: try e.flags(try e.required("flags"), ControlFlags.self), elementSize: try e.integer("elementSize"),
            elements: try e.integer("elements"), dimensions: dimensions, menu: menu)
        c.key = try e.required("key")
        c.controlClass = try e.required("controlClass")
        c.minimumValue = try XMLControlValues.read(wrappedIn: "minimumValue", in: e)
        c.maximumValue = try XMLControlValues.read(wrappedIn: "maximumValue", in: e)
        return c
    }

    private static func activeFormat(_ e: XMLNode) throws(Failure) -> ActiveFormat {
        var planes: [ActiveFormat.Plane] = []
        for p in e.children("plane") {
            planes.append(.init(bytesPerLine: try p.integer("bytesPerLine"), sizeImage: try p.integer("sizeImage")))
        }
        return ActiveFormat(
            bufferType: try e.bufferType(), fourcc: try e.fourcc("fourcc"), width: try e.integer("width"),
            height: try e.integer("height"), field: try e.required("field"), bytesPerLine: try e.integer("bytesPerLine"),
            sizeImage: try e.integer("sizeImage"), colorspace: try e.required("colorspace"),
            quantization: try e.required("quantization"), planes: planes)
    }

    private static func audioCard(_ e: XMLNode) throws(Failure) -> AudioCaptureCard {
        var pcms: [AudioCapturePCM] = []
        for p in e.children("pcm") {
            var rates: [UInt32] = []
            for r in (p.attribute("rates") ?? "").split(whereSeparator: \.isWhitespace) {
                guard let n = UInt32(r) else { throw p.failure("rates: \"\(r)\" is not an unsigned 32-bit integer") }
                rates.append(n)
            }
            pcms.append(
                AudioCapturePCM(
                    device: try p.integer("device"), alsaName: try p.required("alsaName"), name: try p.required("name"),
                    subdevices: try p.integer("subdevices"), formats: p.children("sampleFormat").map(\.text),
                    minChannels: try p.optionalInteger("minChannels"), maxChannels: try p.optionalInteger("maxChannels"),
                    minRate: try p.optionalInteger("minRate"), maxRate: try p.optionalInteger("maxRate"), rates: rates,
                    problems: try problems(p)))
        }
        return AudioCaptureCard(
            card: try e.integer("card"), cardID: try e.required("cardID"), name: try e.required("name"),
            longName: try e.required("longName"), driver: try e.required("driver"),
            controlPath: try e.required("controlPath"), pcms: pcms, problems: try problems(e))
    }

    static func problems(_ parent: XMLNode) throws(Failure) -> [Problem] {
        var out: [Problem] = []
        for p in parent.listItems("problems", "problem") {
            out.append(
                Problem(
                    kind: ProblemKind(rawValue: try p.required("kind")), call: p.attribute("call"), errno: try p.optionalInteger("errno"),
                    errnoName: p.attribute("errnoName"), message: p.text))
        }
        return out
    }
}
