import CaptureModel
import FoundationEssentials
import Testing

@testable import ProfileFormat

@Suite("JSONValueDecoder: the model decoded from the parsed tree")
struct JSONValueDecoderTests {
    private static func tree(_ text: String) throws -> JSONValue { try JSONValue.parse(Array(text.utf8)) }

    /// Every shipped profile decodes from its tree, without asking
    /// `JSONDecoder`, to the value `JSONDecoder` gives for its bytes.
    @Test(arguments: ProfileTestFiles.profiles)
    func shippedProfileDecodesAsJSONDecoderDoes(path: String) throws {
        let bytes = try ProfileTestFiles.bytes(path)
        let fromTree = try JSONValueDecoder.decode(DeviceDocument.self, from: try JSONValue.parse(bytes))
        let fromBytes = try JSONDecoder().decode(DeviceDocument.self, from: Data(bytes))
        #expect(Self.same(fromTree, fromBytes))
    }

    /// `DeviceDocument` is not `Equatable`; its parts are.
    private static func same(_ a: DeviceDocument, _ b: DeviceDocument) -> Bool {
        a.schemaVersion == b.schemaVersion && a.generator == b.generator && a.device == b.device
    }

    /// `read` decodes the tree it was given: the bytes are parsed once. A
    /// `Parsed` whose bytes are empty still reads the whole document.
    @Test func readDecodesTheTreeNotTheBytes() throws {
        let bytes = try ProfileTestFiles.bytes(ProfileTestFiles.root + "/Profiles/c525.json")
        let parsed = JSONProfile.Parsed(bytes: [], value: .success(try JSONValue.parse(bytes)))
        #expect(Self.same(try parsed.read(), try JSONDecoder().decode(DeviceDocument.self, from: Data(bytes))))
        #expect(parsed.validate().isEmpty)
    }

    struct Sample: Decodable, Equatable {
        var name: String
        var count: UInt32
        var ratio: Double
        var flag: Bool?
        var items: [Int8]
        var map: [String: Int64]
    }

    @Test func primitivesContainersAndOptionals() throws {
        let text = #"{"name":"a","count":4294967295,"ratio":1.5,"flag":null,"items":[1,-2,127],"map":{"x":-9223372036854775808}}"#
        let expected = try JSONDecoder().decode(Sample.self, from: Data(text.utf8))
        #expect(try JSONValueDecoder.decode(Sample.self, from: Self.tree(text)) == expected)
        #expect(expected.flag == nil && expected.count == .max)
    }

    /// A value of the wrong kind is a `typeMismatch` naming its JSON path.
    @Test func typeMismatchNamesThePath() throws {
        let text = #"{"device":{"captures":[{"formats":[{},{"index":"3"}]}]}}"#
        struct Format: Decodable { var index: UInt32? }
        struct Capture: Decodable { var formats: [Format] }
        struct Device: Decodable { var captures: [Capture] }
        struct Document: Decodable { var device: Device }
        do {
            _ = try JSONValueDecoder.decode(Document.self, from: Self.tree(text))
            Issue.record("decoded a string as UInt32")
        } catch DecodingError.typeMismatch(_, let context) {
            let issue = JSONProfile.issue(.typeMismatch(UInt32.self, context))
            #expect(issue.path == "device.captures[0].formats[1].index")
        }
    }

    /// What `JSONDecoder` refuses, this decoder refuses too, with the path.
    @Test(arguments: [
        (#"{"count":4294967296}"#, "count"), (#"{"count":-1}"#, "count"), (#"{"count":1.5}"#, "count"),
        (#"{"count":true}"#, "count"), (#"{"count":"1"}"#, "count"), (#"{}"#, "count"), (#"{"count":null}"#, "count"),
    ])
    func refusedAsJSONDecoderRefuses(text: String, path: String) throws {
        struct Counted: Decodable { var count: UInt32 }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Counted.self, from: Data(text.utf8)) }
        do {
            _ = try JSONValueDecoder.decode(Counted.self, from: Self.tree(text))
            Issue.record("accepted \(text)")
        } catch let e as DecodingError {
            #expect(JSONProfile.issue(e).path == path)
        }
    }

    /// A zero read as `Double` may have been `-0`, which the tree does not
    /// keep: the decoder says so rather than guess.
    @Test func zeroAsDoubleIsUndecidable() throws {
        struct Speed: Decodable { var speed: Double }
        #expect(throws: JSONValueDecoder.Undecidable.self) { try JSONValueDecoder.decode(Speed.self, from: Self.tree(#"{"speed":-0.0}"#)) }
        #expect(try JSONValueDecoder.decode(Speed.self, from: Self.tree(#"{"speed":2}"#)).speed == 2)
    }

    /// The embedded schema is read with `JSONValue.parse` at start-up; it
    /// gives the tree `JSONDecoder` gives.
    @Test func embeddedSchemaParsesAsJSONDecoderReadsIt() throws {
        let fromDecoder = try JSONDecoder().decode(JSONValue.self, from: Data(ProfileSchemas.jsonSchema.utf8))
        #expect(JSONProfile.schemaValidator.schema == fromDecoder)
        #expect(JSONProfile.schemaValidator.schemaProblems.isEmpty)
    }
}
