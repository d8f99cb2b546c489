import FoundationEssentials
import Testing

@testable import CaptureModel

@Suite("Capture node capabilities: JSON and the derived semantics section")
struct NodeCapabilitiesCodableTests {
    static let identity = NodeIdentity(
        driver: "uvcvideo", card: "HD Pro Webcam C920", busInfo: "usb-0000:00:14.0-1", version: "6.1.0",
        capabilities: [.videoCapture, .streaming, .deviceCaps], deviceCaps: [.videoCapture, .streaming])
    static let focusAuto = Ctl.bool(ControlID.focusAuto, "Focus, Automatic Continuous", value: 1)

    static func caps(controls: [Control]?) -> CaptureNodeCapabilities {
        CaptureNodeCapabilities(
            path: "/dev/video0", identity: identity, throughLibV4L2: true,
            inputs: [VideoInput(index: 0, name: "Camera 1", type: "camera", status: 0, capabilities: [])], currentInput: 0,
            formats: [
                PixelFormat(
                    index: 0, fourcc: "MJPG", description: "Motion-JPEG", bufferType: .videoCapture, flags: .compressed,
                    sizes: [.discrete(Dimensions(width: 1920, height: 1080), intervals: .discrete([FrameDuration(1, 30)]))])
            ],
            controls: controls,
            activeFormat: ActiveFormat(
                bufferType: .videoCapture, fourcc: "MJPG", width: 1920, height: 1080, field: "none", bytesPerLine: 0,
                sizeImage: 4_147_789, colorspace: "srgb", quantization: "default"),
            streamingParameters: StreamingParameters(supportsFrameInterval: true, frameInterval: FrameDuration(1, 30)),
            problems: [Problem(kind: .duplicate, call: "VIDIOC_ENUM_FRAMEINTERVALS", message: "listed twice")])
    }

    /// Only the part of the `semantics` section a test looks at.
    struct SemanticsSection: Decodable {
        struct Focus: Decodable { var current: String? }
        struct Section: Decodable { var focus: Focus }
        var semantics: Section?
    }

    @Test func noControlsNoSemantics() throws {
        let c = Self.caps(controls: nil)
        #expect(c.semantics == nil)
        let data = try JSONEncoder().encode(c)
        let keys = try JSONKeys.of(data)
        #expect(!keys.contains("semantics") && !keys.contains("controls"))
        #expect(!keys.contains("imported") && !keys.contains("controlsIncomplete"))
        #expect(try JSONDecoder().decode(CaptureNodeCapabilities.self, from: data) == c)
    }

    @Test func emptyControlListStillHasSemantics() throws {
        let c = Self.caps(controls: [])
        let keys = try JSONKeys.of(JSONEncoder().encode(c))
        #expect(keys.contains("semantics") && keys.contains("controls"))
        #expect(c.semantics?.focus.current == nil)
    }

    @Test func semanticsAreWrittenFromTheControls() throws {
        let c = Self.caps(controls: [Self.focusAuto])
        let data = try JSONEncoder().encode(c)
        #expect(
            try JSONKeys.of(data) == [
                "path", "identity", "throughLibV4L2", "inputs", "currentInput", "formats", "controls", "activeFormat",
                "streamingParameters",
                "problems", "semantics",
            ])
        #expect(try JSONDecoder().decode(SemanticsSection.self, from: data).semantics?.focus.current == "continuousAutoFocus")
        let back = try JSONDecoder().decode(CaptureNodeCapabilities.self, from: data)
        #expect(back == c)
        #expect(back.semantics == c.semantics)
    }

    @Test func semanticsInADocumentAreIgnoredAndRecomputed() throws {
        let json = #"""
            {"path":"/dev/video0","identity":{"driver":"d","card":"c","busInfo":"b","version":"1","capabilities":[],"deviceCaps":["video-capture"]},
             "throughLibV4L2":false,"inputs":[],"formats":[],"problems":[],
             "controls":[],"semantics":{"focus":"whatever","bogus":true}}
            """#
        let c = try JSONDecoder().decode(CaptureNodeCapabilities.self, from: Data(json.utf8))
        #expect(c.semantics == SemanticMapper.map([]))
        #expect(c.currentInput == nil && c.activeFormat == nil && c.streamingParameters == nil)
        #expect(!c.imported && c.controlsIncomplete == nil)
    }

    @Test func requiredFieldsAreRequired() throws {
        let full = try JSONEncoder().encode(Self.caps(controls: nil))
        let text = String(decoding: full, as: UTF8.self)
        // Drop "problems" by renaming its key: a document without it is refused.
        let broken = text.replacing(#""problems":"#, with: #""problemz":"#)
        #expect(broken != text)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(CaptureNodeCapabilities.self, from: Data(broken.utf8)) }
    }

    @Test func importedAndIncompleteSurviveAndShapeTheSemantics() throws {
        var c = Self.caps(controls: [Self.focusAuto])
        c.imported = true
        c.controlsIncomplete = "the lens subdevice was not read"
        let data = try JSONEncoder().encode(c)
        let keys = try JSONKeys.of(data)
        #expect(keys.contains("imported") && keys.contains("controlsIncomplete"))
        let back = try JSONDecoder().decode(CaptureNodeCapabilities.self, from: data)
        #expect(back.imported && back.controlsIncomplete == "the lens subdevice was not read")
        let s = try #require(back.semantics)
        #expect(s.focus.evidence["current"]?.level == .imported)
        // The focus switch is there, so the unread lens does not make focus unknown.
        #expect(s.focus.modes.map(\.evidence) == [.imported, .imported, .imported])

        var lensless = Self.caps(controls: [])
        lensless.controlsIncomplete = "lens not read"
        #expect(lensless.semantics?.focus.modes.allSatisfy { $0.evidence == .unknown } == true)
    }

    @Test func identityKinds() {
        func id(_ caps: CapabilityFlags) -> NodeIdentity {
            NodeIdentity(driver: "", card: "", busInfo: "", version: "", capabilities: caps, deviceCaps: caps)
        }
        #expect(id(.videoCapture).isVideoCapture && !id(.videoCapture).isMetadataCapture)
        #expect(id(.videoCaptureMultiplanar).isVideoCapture)
        #expect(!id([.videoCapture, .videoM2M]).isVideoCapture)
        #expect(!id([.videoCaptureMultiplanar, .videoM2MMultiplanar]).isVideoCapture)
        #expect(id(.metaCapture).isMetadataCapture && !id(.metaCapture).isVideoCapture)
        #expect(!id([.metaCapture, .videoCapture]).isMetadataCapture)
        #expect(!id(.videoOutput).isVideoCapture && !id(.videoOutput).isMetadataCapture)
    }

    @Test func inputCapabilitiesAndSignal() {
        #expect(VideoInput.capabilityNames(0x2 | 0x4 | 0x8 | 0x1 | 0x100) == ["0x1", "dv-timings", "std", "native-size", "0x100"])
        #expect(VideoInput.capabilityNames(0).isEmpty)
        #expect(VideoInput.capabilityNames(0x8000_0000) == ["0x80000000"])
        for (status, signal) in [(UInt32(0), true), (0x1, false), (0x2, false), (0x100, false), (0x10000, false), (0x4, true)] {
            #expect(VideoInput(index: 0, name: "HDMI", type: "camera", status: status).hasSignal == signal, "status \(status)")
        }
    }
}
