import CaptureModel
import FoundationEssentials
import Testing

@testable import ProfileFormat

@Suite("JSON Schema: validator and negative documents")
struct JSONSchemaValidatorTests {
    /// c525 as shipped, the base every negative case edits.
    static let c525: String =
        (try? ProfileTestFiles.bytes(ProfileTestFiles.root + "/Profiles/c525.json"))
        .map { String(decoding: $0, as: UTF8.self) } ?? ""

    func issues(_ text: String) -> [ProfileIssue] {
        let found = JSONProfile.validate(Array(text.utf8))
        do {
            _ = try JSONProfile.read(Array(text.utf8))
            Issue.record("read accepted an invalid document")
        } catch {
            #expect(error.issues == found)
        }
        return found
    }

    /// Replaces exactly one occurrence of `old`, so a drifting fixture fails the test instead of testing nothing.
    func edit(_ old: String, _ new: String) throws -> String {
        let parts = Self.c525.split(separator: old, omittingEmptySubsequences: false)
        try #require(parts.count >= 2, "\(old) not in c525.json")
        return parts[0] + new + parts.dropFirst().joined(separator: old)
    }

    @Test func theEmbeddedSchemaUsesOnlyImplementedKeywordsAndPatterns() {
        #expect(JSONProfile.schemaValidator.schemaProblems == [])
        #expect(JSONProfile.schemaValidator.schema["$defs"]?["frameSize"] != nil)
    }

    @Test func missingRequiredField() throws {
        let found = issues(try edit(#""name" : "HD Webcam C525","#, ""))
        #expect(found.map(\.description) == ["device.name: required property is missing"])
    }

    @Test func wrongType() throws {
        let found = issues(try edit(#""width" : 640"#, #""width" : "640""#))
        #expect(found.count == 1)
        #expect(found.first?.path?.hasPrefix("device.captures[0].") == true)
        #expect(found.first?.description.contains("width: expected integer, found string \"640\"") == true)
    }

    @Test func badRational() throws {
        let found = issues(try edit(#""interval" : "1/30""#, #""interval" : "1/30.0""#))
        #expect(found.count == 1)
        #expect(found.first?.path?.hasPrefix("device.captures[0].") == true)
        #expect(found.first?.path?.hasSuffix(".interval") == true)
        #expect(found.first?.message == #""1/30.0" does not match the pattern ^[0-9]+/[0-9]+$"#)
    }

    @Test func unknownSizeType() throws {
        // Keys are sorted: a size's "intervals" object (with its own "type") comes before the size's "type".
        let parts = Self.c525.split(separator: #""type" : "discrete""#, omittingEmptySubsequences: false)
        let text =
            parts[0] + #""type" : "discrete""# + parts[1] + #""type" : "spiral""#
            + parts.dropFirst(2).joined(separator: #""type" : "discrete""#)
        let found = issues(text)
        #expect(
            found.map(\.description) == [
                #"device.captures[0].formats[0].sizes[0].type: expected one of "discrete", "stepwise", "continuous", found "spiral""#
            ])
    }

    @Test func unknownIntervalType() throws {
        let found = issues(try edit(#""type" : "discrete""#, #""type" : "ranged""#))
        #expect(
            found.map(\.description) == [
                #"device.captures[0].formats[0].sizes[0].intervals.type: expected one of "discrete", "stepwise", "continuous", "unknown", found "ranged""#
            ])
    }

    @Test func unknownPropertyOutOfRangeAndBadEnum() throws {
        #expect(
            issues(try edit(#""throughLibV4L2" : false"#, #""throughLibV4L2" : false, "extra" : 1"#)).first?.description
                .hasPrefix("device.captures[0].extra: unknown property") == true)
        #expect(
            issues(try edit(#""sizeImage" : 614400"#, #""sizeImage" : 4294967296"#)).map(\.description)
                == ["device.captures[0].activeFormat.sizeImage: 4294967296 is above the maximum 4294967295"])
        #expect(
            issues(try edit(#""bufferType" : "videoCapture","#, #""bufferType" : "videoOutput","#)).first?.message
                == #"expected one of "videoCapture", "videoCaptureMultiplanar", found "videoOutput""#)
        #expect(issues(try edit(#""fourcc" : "YUYV""#, #""fourcc" : "YUYV2""#)).first?.message.contains("does not match") == true)
        #expect(
            issues(try edit(#""schemaVersion" : 1"#, #""schemaVersion" : 2"#)).map(\.description) == ["schemaVersion: expected 1, found 2"])
    }

    /// A number, a string, an array of numbers, a rect or an area; nothing else.
    @Test func controlValueIsIntegerStringArrayRectOrArea() throws {
        let found = issues(try edit(#""value" : 128"#, #""value" : true"#))
        #expect(found.first?.path == "device.captures[0].controls[0].value")
        #expect(found.first?.message.contains("matches none of the 5 alternatives") == true)
        #expect(JSONProfile.validate(Array(try edit(#""value" : 128"#, #""value" : [1, 2]"#).utf8)).isEmpty)
        #expect(JSONProfile.validate(Array(try edit(#""value" : 128"#, #""value" : {"width" : 1, "height" : 2}"#).utf8)).isEmpty)
        #expect(
            JSONProfile.validate(Array(try edit(#""value" : 128"#, #""value" : {"left" : -1, "top" : 0, "width" : 1, "height" : 2}"#).utf8))
                .isEmpty)
        #expect(!issues(try edit(#""value" : 128"#, #""value" : {"width" : 1}"#)).isEmpty)
    }

    @Test func notJSONAtAll() {
        #expect(issues("{nope").first?.message.hasPrefix("not JSON") == true)
        #expect(issues("[]").map(\.description) == ["expected object, found array an array of 0"])
    }

    @Test func integersKeepTheirKind() throws {
        let v = try JSONDecoder().decode(
            JSONValue.self, from: Data(#"[1, true, 1.5, 18446744073709551615, -9223372036854775808, "1", null]"#.utf8))
        #expect(v == .array([.integer(1), .bool(true), .double(1.5), .unsigned(.max), .integer(.min), .string("1"), .null]))
    }
}

@Suite("JSON Schema: the pattern subset")
struct SchemaRegexTests {
    @Test(arguments: [
        ("^[0-9]+/[0-9]+$", "1001/30000", true), ("^[0-9]+/[0-9]+$", "1/", false), ("^[0-9]+/[0-9]+$", " 1/3", false),
        ("^[0-9]+/[0-9]+$", "1/3\n", false), ("^[ -~]{1,4}(-BE)?$", "Y10 ", true), ("^[ -~]{1,4}(-BE)?$", "AB-BE", true),
        ("^[ -~]{1,4}(-BE)?$", "ABCDE", false), ("^[ -~]{1,4}(-BE)?$", "", false), ("^[ -~]{1,4}(-BE)?$", "AB\u{1}", false),
        ("^0x[0-9a-f]+$", "0x400", true), ("^0x[0-9a-f]+$", "0X400", false), ("b+", "abc", true), ("^(a|bc)*d$", "abcad", true),
        ("^(a|bc)*d$", "abd", false), ("^[^/]\\.x{2,}$", "a.xxx", true), ("^[^/]\\.x{2,}$", "/.xx", false),
    ])
    func matches(pattern: String, subject: String, expected: Bool) throws {
        let regex = try SchemaRegex(pattern)
        #expect(regex.matches(subject) == expected)
        #expect(regex.matches(subject) == expected, "asked again (the remembered answer)")
    }

    /// Past `memoLimit` remembered subjects, answers are still worked out, and the same.
    @Test func answersStayRightPastTheMemoLimit() throws {
        let regex = try SchemaRegex("^[0-9]+/[0-9]+$")
        for i in 0..<(SchemaRegex.memoLimit + 50) {
            let good = "\(i)/30"
            let bad = "\(i)/"
            #expect(regex.matches(good) && !regex.matches(bad), "\(i)")
            #expect(regex.matches(good) && !regex.matches(bad), "\(i), again")
        }
    }

    @Test func unsupportedSyntaxIsRefused() {
        #expect(throws: SchemaRegex.SyntaxError.self) { try SchemaRegex("(?<name>a)") }
        #expect(throws: SchemaRegex.SyntaxError.self) { try SchemaRegex("\\w+") }
        #expect(throws: SchemaRegex.SyntaxError.self) { try SchemaRegex("[a-") }
    }
}
