import CaptureModel
import DeviceFixtures
import Foundation
import ProfileFormat
import Testing

/// A new profile encoding is one type (a `ProfileCodec` in Sources/ProfileFormat/Codec) and one line in
/// `ProfileCodecs.all`. This toy is that type; the tests hand the list plus the toy to every look-up, as the one
/// line would, and a real profile is then written in the toy, found by its extension and by its content, and
/// read back unchanged.
///
/// The toy: a line `toyprofile`, then each line of the JSON document behind `| `.
struct ToyProfileCodec: ProfileCodec {
    var name: String { "toy" }
    var fileExtensions: [String] { ["toy", "toyprofile"] }
    var mediaType: String { "text/x-camprobe-toy" }
    var opening: String { "'toyprofile'" }
    func claims(_ content: ArraySlice<UInt8>) -> Bool { content.starts(with: Array("toyprofile\n".utf8)) }
    var schemaLanguage: String { "JSON Schema, line by line" }
    var schemaFile: String { "Profiles/schema/camprobe-profile.schema.json" }
    var schemaText: String { ProfileSchemas.jsonSchema }

    func encode(_ document: DeviceDocument) -> String {
        let lines = JSONProfile.write(document).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        return "toyprofile\n" + lines.map { "| " + $0 + "\n" }.joined()
    }

    func decode(_ bytes: [UInt8]) throws(ProfileReadError) -> DeviceDocument {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first == "toyprofile" else { throw ProfileReadError(ProfileIssue(line: 1, message: "expected 'toyprofile'")) }
        var json = ""
        for (n, line) in lines.enumerated().dropFirst() where n < lines.count - 1 || !line.isEmpty {
            guard line.hasPrefix("| ") else {
                throw ProfileReadError(ProfileIssue(line: n + 1, message: "expected '| ' and a line of JSON"))
            }
            json += line.dropFirst(2) + "\n"
        }
        return try JSONProfile.read(Array(json.utf8))
    }

    func escape(_ scalar: Unicode.Scalar) -> String { JSONProfileCodec().escape(scalar) }
}

@Suite("A new profile encoding is one codec and one registry line")
struct ToyProfileCodecTests {
    static let registry: [any ProfileCodec] = ProfileCodecs.all + [ToyProfileCodec()]
    static let c525 = Fixtures.repository + "/Profiles/c525.json"

    static func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }

    @Test func aRealProfileRoundTripsThroughTheToy() throws {
        let original = try Self.bytes(Self.c525)
        let json = try #require(ProfileCodecs.detect(original, among: Self.registry))
        #expect(json.name == "json")
        let document = try json.decode(original)
        let toy = ToyProfileCodec().encode(document)
        #expect(toy.hasPrefix("toyprofile\n| {\n|   \"device\" : {\n"))
        let back = try #require(ProfileCodecs.detect(Array(toy.utf8), among: Self.registry)).decode(Array(toy.utf8))
        #expect(Array(JSONProfileCodec().encode(back).utf8) == original, "the toy loses nothing: JSON again is the file")
    }

    @Test func theToyIsFoundByContentAndExtensionOnlyWhenItIsRegistered() throws {
        let toy = Array(("\u{FEFF} \n" + ToyProfileCodec().encode(try JSONProfile.read(try Self.bytes(Self.c525)))).utf8)
        #expect(ProfileCodecs.detect(toy, among: Self.registry)?.name == "toy")
        #expect(ProfileCodecs.detect(toy) == nil, "without its line, nothing claims the toy's content")
        #expect(ProfileCodecs.codec(forPath: "w/c525.toy", among: Self.registry)?.name == "toy")
        #expect(ProfileCodecs.codec(forPath: "c525.toyprofile", among: Self.registry)?.name == "toy")
        #expect(ProfileCodecs.codec(forPath: "w/c525.toy") == nil)
        #expect(ProfileCodecs.named("toy", among: Self.registry)?.name == "toy")
        #expect(ProfileCodecs.named("toy") == nil)
        #expect(ProfilePaths.fileName(for: DeviceID("usb-046d:0826-8E4B3C60"), format: ToyProfileCodec()) == "usb-046d_0826-8E4B3C60.toy")
        #expect(ProfileCodecs.names(among: Self.registry) == "json, xml or toy")
        #expect(ProfileCodecs.extensions(among: Self.registry) == ".json, .xml, .toy or .toyprofile")
    }

    // What `ProfileFile.loadDocument(path, codecs:)` (the façade's, tested in CamProbeTests) does with a file's bytes,
    // in ProfileFormat alone: the codec of `codecs` that claims its first bytes reads it.

    @Test func aProfileInTheToyReadsAsADevice() throws {
        let bytes = Array(ToyProfileCodec().encode(try JSONProfile.read(try Self.bytes(Self.c525))).utf8)
        let codec = try #require(ProfileCodecs.detect(bytes, among: Self.registry))
        #expect(codec.displayName == "TOY")
        #expect(try codec.open(bytes).read().device.name == "HD Webcam C525")
        #expect(ProfileCodecs.detect(bytes) == nil, "the shipped codecs claim a toy profile")
    }

    @Test func aMalformedToyLineNamesItsLine() throws {
        var lines = ToyProfileCodec().encode(try JSONProfile.read(try Self.bytes(Self.c525))).split(separator: "\n").map(String.init)
        lines[2] = "oops"
        let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
        let codec = try #require(ProfileCodecs.detect(bytes, among: Self.registry))
        do throws(ProfileReadError) {
            _ = try codec.open(bytes).read()
            Issue.record("a malformed toy line was accepted")
        } catch {
            #expect(error.description == "line 3: expected '| ' and a line of JSON")
        }
    }

    @Test func textNoCodecClaimsIsNamedByEveryOpeningTheListKnows() throws {
        let paste = Array("Driver Info:\n".utf8)
        for (codecs, opening) in [
            (ProfileCodecs.all, "starts with neither '{' (JSON) nor '<' (XML)"),
            (Self.registry, "starts with none of '{' (JSON), '<' (XML) or 'toyprofile' (TOY)"),
        ] {
            #expect(ProfileCodecs.detect(paste, among: codecs) == nil, "text was read as a profile")
            #expect(ProfileCodecs.startsWithNone(among: codecs) == opening)
        }
    }
}

@Suite("JSON and XML are the codecs of ProfileCodecs.all")
struct BuiltInProfileCodecTests {
    @Test func theListIsJSONThenXML() {
        #expect(ProfileCodecs.all.map(\.name) == ["json", "xml"])
        #expect(ProfileCodecs.standard is JSONProfileCodec)
        #expect(ProfileCodecs.names() == "json or xml")
        #expect(ProfileCodecs.displayNames() == "JSON or XML")
        #expect(ProfileCodecs.extensions() == ".json or .xml")
        #expect(ProfileCodecs.all.map(\.mediaType) == ["application/json", "application/xml"])
        #expect(ProfileCodecs.all.map(\.schemaText) == [ProfileSchemas.jsonSchema, ProfileSchemas.xsd])
    }

    /// Every bundled profile: the codec its extension names is the one its content names, and it writes the
    /// document it reads as the very bytes of the file.
    @Test func everyBundledProfileIsItsExtensionsCodecAndReadsBackToItsBytes() throws {
        let dir = Fixtures.repository + "/Profiles"
        let names = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        var checked = 0
        for name in names {
            guard let codec = ProfileCodecs.codec(forPath: name) else { continue }
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: dir + "/" + name)))
            #expect(ProfileCodecs.detect(bytes)?.name == codec.name, "\(name)")
            let draft = codec.open(bytes)
            #expect(draft.declaredSchemaVersion == (codec is JSONProfileCodec ? CaptureModelSchema.version : nil), "\(name)")
            #expect(Array(try codec.encode(try draft.read()).utf8) == bytes, "\(name)")
            #expect(codec.validate(bytes).isEmpty, "\(name)")
            checked += 1
        }
        #expect(checked >= 20)
    }

    @Test func eachEscapesAsItsDocumentsDo() {
        let (json, xml) = (JSONProfileCodec(), XMLProfileCodec())
        #expect(json.escape("\u{85}") == "\\u0085")
        #expect(json.escape("µ") == "\\u00b5")
        #expect(json.escape("😀") == "\\ud83d\\ude00")
        #expect(xml.escape("\u{7F}") == "&#x7F;")
        #expect(xml.escape("😀") == "&#x1F600;")
    }
}
