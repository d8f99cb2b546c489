import FoundationEssentials
import Testing

@testable import ProfileFormat

/// `JSONValue.parse` against `JSONDecoder` (which it replaces for profiles):
/// the same documents accepted, the same values, and a clear message with a
/// place for a refused one.
@Suite("JSON: the single-pass parser")
struct JSONValueParserTests {
    func decoder(_ bytes: [UInt8]) -> JSONValue? { try? JSONDecoder().decode(JSONValue.self, from: Data(bytes)) }

    func parsed(_ text: String) -> JSONValue? { try? JSONValue.parse(Array(text.utf8)) }

    /// This parser's own message for `text`, which it must refuse by itself.
    func syntaxError(_ text: String) -> JSONSyntaxError? {
        guard case .failure(.syntax(let e)) = JSONValue.parseWithoutFallback(Array(text.utf8)) else { return nil }
        return e
    }

    /// The parser alone agrees with `JSONDecoder` on `bytes` (or hands it over).
    func agrees(_ bytes: [UInt8], _ sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = decoder(bytes)
        switch JSONValue.parseWithoutFallback(bytes) {
        case .success(let v): #expect(v == expected, sourceLocation: sourceLocation)
        case .failure(.syntax(let e)): #expect(expected == nil, "\(e)", sourceLocation: sourceLocation)
        case .failure(.needsFoundation): break
        }
        #expect((try? JSONValue.parse(bytes)) == expected, sourceLocation: sourceLocation)
    }

    @Test(arguments: [
        "0", "-0", "1.0", "-0.0", "1e2", "1E+2", "2.5e-3", "1e-400", "0.1e1", "1.0000000000000001", "9223372036854775807",
        "-9223372036854775808", "9223372036854775808", "18446744073709551615", "18446744073709551616", "-9223372036854775809",
        "12345678901234567890123", "9007199254740991.0", "9007199254740992.0", "9007199254740993.0", "9223372036854775807.0",
        "123456789012345678.0", "1e19", "-1e19", "1.5e300", "1e308", "4.9e-324", "1e400", "-1e400",
    ])
    func numbersReadAsJSONDecoderReadsThem(text: String) {
        agrees(Array(text.utf8))
        agrees(Array("[\(text)]".utf8))
    }

    @Test func integersKeepTheirKind() throws {
        let v = try JSONValue.parse(Array(#"[1, true, 1.5, 18446744073709551615, -9223372036854775808, "1", null, 2.0, 1e2]"#.utf8))
        #expect(
            v
                == .array([
                    .integer(1), .bool(true), .double(1.5), .unsigned(.max), .integer(.min), .string("1"), .null, .integer(2),
                    .integer(100),
                ]))
    }

    @Test(arguments: [
        "01", "-01", "-", "1.", ".5", "+1", "1e", "1e+", "--1", "NaN", "Infinity", "-Infinity", "0x10", "1 2", "[1 2]", "{\"a\" 1}",
        "{a:1}", "tru", "nul", "nulll", "[1]]", "[,1]", "[1,,2]", "[,]", "{,}", "{\"a\":1,,}", "", "  ", "\u{0C}1", "\u{A0}1", "'a'",
        "\"\\x\"", "\"\\U0041\"", "\"a\tb\"", "\"a\nb\"", "\"abc", "[1", "{\"a\":1", "{\"a\"}", "/* */ 1", "// x\n1",
    ])
    func malformedTextIsRefused(text: String) {
        #expect(syntaxError(text) != nil)
        #expect(decoder(Array(text.utf8)) == nil)
        #expect(parsed(text) == nil)
    }

    @Test func lenienciesOfJSONDecoderAreKept() {
        #expect(parsed("[1,2,]") == .array([.integer(1), .integer(2)]))
        #expect(parsed(#"{"a":1 , }"#) == .object(["a": .integer(1)]))
        #expect(parsed("\u{FEFF}{}") == .object([:]))
        // A repeated key keeps its first value, as JSONDecoder's keyed containers see it.
        #expect(parsed(#"{"a":1,"a":2}"#) == .object(["a": .integer(1)]))
        agrees(Array(#"{"a":1,"a":2}"#.utf8))
        // UTF-16 text is read by JSONDecoder.
        let utf16 = Array(#"{"a":1}"#.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect((try? JSONValue.parse(utf16)) == .object(["a": .integer(1)]))
    }

    @Test func unicodeEscapesAndSurrogates() {
        #expect(parsed(#""\u00e9\u00E9é""#) == .string("ééé"))
        #expect(parsed(#""\ud83d\ude00""#) == .string("😀"))
        #expect(parsed(#""\uDBFF\uDFFF""#) == .string("\u{10FFFF}"))
        #expect(parsed(#""\u0000""#) == .string("\u{0}"))
        #expect(parsed(#""\"\\\/\b\f\n\r\t""#) == .string("\"\\/\u{8}\u{C}\n\r\t"))
        for lone in [#""\ud800""#, #""\udc00""#, #""\ud800\u0041""#, #""\ud800x""#, #""\ud800\ud800""#, #""\u12G4""#, #""\u12"#] {
            #expect(syntaxError(lone) != nil, "\(lone)")
            agrees(Array(lone.utf8))
        }
        #expect(syntaxError(#""\ud800""#)?.message.contains("high surrogate") == true)
        #expect(syntaxError(#""\udc00""#)?.message.contains("low surrogate") == true)
    }

    @Test func invalidUTF8IsRefused() {
        for bytes: [UInt8] in [
            [0x22, 0xFF, 0x22], [0x22, 0xC3, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xC0, 0x80, 0x22], [0x5B, 0xFF, 0x5D],
        ] {
            guard case .failure(.syntax(let e)) = JSONValue.parseWithoutFallback(bytes) else {
                Issue.record("accepted \(bytes)")
                continue
            }
            #expect(!e.message.isEmpty)
            agrees(bytes)
        }
        #expect(parsed("\"\u{E9}\u{1F600}\"") == .string("\u{E9}\u{1F600}"))
    }

    @Test func nestingIsLimitedAsJSONDecoderLimitsIt() {
        for depth in [1, 511, 512, 513, 2000] {
            let arrays = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            let objects = String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
            agrees(Array(arrays.utf8))
            agrees(Array(objects.utf8))
            #expect((parsed(arrays) != nil) == (depth <= JSONValue.maximumDepth))
        }
        #expect(syntaxError(String(repeating: "[", count: 513))?.message.contains("nested deeper than 512") == true)
    }

    @Test func messagesNameThePlace() throws {
        let e = try #require(syntaxError("{\n  \"a\": [1, 2,, 3]\n}"))
        #expect(e.line == 2 && e.column == 14)
        #expect(e.description == "unexpected ',', expected a value at line 2, column 14")
        #expect(syntaxError("[1] x")?.description == "unexpected 'x' after the JSON value at line 1, column 5")
        #expect(syntaxError("01")?.message == "a number may not start with 0 unless it is 0")
        #expect(syntaxError(#""abc"#)?.description == "unterminated string at line 1, column 1")
        #expect(syntaxError("[tru]")?.description == "unexpected ']' in 'true' at line 1, column 5")
    }

    @Test func profilesReportSyntaxWithTheParserMessage() {
        let issues = JSONProfile.validate(Array("{\"schemaVersion\": 1,, }".utf8))
        #expect(issues.map(\.description) == ["not JSON: unexpected ',', expected a string key at line 1, column 21"])
        #expect(JSONProfile.parse(Array(#"{"schemaVersion": 7, "x": 1}"#.utf8)).declaredSchemaVersion == 7)
        #expect(JSONProfile.parse(Array(#"{"schemaVersion": 7.0}"#.utf8)).declaredSchemaVersion == 7)
        #expect(JSONProfile.parse(Array(#"{"schemaVersion": "7"}"#.utf8)).declaredSchemaVersion == nil)
        #expect(JSONProfile.parse(Array(#"{"schemaVersion": 7"#.utf8)).declaredSchemaVersion == nil)
        #expect(JSONProfile.parse(Array(#"[{"schemaVersion": 7}]"#.utf8)).declaredSchemaVersion == nil)
    }

    /// Issue paths as the validator has always joined them, an empty key included.
    @Test func validatorPathsUnderAnEmptyKey() throws {
        let schema = try JSONValue.parse(
            Array(#"{"type": "object", "additionalProperties": {"type": "object", "properties": {"a": {"type": "integer"}}}}"#.utf8))
        let found = JSONSchemaValidator(schema: schema).validate(try JSONValue.parse(Array(#"{"": {"a": "x"}, "b": {"a": [1]}}"#.utf8)))
        #expect(found.map(\.path) == ["a", "b.a"])
    }

    /// Every shipped profile, and random edits of one, read the same way by both.
    @Test func shippedProfilesAndEditsOfThemAgree() throws {
        let dir = HostileProfileTests.repo + "/Profiles"
        let names = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".json") }.sorted()
        #expect(!names.isEmpty)
        var g = SystemRandomNumberGenerator()
        let alphabet = Array("{}[],:\"\\ 0123456789.eE+-tfnu\n".utf8) + [0x00, 0xFF, 0xC3, 0xA9, 0x7F, 0x1F]
        for name in names {
            let base = Array(try Data(contentsOf: URL(fileURLWithPath: dir + "/" + name)))
            agrees(base)
            for _ in 0..<10 {
                var d = base
                for _ in 0..<Int.random(in: 1...3, using: &g) {
                    let k = Int.random(in: 0..<d.count, using: &g)
                    switch Int.random(in: 0..<3, using: &g) {
                    case 0: d[k] = alphabet.randomElement(using: &g)!
                    case 1: d.remove(at: k)
                    default: d.insert(alphabet.randomElement(using: &g)!, at: k)
                    }
                }
                agrees(d)
            }
        }
    }
}
