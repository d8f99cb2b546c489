import Foundation
import Testing

@testable import CamProbeCLI

/// Under a locale that is not UTF-8 camprobe's text is ASCII throughout;
/// under a UTF-8 one its arrows and marks stay; JSON is UTF-8 either way.
@Suite("ASCII text when the locale is not UTF-8")
struct AsciiLocaleTests {
    static let root = ProfileCommandEndToEndTests.root
    static func profile(_ name: String) -> String { root + "/Profiles/\(name).json" }

    /// Text commands that write arrows, dashes, ellipses and marks in a UTF-8 locale.
    static let commands: [[String]] = [
        ["list", "--profile", profile("c525"), "--profile", profile("imported-pi-imx708"), "--profile", profile("camlink-4k")],
        ["show", "0", "--profile", profile("c525")],
        ["show", "0", "--profile", profile("imported-pi-imx708")],
        ["show", "0", "--profile", profile("camlink-4k")],
        ["negotiate", "0", "--profile", profile("camlink-4k"), "--size", "3840x2160", "--fps", "30", "--explain"],
        ["negotiate", "0", "--profile", profile("c525"), "--size", "3840x2160", "--at-least", "--explain"],
        ["ctl", "0", "--profile", profile("c525")],
        ["negotiate", "0", "--profile", profile("c525"), "--preset", "hihg"],
    ]

    static func run(_ args: [String], locale: String) throws -> Run {
        try CLI.run(CLI.fakeBinary, args, environment: ["LC_ALL": locale, "COLUMNS": ""])
    }

    static func nonASCII(_ s: String) -> [Character] { s.filter { !$0.isASCII } }

    @Test(arguments: commands)
    func underLC_ALL_CNothingWrittenIsOutsideASCII(args: [String]) throws {
        let r = try Self.run(args, locale: "C")
        #expect(!r.stdout.isEmpty || !r.stderr.isEmpty)
        #expect(Self.nonASCII(r.stdout).isEmpty, "stdout of \(args[0]): \(Set(Self.nonASCII(r.stdout)))")
        #expect(Self.nonASCII(r.stderr).isEmpty, "stderr of \(args[0]): \(Set(Self.nonASCII(r.stderr)))")
    }

    @Test func underAUTF8LocaleTheArrowsAndMarksStay() throws {
        let adjusted = try Self.run(Self.commands[4], locale: "C.UTF-8")
        #expect(adjusted.stdout.contains("changed rate: 30 fps → 29.97 fps"), "\(adjusted.stdout)")
        let ascii = try Self.run(Self.commands[4], locale: "C")
        #expect(ascii.stdout.contains("changed rate: 30 fps -> 29.97 fps"), "\(ascii.stdout)")
        let ctl = try Self.run(Self.commands[6], locale: "en_US.UTF-8")
        #expect(ctl.stdout.contains("…"), "ranges as min…max: \(ctl.stdout)")
        #expect(try Self.run(Self.commands[6], locale: "POSIX").stdout.contains("..."))
    }

    /// A driver's name with letters outside ASCII: escaped in text; in JSON and XML escaped
    /// the format's own way under LC_ALL=C (the same document), written as UTF-8 under a UTF-8 locale.
    @Test func aDeviceNameOutsideASCIIIsEscapedInTextAndKeptInJSON() throws {
        let fixture = try CLI.fixture(
            #"""
            {"nodes":[{"path":"/dev/video0","driver":"uvcvideo","card":"Caméra µ","busInfo":"usb-1","version":"6.1.0",
             "capabilities":"0x84a00001","deviceCaps":"0x04200001","formats":[]}]}
            """#)
        let text = try Self.run(["show", "0", "--fixture", fixture], locale: "C")
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("Cam\\u{E9}ra u"), "\(text.stdout)")
        #expect(Self.nonASCII(text.stdout).isEmpty)
        let json = try Self.run(["show", "0", "--fixture", fixture, "--json"], locale: "C")
        #expect(Self.nonASCII(json.stdout).isEmpty, "JSON under LC_ALL=C: \(Set(Self.nonASCII(json.stdout)))")
        #expect(json.stdout.contains(#""name" : "Cam\u00e9ra \u00b5""#), "\(json.stdout.prefix(400))")
        let parsed = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect((parsed?["device"] as? [String: Any])?["name"] as? String == "Caméra µ", "the same value once parsed")
        let xml = try Self.run(["profile", "write", "0", "--fixture", fixture, "--format", "xml", "-o", "-"], locale: "C")
        #expect(Self.nonASCII(xml.stdout).isEmpty && xml.stdout.contains("Cam&#xE9;ra &#xB5;"), "\(xml.stdout.prefix(600))")
        let utf8JSON = try Self.run(["show", "0", "--fixture", fixture, "--json"], locale: "C.UTF-8")
        #expect(utf8JSON.stdout.contains("Caméra µ"), "JSON under a UTF-8 locale is UTF-8")
        let utf8 = try Self.run(["show", "0", "--fixture", fixture], locale: "C.UTF-8")
        #expect(utf8.stdout.contains("Caméra µ"))
    }

    @Test func theLocaleIsLC_ALLThenLC_CTYPEThenLANG() {
        func utf8(_ env: [String: String]) -> Bool { TextLocale.utf8 { env[$0] } }
        #expect(utf8(["LANG": "en_US.UTF-8"]))
        #expect(utf8(["LC_CTYPE": "de_DE.utf8", "LANG": "C"]))
        #expect(!utf8(["LC_ALL": "C", "LANG": "en_US.UTF-8"]))
        #expect(utf8(["LC_ALL": "", "LANG": "C.UTF-8"]), "an empty variable is not set")
        #expect(!utf8(["LANG": "en_US.ISO-8859-1"]))
        #expect(utf8(["LANG": "sv_SE.Utf-8"]) && utf8(["LANG": "UTF8"]), "any case")
        #expect(!utf8(["LANG": "utf"]) && !utf8(["LANG": "en_US.UTF-16"]))
        #expect(!utf8([:]))
    }

    /// DEL and U+0080–U+009F are found wherever they are; other two-byte scalars with the same lead byte are not controls.
    @Test func jsonTextFindsDELAndC1ControlsAnywhere() {
        func has(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBytes { JSONText.hasControls($0) } }
        #expect(!has([]) && !has(Array("plain \"ascii\" é".utf8)))
        #expect(has(Array("abc".utf8) + [0x7F]) && has([0x7F]))
        #expect(has(Array("x".utf8) + [0xC2, 0x80]) && has([0xC2, 0x9F]))
        #expect(!has([0xC2, 0xA0]) && !has([0x41, 0xC2]), "NBSP is no control; a lone lead byte at the end is none")
        #expect(has([0xC2, 0xA0, 0x41, 0xC2, 0xA9, 0xC2, 0x85]), "a control after other 0xC2 scalars")
        #expect(JSONText.escapingControls([0x61, 0xC2, 0x85, 0x7F]) == Array("a\\u0085\\u007f".utf8))
    }

    @Test func renderWritesEveryNonASCIIScalarAsASCIIAndStillColours() {
        let s = Terminal.colourMark("1", "a → b ✗ c ✓ … 3×4 ≤ ≥ – — • █ µs −∞ é")
        let out = TerminalText.renderString(s, ascii: true)
        #expect(out == "\u{1B}[1ma -> b x c ok ... 3x4 <= >= - - * # us -inf \\u{E9}\u{1B}[0m")
        #expect(TerminalText.width(s, ascii: true) == out.count - 8)
        #expect(TerminalText.renderString("a → b", ascii: false) == "a → b")
    }
}
