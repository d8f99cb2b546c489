import FoundationEssentials
import Testing

@testable import CaptureModel

@Suite("Media-bus codes and subdevice modes")
struct SubdevModesTests {
    static let srggb10 = MediaBusCode(rawValue: 0x300f)

    @Test func codesByNumberAndName() {
        #expect(Self.srggb10.name == "SRGGB10_1X10" && Self.srggb10.description == "SRGGB10_1X10")
        #expect(MediaBusCode(name: "YUYV8_2X8")?.rawValue == 0x2008)
        #expect(MediaBusCode(name: "MEDIA_BUS_FMT_YUYV8_2X8") == nil)
        #expect(MediaBusCode(name: "yuyv8_2x8") == nil)
        let unknown = MediaBusCode(rawValue: 0xdead)
        #expect(unknown.name == nil && unknown.description == "0xdead")
    }

    @Test func namesAreUniqueSoLookupInverts() {
        let names = MediaBusCodeNames.table.values
        #expect(Set(names).count == MediaBusCodeNames.table.count)
        for (raw, name) in MediaBusCodeNames.table {
            #expect(MediaBusCode(name: name)?.rawValue == raw, "\(name)")
        }
    }

    @Test func codableAsNameOrNumber() throws {
        #expect(
            try JSONDecoder().decode([String].self, from: JSONEncoder().encode([Self.srggb10, MediaBusCode(rawValue: 0x9999)])) == [
                "SRGGB10_1X10", "0x9999",
            ])
        let mixed = #"[12303, "SRGGB10_1X10", "0x300f", "0x9999"]"#
        let codes = try JSONDecoder().decode([MediaBusCode].self, from: Data(mixed.utf8))
        #expect(codes.map(\.rawValue) == [0x300f, 0x300f, 0x300f, 0x9999])
        for bad in [#"["nonsense"]"#, #"["0x"]"#, #"["0xg1"]"#, "[-1]", "[true]"] {
            #expect(throws: DecodingError.self, "\(bad)") { try JSONDecoder().decode([MediaBusCode].self, from: Data(bad.utf8)) }
        }
    }

    @Test func receiverPixelFormatsForCodes() {
        #expect(MediaBusPixelFormats.fourccs(for: Self.srggb10) == ["RG10", "pRAA"])
        #expect(MediaBusPixelFormats.fourccs(for: MediaBusCode(rawValue: 0x200a)) == ["Y10 ", "Y10P"])
        #expect(MediaBusPixelFormats.fourccs(for: MediaBusCode(rawValue: 0x3001)) == ["BA81"])
        // Known to the name table but not a format a receiver writes; and a code nobody knows.
        #expect(MediaBusPixelFormats.fourccs(for: MediaBusCode(rawValue: 0x0001)).isEmpty)
        #expect(MediaBusPixelFormats.fourccs(for: MediaBusCode(rawValue: 0xdead)).isEmpty)
    }

    /// Every code the pixel-format table knows has a name: `MEDIA_BUS_FMT_Y16_1X16` (0x202e, Linux 6.2) had a
    /// pixel-format entry but no name in the 6.1 name table, so a sensor sending it got no pixel format.
    @Test func everyTableCodeHasAKernelName() {
        let known = Set(MediaBusCodeNames.table.values)
        let missing = MediaBusPixelFormats.table.keys.filter { !known.contains($0) }.sorted()
        #expect(missing == [])
        #expect(MediaBusPixelFormats.fourccs(for: MediaBusCode(rawValue: 0x202e)) == ["Y16 "])
    }

    @Test func padFormatAndFrameSizes() {
        let f = SubdevPadFormat(code: Self.srggb10, width: 1536, height: 864, field: 1, colorspace: 8)
        #expect(f.description == "SRGGB10_1X10/1536x864")
        #expect(
            SubdevPadFormat(code: MediaBusCode(rawValue: 0x9999), width: 1, height: 2, field: 1, colorspace: 0).description == "0x9999/1x2")
        let fixed = SubdevFrameSize(min: Dimensions(width: 640, height: 480), max: Dimensions(width: 640, height: 480))
        #expect(fixed.isFixed && fixed.intervals.isEmpty)
        #expect(!SubdevFrameSize(min: Dimensions(width: 1, height: 1), max: Dimensions(width: 640, height: 480)).isFixed)
        #expect(PadRef(entity: "Sensor A", pad: 0).description == #""Sensor A":0"#)
    }

    @Test func padModesRoundTrip() throws {
        let modes = SubdevPadModes(
            pad: 0,
            codes: [
                SubdevCodeModes(
                    code: Self.srggb10,
                    sizes: [
                        SubdevFrameSize(
                            min: Dimensions(width: 4608, height: 2592), max: Dimensions(width: 4608, height: 2592),
                            intervals: [Rational(1, 14)])
                    ])
            ],
            active: SubdevPadFormat(code: Self.srggb10, width: 4608, height: 2592, field: 1, colorspace: 8),
            cropBounds: PixelRect(left: 16, top: 24, width: 4608, height: 2592), nativeSize: nil,
            crop: PixelRect(left: -1, top: 0, width: 1, height: 1))
        #expect(try roundTrip(modes) == modes)
        let bare = SubdevPadModes(pad: 1, codes: [])
        #expect(bare.active == nil && bare.cropBounds == nil && bare.nativeSize == nil && bare.crop == nil)
    }

    @Test func linkMismatchRoundTrips() throws {
        let m = LinkMismatch(
            source: PadRef(entity: "Debayer A", pad: 1), sink: PadRef(entity: "Scaler", pad: 0),
            sourceFormat: SubdevPadFormat(code: MediaBusCode(rawValue: 0x100a), width: 640, height: 480, field: 1, colorspace: 8),
            sinkFormat: SubdevPadFormat(code: MediaBusCode(rawValue: 0x3014), width: 1280, height: 720, field: 1, colorspace: 8),
            differences: ["code", "size"], fixes: [])
        #expect(m.sinkCapture == nil)
        #expect(try roundTrip(m) == m)
    }
}

@Suite("Sensor camera helpers")
struct SensorCameraTests {
    static let code = MediaBusCode(rawValue: 0x300f)

    static func camera(graphPath: String, mediaDevice: String, pads: [SubdevPadEntry] = []) -> SensorCamera {
        var graph = SmallGraph.make()
        graph.path = graphPath
        let route = graph.dataPaths(from: 1)[0]
        return SensorCamera(
            mediaDevice: mediaDevice, controller: graph.controller, entity: "Sensor A", subdevPath: "/dev/v4l-subdev0",
            source: SubdevPadModes(pad: 0, codes: []), timing: nil, rateEvidence: "", controls: nil, lenses: [],
            outputs: [
                SensorOutput(
                    capturePath: "/dev/video1", captureEntity: "RGB/YUV Capture", route: route,
                    formats: [
                        SensorOutputFormat(
                            sensorCode: code, padCodes: [code, code, MediaBusCode(rawValue: 0x100a)], fourcc: "RGB3", evidence: "table"),
                        SensorOutputFormat(sensorCode: code, padCodes: [], fourcc: "RG10", evidence: "table"),
                    ])
            ], graph: graph, pads: pads)
    }

    @Test func mediaDeviceNameFallsBack() {
        #expect(Self.camera(graphPath: "/dev/media3", mediaDevice: "/dev/media0").mediaDeviceName == "/dev/media3")
        #expect(Self.camera(graphPath: "", mediaDevice: "/dev/media0").mediaDeviceName == "/dev/media0")
        #expect(Self.camera(graphPath: "", mediaDevice: "").mediaDeviceName == "platform:vimc")
    }

    @Test func outputsAndFormats() throws {
        let cam = Self.camera(graphPath: "/dev/media0", mediaDevice: "")
        let out = try #require(cam.output(at: "/dev/video1"))
        #expect(cam.output(at: "/dev/video0") == nil)
        #expect(out.format(for: "RGB3")?.captureCode.rawValue == 0x100a)
        // No pad codes: the sensor's code is what reaches the node.
        #expect(out.format(for: "RG10")?.captureCode == Self.code)
        #expect(out.format(for: "YUYV") == nil)
        #expect(out.route.entityNames == ["Sensor A", "Debayer A", "RGB/YUV Capture"])
    }

    @Test func padModesKeepTheFirstEntryOfAPad() {
        let a = PadRef(entity: "Sensor A", pad: 0)
        let cam = Self.camera(
            graphPath: "/dev/media0", mediaDevice: "",
            pads: [
                SubdevPadEntry(pad: a, modes: SubdevPadModes(pad: 0, codes: [SubdevCodeModes(code: Self.code, sizes: [])])),
                SubdevPadEntry(pad: a, modes: SubdevPadModes(pad: 0, codes: [])),
                SubdevPadEntry(pad: PadRef(entity: "Debayer A", pad: 1), modes: SubdevPadModes(pad: 1, codes: [])),
            ])
        #expect(cam.padModes.count == 2)
        #expect(cam.padModes[a]?.codes.map(\.code) == [Self.code])
    }

    @Test func cameraRoundTrips() throws {
        let cam = Self.camera(graphPath: "/dev/media0", mediaDevice: "/dev/media0")
        #expect(try roundTrip(cam) == cam)
    }
}
