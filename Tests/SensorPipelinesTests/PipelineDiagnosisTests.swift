import CaptureModel
import SensorPipelines
import Testing
import V4L2
import V4L2Testing

/// vimc at power-on: the sensors' sources carry RGB888_1X24 while the debayers'
/// sinks expect SRGGB8_1X8 (VIMC.md) — STREAMON fails with EPIPE everywhere.
@Suite("Pipeline diagnosis (link validation)")
struct PipelineDiagnosisTests {
    static let rgb = SubdevPadFormat(code: MediaBusCode(name: "RGB888_1X24")!, width: 640, height: 480, field: 1, colorspace: 8)
    static let bayer = SubdevPadFormat(code: MediaBusCode(name: "SRGGB8_1X8")!, width: 640, height: 480, field: 1, colorspace: 8)

    func vimc() throws -> MediaGraph {
        let sys = try Fixtures.system("vimc-topology.json")
        return try sys.openPort("/dev/media0").readMediaGraph(devnodes: sys.mediaDevnodes)
    }

    static let powerOn: [PadRef: SubdevPadFormat] = [
        PadRef(entity: "Sensor A", pad: 0): rgb, PadRef(entity: "Debayer A", pad: 0): bayer,
        PadRef(entity: "Debayer A", pad: 1): rgb, PadRef(entity: "Scaler", pad: 0): rgb,
        PadRef(entity: "Sensor B", pad: 0): rgb, PadRef(entity: "Debayer B", pad: 0): bayer,
        PadRef(entity: "Debayer B", pad: 1): rgb,
    ]

    @Test func powerOnMismatchesAreNamedWithTheFix() throws {
        let g = try vimc()
        let sensorA = SubdevPadModes(
            pad: 0,
            codes: [
                SubdevCodeModes(
                    code: MediaBusCode(name: "SRGGB8_1X8")!,
                    sizes: [SubdevFrameSize(min: Dimensions(width: 16, height: 16), max: Dimensions(width: 4096, height: 2160))])
            ])
        let found = PipelineDiagnosis.mismatches(in: g, formats: Self.powerOn, modes: [PadRef(entity: "Sensor A", pad: 0): sensorA])
        #expect(found.map { "\($0.source) → \($0.sink)" } == ["\"Sensor A\":0 → \"Debayer A\":0", "\"Sensor B\":0 → \"Debayer B\":0"])
        let a = try #require(found.first)
        #expect(a.differences == ["code RGB888_1X24 ≠ SRGGB8_1X8"])
        // Sensor A offers the debayer's code: the fix changes the sensor.
        #expect(a.fixes == [#"media-ctl -d /dev/media0 -V '"Sensor A":0[fmt:SRGGB8_1X8/640x480]'"#])
        // Nothing is known of Sensor B's codes: the fix changes the sink.
        #expect(found[1].fixes == [#"media-ctl -d /dev/media0 -V '"Debayer B":0[fmt:RGB888_1X24/640x480]'"#])
        let p = PipelineDiagnosis.problem(a)
        #expect(p.kind == .pipelineMismatch)
        #expect(p.message.contains("EPIPE") && p.message.contains("media-ctl"))
    }

    @Test func disabledLinksAndUnknownFormatsAreNotJudged() throws {
        let g = try vimc()
        var formats = Self.powerOn
        formats[PadRef(entity: "Debayer A", pad: 0)] = Self.rgb
        formats[PadRef(entity: "Debayer B", pad: 0)] = nil  // unknown is not a mismatch
        formats[PadRef(entity: "Scaler", pad: 0)] = Self.bayer  // Debayer B → Scaler is disabled; Debayer A → Scaler is not
        let found = PipelineDiagnosis.mismatches(in: g, formats: formats)
        #expect(found.map(\.sink.entity) == ["Scaler"])
        #expect(found.first?.source.entity == "Debayer A")
    }

    @Test func sizeAndFieldFollowTheKernelsRule() throws {
        let g = try vimc()
        var interlaced = Self.rgb
        interlaced.field = 4  // V4L2_FIELD_INTERLACED into a progressive sink is allowed
        var bigger = Self.rgb
        bigger.width = 1280
        bigger.height = 720
        let formats: [PadRef: SubdevPadFormat] = [
            PadRef(entity: "Debayer A", pad: 1): interlaced, PadRef(entity: "Scaler", pad: 0): Self.rgb,
            PadRef(entity: "Sensor A", pad: 0): bigger, PadRef(entity: "Debayer A", pad: 0): Self.rgb,
        ]
        let found = PipelineDiagnosis.mismatches(in: g, formats: formats)
        #expect(found.count == 1)
        #expect(found.first?.differences == ["size 1280x720 ≠ 640x480"])
    }

    /// VIMC.md: S_FMT 1280x720 on video0 is accepted, then STREAMON fails with EPIPE
    /// because "Sensor A":0 still sends 640x480 into "Raw Capture 0".
    @Test func aCaptureNodeSetToAnotherSizeIsNamedWithTheV4L2CtlFix() throws {
        let g = try vimc()
        let set = ActiveFormat(
            bufferType: .videoCapture, fourcc: "BA12", width: 1280, height: 720, field: "none", bytesPerLine: 2560, sizeImage: 1_843_200,
            colorspace: "srgb", quantization: "default")
        let found = PipelineDiagnosis.captureMismatches(
            in: g, formats: [PadRef(entity: "Sensor A", pad: 0): Self.rgb], captures: ["Raw Capture 0": ("/dev/video0", set)])
        #expect(found.count == 1)
        let m = try #require(found.first)
        #expect(m.differences == ["size 640x480 ≠ 1280x720"])
        #expect(m.fixes == ["v4l2-ctl -d /dev/video0 --set-fmt-video=width=640,height=480"])
        #expect(PipelineDiagnosis.problem(m).message.contains("is set to BA12 1280x720 on /dev/video0"))
        let same = PipelineDiagnosis.captureMismatches(
            in: g, formats: [PadRef(entity: "Sensor A", pad: 0): Self.rgb],
            captures: [
                "Raw Capture 0": (
                    "/dev/video0",
                    {
                        var f = set
                        f.width = 640
                        f.height = 480
                        return f
                    }()
                )
            ])
        #expect(same.isEmpty)
    }
}
