import CaptureModel
import DeviceFixtures
import Foundation
import SensorPipelines
import Testing

@testable import ProfileFormat

/// A vimc-like media-controller system built by hand: Sensor A → Debayer A →
/// Scaler → RGB/YUV Capture, Sensor A → Raw Capture 0, a disabled link
/// Sensor A → Raw Capture 1 (whose node is unresolved), Lens A joined by an
/// ancillary link, pad modes on every subdevice and timing controls.
enum SensorSamples {
    static let controller = MediaControllerInfo(
        driver: "vimc", model: "VIMC MDEV", serial: "", busInfo: "platform:vimc", mediaVersion: 0x06_0100, hardwareRevision: 0,
        driverVersion: 0x06_0100)

    static let enabled: UInt32 = 1
    static let immutable: UInt32 = 2
    static let interfaceLink: UInt32 = 1 << 28
    static let ancillaryLink: UInt32 = 2 << 28

    static var graph: MediaGraph {
        let entities = [
            MediaEntity(id: 1, name: "Sensor A", function: .camSensor, flags: .default),
            MediaEntity(id: 3, name: "Debayer A", function: .procVideoPixelEncConv),
            MediaEntity(id: 6, name: "Scaler", function: .procVideoScaler),
            MediaEntity(id: 9, name: "RGB/YUV Capture", function: .ioV4L),
            MediaEntity(id: 11, name: "Raw Capture 0", function: .ioV4L),
            MediaEntity(id: 13, name: "Lens A", function: .lens, flags: MediaEntityFlags(rawValue: 0x100)),
            MediaEntity(id: 15, name: "Raw Capture 1", function: MediaEntityFunction(rawValue: 0x0001_0001)),
            MediaEntity(id: 17, name: "Mystery", function: MediaEntityFunction(rawValue: 0x0009_9999)),
        ]
        let sink = MediaPadFlags.sink
        let source = MediaPadFlags.source
        var odd = MediaPad(id: 18, entityID: 17, index: 0, flags: [])
        odd.direction = .unknown
        let pads = [
            MediaPad(id: 2, entityID: 1, index: 0, flags: source),
            MediaPad(id: 4, entityID: 3, index: 0, flags: [.sink, .mustConnect]),
            MediaPad(id: 5, entityID: 3, index: 1, flags: source),
            MediaPad(id: 7, entityID: 6, index: 0, flags: sink),
            MediaPad(id: 8, entityID: 6, index: 1, flags: source),
            MediaPad(id: 10, entityID: 9, index: 0, flags: sink),
            MediaPad(id: 12, entityID: 11, index: 0, flags: sink),
            MediaPad(id: 16, entityID: 15, index: 0, flags: sink),
            odd,
        ]
        let interfaces = [
            MediaInterface(id: 30, type: .v4lVideo, flags: 0, devnode: MediaDevnode(major: 81, minor: 0), path: "/dev/video0"),
            MediaInterface(id: 31, type: .v4lVideo, flags: 0, devnode: MediaDevnode(major: 81, minor: 2), path: "/dev/video2"),
            MediaInterface(id: 32, type: .v4lVideo, flags: 0, devnode: MediaDevnode(major: 81, minor: 1), path: nil),
            MediaInterface(id: 33, type: .v4lSubdev, flags: 0, devnode: MediaDevnode(major: 81, minor: 3), path: "/dev/v4l-subdev0"),
            MediaInterface(id: 34, type: .v4lSubdev, flags: 0, devnode: MediaDevnode(major: 81, minor: 4), path: "/dev/v4l-subdev1"),
            MediaInterface(id: 35, type: .v4lSubdev, flags: 0, devnode: MediaDevnode(major: 81, minor: 5), path: "/dev/v4l-subdev2"),
            MediaInterface(id: 36, type: .v4lSubdev, flags: 7, devnode: MediaDevnode(major: 81, minor: 6), path: "/dev/v4l-subdev3"),
            MediaInterface(
                id: 37, type: MediaInterfaceType(rawValue: 0x777), flags: 0, devnode: MediaDevnode(major: 0, minor: 0), path: nil),
        ]
        var links = [
            MediaLink(id: 20, source: 2, sink: 4, rawFlags: enabled | immutable),
            MediaLink(id: 21, source: 5, sink: 7, rawFlags: enabled),
            MediaLink(id: 22, source: 8, sink: 10, rawFlags: enabled | immutable),
            MediaLink(id: 23, source: 2, sink: 12, rawFlags: enabled),
            MediaLink(id: 24, source: 2, sink: 16, rawFlags: 0),
            MediaLink(id: 25, source: 1, sink: 13, rawFlags: ancillaryLink | enabled | immutable),
        ]
        for (i, (intf, entity)) in [(30, 11), (31, 9), (32, 15), (33, 1), (34, 3), (35, 6), (36, 13)].enumerated() {
            links.append(
                MediaLink(id: UInt32(40 + i), source: UInt32(intf), sink: UInt32(entity), rawFlags: interfaceLink | enabled | immutable))
        }
        links.append(MediaLink(id: 50, source: 17, sink: 17, rawFlags: (5 << 28) | 0x10))
        return MediaGraph(
            controller: controller, path: "/dev/media0", topologyVersion: 1 << 40, entities: entities, interfaces: interfaces,
            pads: pads, links: links,
            problems: [Problem(kind: .partial, call: "MEDIA_IOC_G_TOPOLOGY", errno: 5, errnoName: "EIO", message: "a <tricky> & \"one\"")])
    }

    static let rggb = MediaBusCode(name: "SRGGB8_1X8")!
    static let grbg = MediaBusCode(name: "SGRBG8_1X8")!
    static let rgb = MediaBusCode(name: "RGB888_1X24")!
    static let unnamed = MediaBusCode(rawValue: 0x9999)

    static var pads: [PadRef: SubdevPadModes] {
        let range = SubdevFrameSize(min: Dimensions(width: 16, height: 16), max: Dimensions(width: 4096, height: 2160))
        let fixed = SubdevFrameSize(
            min: Dimensions(width: 640, height: 480), max: Dimensions(width: 640, height: 480),
            intervals: [Rational(1, 30), Rational(1001, 30000)])
        let sensor = SubdevPadModes(
            pad: 0,
            codes: [
                SubdevCodeModes(code: rggb, sizes: [range, fixed]), SubdevCodeModes(code: grbg, sizes: [range]),
                SubdevCodeModes(code: unnamed, sizes: []),
            ],
            active: SubdevPadFormat(code: rggb, width: 640, height: 480, field: 1, colorspace: 8),
            cropBounds: PixelRect(left: 0, top: 0, width: 4096, height: 2160),
            nativeSize: PixelRect(left: 0, top: 0, width: 4096, height: 2160), crop: PixelRect(left: -8, top: 4, width: 640, height: 480))
        return [
            PadRef(entity: "Sensor A", pad: 0): sensor,
            PadRef(entity: "Debayer A", pad: 0): SubdevPadModes(
                pad: 0, codes: [SubdevCodeModes(code: rggb, sizes: [range]), SubdevCodeModes(code: grbg, sizes: [range])]),
            PadRef(entity: "Debayer A", pad: 1): SubdevPadModes(
                pad: 1, codes: [SubdevCodeModes(code: rgb, sizes: [range])],
                active: SubdevPadFormat(code: rgb, width: 640, height: 480, field: 1, colorspace: 8)),
            PadRef(entity: "Scaler", pad: 0): SubdevPadModes(pad: 0, codes: [SubdevCodeModes(code: rgb, sizes: [range])]),
            PadRef(entity: "Scaler", pad: 1): SubdevPadModes(pad: 1, codes: [SubdevCodeModes(code: rgb, sizes: [range])]),
        ]
    }

    static func integerControl(_ id: UInt32, _ name: String, _ min: Int64, _ max: Int64, _ value: Int64, flags: ControlFlags = [])
        -> Control
    {
        Control(
            id: id, name: name, type: "int64", typeCode: 5, minimum: min, maximum: max, step: 1, defaultValue: min, value: .integer(value),
            flags: flags)
    }

    static var sensorControls: [Control] {
        [
            integerControl(SensorTiming.pixelRateID, "Pixel Rate", 1, 1 << 40, 160_000_000, flags: [.readOnly]),
            integerControl(SensorTiming.hblankID, "Horizontal Blanking", 0, 65535, 160),
            integerControl(SensorTiming.vblankID, "Vertical Blanking", 4, 65535, 45),
            Control(
                id: 0x009f_0903, name: "Test Pattern", type: "menu", typeCode: 3, minimum: 0, maximum: 1, step: 1, defaultValue: 0,
                value: .integer(0), flags: [], menu: [MenuItem(index: 0, name: "Disabled"), MenuItem(index: 1, name: "Colour Bars")]),
        ]
    }

    static func nodeFacts(_ card: String) -> CaptureNodeFacts {
        CaptureNodeFacts(
            identity: NodeIdentity(
                driver: "vimc", card: card, busInfo: "platform:vimc", version: "6.1.0",
                capabilities: CapabilityFlags(rawValue: 0xa420_0001), deviceCaps: CapabilityFlags(rawValue: 0x2420_0001)),
            formats: [
                PixelFormat(
                    index: 0, fourcc: "RGB3", description: "24-bit RGB 8-8-8", bufferType: .videoCapture, flags: [],
                    sizes: [
                        .continuous(
                            min: Dimensions(width: 16, height: 16), max: Dimensions(width: 4096, height: 2160),
                            intervalsAtMin: .unknown(reason: "none"), intervalsAtMax: .unknown(reason: "none"))
                    ]),
                PixelFormat(
                    index: 1, fourcc: "RGGB", description: "8-bit Bayer RGRG/GBGB", bufferType: .videoCapture, flags: [], sizes: []),
            ],
            fourccsByCode: [rggb: ["RGGB"], grbg: ["GRBG"]])
    }

    static var facts: MediaSystemFacts {
        MediaSystemFacts(
            graph: graph, pads: pads,
            controls: [
                "Sensor A": sensorControls,
                "Lens A": [integerControl(0x009a_090a, "Focus, Absolute", 0, 1023, 512)],
            ],
            captureNodes: ["/dev/video0": nodeFacts("Raw Capture 0"), "/dev/video2": nodeFacts("RGB/YUV Capture")],
            libcameraIDs: ["Sensor A": "platform/vimc.0 Sensor A"])
    }

    static var base: Device {
        let caps = CapabilityFlags(rawValue: 0x2420_0001)
        return Device(
            id: DeviceID("platform-vimc"), name: "VIMC MDEV", modelID: nil, transport: Transport(kind: .platform),
            identity: DeviceIdentity(busInfo: "platform:vimc", driver: "vimc"),
            nodes: [
                DeviceNode(role: .capture, path: "/dev/video0", deviceCaps: caps),
                DeviceNode(role: .capture, path: "/dev/video2", deviceCaps: caps), DeviceNode(role: .media, path: "/dev/media0"),
            ],
            captures: [])
    }

    /// The camera `SensorCameraBuilder` makes of Sensor A.
    static func device() throws -> Device {
        let built = SensorCameraBuilder.devices(facts, base: base).devices
        return try #require(built.first { $0.sensor?.entity == "Sensor A" })
    }
}

@Suite("Profiles: media-controller cameras (Device.sensor)")
struct SensorProfileTests {
    /// The sample exercises every part of the sensor model.
    @Test func theSampleHasEveryPart() throws {
        let s = try #require(try SensorSamples.device().sensor)
        #expect(s.timing != nil)
        #expect(s.controls?.isEmpty == false)
        #expect(s.lenses.first?.controls?.isEmpty == false)
        #expect(s.outputs.count == 2)
        #expect(s.outputs.contains { $0.formats.contains { $0.padCodes.count > 1 } })
        #expect(!s.disabledRoutes.isEmpty)
        #expect(s.disabledRoutes.contains { $0.capturePath == nil && !$0.enable.isEmpty })
        #expect(s.libcameraID != nil)
        #expect(s.pads.count == 5)
        #expect(!s.graph.problems.isEmpty)
    }

    /// What `JSONEncoder` writes meets the JSON Schema, and reads back equal.
    @Test func jsonValidatesAndRoundTrips() throws {
        let device = try SensorSamples.device()
        let json = JSONProfile.write(DeviceDocument(generator: "camprobe tests", device: device))
        let issues = JSONProfile.validate(Array(json.utf8))
        #expect(issues.isEmpty, "\(issues.prefix(5))")
        let back = try JSONProfile.read(Array(json.utf8))
        #expect(back.device == device)
        #expect(back.device.sensor == device.sensor)
        // The shapes the schema describes: bus codes by name or 0x…, functions and types as numbers, flags by name.
        #expect(json.contains(#""sensorCode" : "SRGGB8_1X8""#))
        #expect(json.contains(#""code" : "0x9999""#))
        #expect(json.contains(#""function" : 131073"#))
        #expect(json.contains(#""kind" : 2"#))
        #expect(json.contains(#""flags" : ["#))
    }

    /// JSON → Device → XML (valid against the XSD) → Device gives the same Device,
    /// and writing that as JSON again gives the same bytes.
    @Test func xmlValidatesAndRoundTrips() throws {
        let device = try SensorSamples.device()
        let doc = DeviceDocument(generator: "camprobe tests", device: device)
        let json = JSONProfile.write(doc)
        let fromJSON = try JSONProfile.read(Array(json.utf8))
        let xml = try XMLProfile.write(fromJSON)
        let issues = XMLProfile.validate(Array(xml.utf8))
        #expect(issues.isEmpty, "\(issues.prefix(5))")
        let fromXML = try XMLProfile.read(Array(xml.utf8))
        #expect(fromXML.device == device)
        #expect(fromXML.device.sensor == device.sensor)
        #expect(JSONProfile.write(fromXML) == json)
        #expect(xml.contains(#"<entity id="1" name="Sensor A" function="CAM_SENSOR" flags="default"/>"#))
        #expect(xml.contains(#"function="0x99999""#))
        #expect(xml.contains(#"kind="type-5""#))
        #expect(xml.contains(#"<codeModes code="0x9999"/>"#))
    }

    /// Every optional part absent (no timing, controls not read, no lens, no
    /// outputs) and empty-but-read controls both survive both forms.
    @Test func optionalPartsRoundTrip() throws {
        var device = try SensorSamples.device()
        var s = try #require(device.sensor)
        s.timing = nil
        s.controls = nil
        s.subdevPath = nil
        s.libcameraID = nil
        s.lenses = [
            SensorLens(entity: "Lens A", subdevPath: nil, controls: nil), SensorLens(entity: "Lens B", subdevPath: nil, controls: []),
        ]
        s.outputs = []
        s.disabledRoutes[0].enable = []
        s.source = SubdevPadModes(pad: 0, codes: [])
        s.pads = []
        s.graph.problems = []
        device.sensor = s
        for variant in [
            device,
            {
                var d = device
                d.sensor?.controls = []
                d.sensor?.lenses = []
                return d
            }(),
        ] {
            let doc = DeviceDocument(generator: "camprobe tests", device: variant)
            let json = JSONProfile.write(doc)
            #expect(JSONProfile.validate(Array(json.utf8)).isEmpty)
            #expect(try JSONProfile.read(Array(json.utf8)).device == variant)
            let xml = try XMLProfile.write(doc)
            #expect(XMLProfile.validate(Array(xml.utf8)).isEmpty)
            #expect(try XMLProfile.read(Array(xml.utf8)).device == variant)
        }
    }

    /// Sensor cameras of the fake media-controller systems (graph and pads read through the device seam, devices from
    /// `SensorCameraBuilder`, as discovery made them: `Tests/NegotiationTests/Devices/NAME.json`, checked against
    /// discovery by CamProbeTests) go through both forms unchanged.
    @Test(arguments: ["vimc-topology", "vimc-topology+subdevs", "pi-topology"])
    func fixtureSensorsRoundTrip(_ name: String) throws {
        let devices = try ProfileTestFiles.discovered(ProfileTestFiles.root + "/Tests/NegotiationTests/Devices/\(name).json")
            .filter { $0.sensor != nil }
        #expect(!devices.isEmpty)
        // Each system has a sensor camera with outputs and a lens: outputs, lenses and the graph are what they exercise.
        #expect(devices.contains { !($0.sensor?.outputs.isEmpty ?? true) && !($0.sensor?.lenses.isEmpty ?? true) })
        for d in devices {
            let doc = DeviceDocument(generator: "camprobe tests", device: d)
            let json = JSONProfile.write(doc)
            let jsonIssues = JSONProfile.validate(Array(json.utf8))
            #expect(jsonIssues.isEmpty, "\(d.name): \(jsonIssues.prefix(5))")
            #expect(try JSONProfile.read(Array(json.utf8)).device == d)
            let xml = try XMLProfile.write(doc)
            let xmlIssues = XMLProfile.validate(Array(xml.utf8))
            #expect(xmlIssues.isEmpty, "\(d.name): \(xmlIssues.prefix(5))")
            #expect(try XMLProfile.read(Array(xml.utf8)).device == d)
        }
    }

    /// A field of the wrong type fails validation with an issue that names it.
    @Test(arguments: [
        (#""topologyVersion" : 1099511627776"#, #""topologyVersion" : "many""#, "topologyVersion"),
        (#""pixelRate" : 160000000"#, #""pixelRate" : 1.5"#, "pixelRate"),
        (#""sensorCode" : "SRGGB8_1X8""#, #""sensorCode" : 12308"#, "sensorCode"),
        (#""direction" : "source""#, #""direction" : "sideways""#, "direction"),
        (#""rateEvidence" : "#, #""rateEvidence" : 7, "ignored" : "#, "rateEvidence"),
    ])
    func jsonWrongTypeIsNamed(_ original: String, _ replacement: String, _ field: String) throws {
        let json = JSONProfile.write(DeviceDocument(generator: "camprobe tests", device: try SensorSamples.device()))
        #expect(json.contains(original))
        let bad = json.replacing(original, with: replacement, maxReplacements: 1)
        let issues = JSONProfile.validate(Array(bad.utf8))
        #expect(!issues.isEmpty)
        #expect(issues.contains { $0.description.contains(field) }, "\(issues.prefix(5))")
        #expect(issues.allSatisfy { $0.path?.contains("device.sensor") == true }, "\(issues.prefix(5))")
    }

    /// Python's `jsonschema` (Draft 2020-12) reaches the same verdicts as
    /// `JSONSchemaValidator` on sensor documents, valid and broken.
    @Test(.enabled(if: JSONSchemaPythonCrossCheckTests.available, "python3 with jsonschema is not installed"))
    func pythonAgreesOnSensorDocuments() throws {
        let json = JSONProfile.write(DeviceDocument(generator: "camprobe tests", device: try SensorSamples.device()))
        var documents = [json]
        for (old, new) in [
            (#""topologyVersion" : 1099511627776"#, #""topologyVersion" : "many""#),
            (#""pixelRate" : 160000000"#, #""pixelRate" : 1.5"#), (#""sensorCode" : "SRGGB8_1X8""#, #""sensorCode" : 12308"#),
            (#""direction" : "source""#, #""direction" : "sideways""#), (#""kind" : 2"#, #""kind" : 16"#),
            (#""function" : 131073"#, #""function" : "CAM_SENSOR""#), (#""flags" : ["#, #""flags" : ["sideways", "#),
            (#""enable" : ["#, #""enable" : 1, "x" : ["#), (#""graph" : {"#, #""graph" : {"extra" : 1, "#),
        ] {
            #expect(json.contains(old), "\(old)")
            documents.append(json.replacing(old, with: new, maxReplacements: 1))
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("camprobe-sensor-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var paths: [String] = []
        for (i, d) in documents.enumerated() {
            let url = dir.appendingPathComponent("\(i).json")
            try Data(d.utf8).write(to: url)
            paths.append(url.path)
        }
        let r = try JSONSchemaPythonCrossCheckTests.run(
            ["-c", JSONSchemaPythonCrossCheckTests.script, ProfileTestFiles.root + "/Profiles/schema/camprobe-profile.schema.json"] + paths)
        #expect(r.status == 0)
        let python = r.stdout.split(separator: "\n").map(String.init)
        let ours = documents.map { JSONProfile.validate(Array($0.utf8)).isEmpty ? "ok" : "invalid" }
        #expect(python == ours)
        #expect(ours == ["ok"] + Array(repeating: "invalid", count: documents.count - 1))
    }

    /// The XSD refuses a wrong type with libxml2 naming the attribute; what it
    /// cannot check (an unknown bus-code name) the reader refuses with the line.
    @Test(arguments: [
        (#"pixelRate="160000000""#, #"pixelRate="fast""#, "pixelRate"),
        (#"topologyVersion="1099511627776""#, #"topologyVersion="-1""#, "topologyVersion"),
        (#"function="CAM_SENSOR""#, #"function="CAMERA""#, "function"),
        (#"direction="source""#, #"direction="sideways""#, "direction"),
        (#"sensorCode="SRGGB8_1X8""#, #"sensorCode="SRGGB99_1X99""#, "SRGGB99_1X99"),
    ])
    func xmlWrongTypeIsNamed(_ original: String, _ replacement: String, _ field: String) throws {
        let xml = try XMLProfile.write(DeviceDocument(generator: "camprobe tests", device: try SensorSamples.device()))
        #expect(xml.contains(original))
        let bad = xml.replacing(original, with: replacement, maxReplacements: 1)
        let issues = XMLProfile.validate(Array(bad.utf8))
        #expect(!issues.isEmpty)
        #expect(issues.contains { $0.description.contains(field) && $0.line != nil }, "\(issues.prefix(5))")
    }

    /// The names the schemas accept are the model's: media flags in both forms,
    /// entity functions and interface types in the XSD.
    @Test func mediaNamesMatchTheModel() {
        let defs = JSONProfile.schemaValidator.schema["$defs"]
        func names(_ def: String) -> [String] {
            guard case .array(let any)? = defs?[def]?["items"]?["anyOf"], case .array(let e)? = any.first?["enum"] else { return [] }
            return e.compactMap { if case .string(let s) = $0 { s } else { nil } }
        }
        let flags: [(String, [String])] = [
            ("mediaEntityFlags", MediaEntityFlags.names.map(\.1)), ("mediaPadFlags", MediaPadFlags.names.map(\.1)),
            ("mediaLinkFlags", MediaLinkFlags.names.map(\.1)),
        ]
        for (def, expected) in flags {
            #expect(names(def) == expected, "\(def)")
            for n in expected { #expect(ProfileSchemas.xsd.contains("<xs:enumeration value=\"\(n)\"/>"), "\(n) missing from the XSD") }
        }
        for n in MediaEntityFunction.known.map(\.1) + MediaInterfaceType.known.map(\.1) {
            #expect(ProfileSchemas.xsd.contains("<xs:enumeration value=\"\(n)\"/>"), "\(n) missing from the XSD")
        }
    }
}
