import CaptureModel
import Testing

@testable import ProfileFormat

@Suite("XML profiles: hostile and broken input")
struct XMLRejectionTests {
    static let valid = try! XMLProfile.write(ProfileSamples.everything)

    /// The issues `read` throws; `validate` must report them too (it reads
    /// the document as `read` does, so the two agree on every file).
    func readIssues(_ text: String) -> [ProfileIssue] {
        do {
            _ = try XMLProfile.read(Array(text.utf8))
            Issue.record("accepted: \(text.prefix(200))")
            return []
        } catch {
            #expect(!error.issues.isEmpty)
            #expect(XMLProfile.validate(Array(text.utf8)) == error.issues)
            return error.issues
        }
    }

    @Test func externalEntityIsRejectedUnexpanded() {
        let xxe = """
            <?xml version="1.0"?>
            <!-- a comment first -->
            <!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>
            <cameraProfile xmlns="https://camprobe.dev/schema/profile/1" schemaVersion="1" generator="&e;"/>
            """
        let issues = readIssues(xxe)
        #expect(issues.map(\.line) == [3])
        #expect(issues[0].message.contains("DOCTYPE"))
        #expect(!issues.description.contains("root:"))
        // Nothing was parsed, so libxml2 never saw the entity.
        #expect(XMLInputGuard.doctypeLine(Array(xxe.utf8)) == 3)
    }

    @Test func billionLaughsIsRejectedQuickly() {
        var lol = #"<?xml version="1.0"?>"# + "\n<!DOCTYPE lolz [\n<!ENTITY lol0 \"lol\">\n"
        for i in 1...12 { lol += "<!ENTITY lol\(i) \"" + String(repeating: "&lol\(i - 1);", count: 10) + "\">\n" }
        lol += "]>\n<cameraProfile xmlns=\"https://camprobe.dev/schema/profile/1\" schemaVersion=\"1\" generator=\"&lol12;\"/>"
        let clock = ContinuousClock()
        var issues: [ProfileIssue] = []
        let took = clock.measure { issues = readIssues(lol) }
        #expect(issues.first?.message.contains("DOCTYPE") == true)
        #expect(took < .seconds(1))
    }

    /// A DTD hidden from the byte screen by UTF-16 still never reaches the parser.
    @Test func utf16IsRefused() {
        var bytes: [UInt8] = [0xFF, 0xFE]
        for u in "<!DOCTYPE x [<!ENTITY e \"e\">]><cameraProfile/>".utf16 { bytes += [UInt8(u & 0xFF), UInt8(u >> 8)] }
        let issues = XMLProfile.validate(bytes)
        #expect(issues.first?.message.contains("not UTF-8") == true)
    }

    @Test func undeclaredEntityIsAParseError() {
        let text = Self.valid.replacing("generator=\"camprobe &lt;test&gt; &amp; co\"", with: "generator=\"&e;\"")
        #expect(text != Self.valid)
        let issues = readIssues(text)
        #expect(issues.first?.line == 2)
        #expect(issues.first?.message.contains("Entity 'e' not defined") == true)
    }

    @Test func truncatedDocumentGivesLineNumbers() {
        let lines = Self.valid.split(separator: "\n", omittingEmptySubsequences: false)
        let cut = lines.prefix(40).joined(separator: "\n")
        let issues = readIssues(cut)
        let first = issues.first
        #expect(first?.line != nil)
        #expect((first?.line ?? 0) >= 40)
        #expect(first?.description.hasPrefix("line ") == true)
    }

    @Test func wrongAttributeTypeGivesTheSchemaMessageAndLine() throws {
        let lines = Self.valid.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let n = try #require(lines.firstIndex { $0.contains(#"<discreteSize width="640""#) })
        var broken = lines
        broken[n] = broken[n].replacing(#"width="640""#, with: #"width="wide""#)
        let issues = readIssues(broken.joined(separator: "\n"))
        #expect(issues.count == 1)
        #expect(issues.first?.line == n + 1)
        #expect(
            issues.first?.message
                == "Element '{https://camprobe.dev/schema/profile/1}discreteSize', attribute 'width': 'wide' is not a valid value of the atomic type 'xs:unsignedInt'."
        )
    }

    @Test func unknownElementAndMissingAttributeAreNamed() {
        let extra = Self.valid.replacing("<captures>", with: "<captures>\n<surprise/>")
        #expect(readIssues(extra).first?.message.contains("surprise") == true)
        let missing = Self.valid.replacing(#" kind="usb""#, with: "")
        #expect(readIssues(missing).first?.message.contains("The attribute 'kind' is required but missing") == true)
    }

    /// What the XSD lets through but the model cannot hold is still reported with its line.
    @Test func outOfRangeFractionIsReportedWithLine() throws {
        let text = Self.valid.replacing("<interval>1001/30000</interval>", with: "<interval>99999999999/1</interval>")
        let issues = readIssues(text)
        let line = try #require(text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("99999999999/1") })
        #expect(issues.first?.line == line + 1)
        #expect(issues.first?.message.contains("not a fraction") == true)
    }

    @Test func deepNestingIsRefused() {
        let deep = "<cameraProfile>" + String(repeating: "<a>", count: 40) + String(repeating: "</a>", count: 40) + "</cameraProfile>"
        #expect(readIssues(deep).first?.message.contains("nested deeper than 32") == true)
        let deeper = "<a>" + String(repeating: "<a>", count: 400) + String(repeating: "</a>", count: 401)
        #expect(!readIssues(deeper).isEmpty)
    }

    @Test func oversizedInputIsRefusedUnread() {
        let huge = [UInt8](repeating: 0x20, count: 64 * 1024 * 1024 + 1)
        #expect(XMLProfile.validate(huge).first?.message.contains("larger than 64 MiB") == true)
        #expect(JSONProfile.validate(huge).first?.message.contains("larger than 64 MiB") == true)
    }

    @Test func wrongRootIsRejected() {
        let issues = readIssues(#"<cameraProfile xmlns="urn:other" schemaVersion="1" generator="x"/>"#)
        #expect(issues.first?.message.contains("No matching global declaration") == true)
    }
}
