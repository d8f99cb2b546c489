import CaptureModel
import FoundationEssentials
import Testing

/// The names of the model's string sets are part of the JSON and XML formats:
/// each case is pinned to its spelling here, and every known case must be in
/// a table, so adding or renaming one is a visible decision.
@Suite("String sets: spelling of every case, and old documents")
struct StringSetSpellingTests {
    static let problemKinds: [(ProblemKind, String)] = [
        (.ioctlFailed, "ioctl-failed"), (.boundHit, "bound-hit"), (.invalidValue, "invalid-value"), (.duplicate, "duplicate"),
        (.noFormats, "no-formats"), (.partial, "partial"), (.access, "access"), (.identity, "identity"), (.deviceGone, "device-gone"),
        (.emulationUnavailable, "emulation-unavailable"), (.imported, "imported"), (.busy, "busy"), (.alsaFailed, "alsa-failed"),
        (.pipelineMismatch, "pipeline-mismatch"), (.mediaPipeline, "media-pipeline"), (.importConflict, "import-conflict"),
        (.skipped, "skipped"),
    ]
    static let nodeRoles: [(NodeRole, String)] = [
        (.capture, "capture"), (.metadata, "metadata"), (.output, "output"), (.metadataOutput, "metadata-output"),
        (.other, "other"), (.media, "media"), (.audio, "audio"), (.unknown, "unknown"),
    ]
    static let transportKinds: [(TransportKind, String)] = [
        (.usb, "usb"), (.pci, "pci"), (.platform, "platform"), (.virtual, "virtual"), (.unknown, "unknown"),
    ]
    static let frameSizeKinds: [(FrameSizeKind, String)] = [(.discrete, "discrete"), (.stepwise, "stepwise"), (.continuous, "continuous")]
    static let mediaTypes: [(MediaType, String)] = [(.video, "video"), (.audio, "audio")]

    /// rawValue, description (what string interpolation prints) and JSON all give the pinned spelling.
    func check<T: RawRepresentable & Codable & CaseIterable & CustomStringConvertible & Equatable>(
        _ table: [(T, String)], sourceLocation: SourceLocation = #_sourceLocation
    ) throws where T.RawValue == String {
        #expect(table.map(\.0) == Array(T.allCases), "every case, in allCases order", sourceLocation: sourceLocation)
        for (value, spelling) in table {
            #expect(value.rawValue == spelling, sourceLocation: sourceLocation)
            #expect("\(value)" == spelling, sourceLocation: sourceLocation)
            let json = try JSONEncoder().encode([value])
            #expect(String(decoding: json, as: UTF8.self) == "[\"\(spelling)\"]", sourceLocation: sourceLocation)
            #expect(try JSONDecoder().decode([T].self, from: json) == [value], sourceLocation: sourceLocation)
        }
    }

    @Test func problemKindSpellings() throws { try check(Self.problemKinds) }
    @Test func nodeRoleSpellings() throws { try check(Self.nodeRoles) }
    @Test func transportKindSpellings() throws { try check(Self.transportKinds) }
    @Test func frameSizeKindSpellings() throws { try check(Self.frameSizeKinds) }
    @Test func mediaTypeSpellings() throws { try check(Self.mediaTypes) }

    /// A device as schemaVersion 1 writes it, with a role and a problem kind
    /// this version does not know (a newer camprobe's): it reads, keeps them,
    /// and writes them back unchanged.
    @Test func oldJSONDecodesAndUnknownNamesSurvive() throws {
        let json = #"""
            {"id":"usb-046d:0826-ABC","name":"C525","modelID":"046d:0826",
             "transport":{"kind":"usb","label":"USB 2.0 High-Speed (480 Mbit/s)","speedMbps":480},
             "identity":{"byID":[],"byPath":[],"busInfo":"usb-0000:00:14.0-1","driver":"uvcvideo"},
             "nodes":[{"role":"capture","path":"/dev/video0"},{"role":"metadata-output","path":"/dev/video1"},
                      {"role":"media","path":"/dev/media0"},{"role":"touch","path":"/dev/v4l-touch0"}],
             "captures":[],
             "problems":[{"kind":"device-gone","call":"VIDIOC_QUERYCAP","errno":19,"errnoName":"ENODEV","message":"gone"},
                         {"kind":"some-future-kind","message":"new"}]}
            """#
        let d = try JSONDecoder().decode(Device.self, from: Data(json.utf8))
        #expect(d.transport.kind == .usb && d.transport.kind.isKnown)
        #expect(d.nodes.map(\.role) == [.capture, .metadataOutput, .media, NodeRole(rawValue: "touch")])
        #expect(d.nodes.map(\.role.isKnown) == [true, true, true, false])
        #expect(d.problems.map(\.kind) == [.deviceGone, ProblemKind(rawValue: "some-future-kind")])
        #expect(d.problems[0].kind == "device-gone")  // a literal still compares
        #expect(d.mediaType == .video)

        let again = try JSONDecoder().decode(Device.self, from: JSONEncoder().encode(d))
        #expect(again == d)
        let text = String(decoding: try JSONEncoder().encode(d), as: UTF8.self)
        for s in [
            #""role":"touch""#, #""kind":"some-future-kind""#, #""kind":"device-gone""#, #""role":"metadata-output""#, #""kind":"usb""#,
        ] {
            #expect(text.contains(s), "\(s)")
        }
    }

    /// Frame-size types stay closed: the three V4L2 types read, anything else is refused as before.
    @Test func frameSizeTypesReadAndUnknownOnesAreRefused() throws {
        let stepwise = #"""
            {"type":"stepwise","min":{"width":16,"height":16},"max":{"width":640,"height":480},"step":{"width":16,"height":16},
             "intervalsAtMin":{"type":"unknown","reason":""},"intervalsAtMax":{"type":"unknown","reason":""}}
            """#
        #expect(try JSONDecoder().decode(FrameSize.self, from: Data(stepwise.utf8)).kind == .stepwise)
        let bad = #"{"type":"fractal","width":1,"height":1,"intervals":{"type":"discrete","intervals":[]}}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(FrameSize.self, from: Data(bad.utf8)) }
    }
}
