import CamProbe
import CamProbeTesting
import Foundation
import Reporting
import Testing

/// The report's writers from a small model (the fake's webcam, read through the seam): what they escape, what an
/// unknown value prints, and what a comparison of two reports says. Each expectation names exact text, so a writer
/// that stops escaping, drops a row or changes a mark fails here before any profile's report changes.
@Suite("Reporting: HTML, Markdown and SVG from a report")
struct ReportWritersTests {
    /// A name that is markup, a table cell's end, emphasis, a new line, a column and a terminal escape at once.
    static let hostileJSON = #"<script>x|y*_z_\n\tE\u001b[31m"#
    static let hostile = "<script>x|y*_z_\n\tE\u{1B}[31m"

    /// The fake's webcam, with its card name and its YUYV format's description replaced, and parts left out.
    static func device(name: String = "Seam Cam", format: String = "YUYV 4:2:2", serial: Bool = true, value: Bool = true)
        throws -> Device
    {
        var node = streamableNode()
            .replacingOccurrences(of: "Seam Cam", with: name)
            .replacingOccurrences(of: "YUYV 4:2:2", with: format)
        if !serial { node = node.replacingOccurrences(of: #","serial":"SEAM1""#, with: "") }
        let system = try Fixtures.system(json: #"{"nodes":["# + node + "]}")
        var device = try #require(system.discoverAll().devices.first)
        // The fake answers every control's value; a value no one could read is the model's nil.
        if !value { device.captures[0].controls?[0].value = nil }
        return device
    }

    @Test func htmlEscapesEverythingAndShowsControlsAsTheTerminalDoes() {
        #expect(HTMLDocument.escape(#"a<b>&"'"#) == "a&lt;b&gt;&amp;&quot;&#39;")
        #expect(HTMLDocument.escape("E\u{1B}[m\u{85}\t\n") == "E\\u{1B}[m\\u{85}\t\n")
    }

    @Test func markdownEscapesPunctuationKeepsWordUnderscoresAndSpellsLineBreaks() {
        #expect(MarkdownReport.escape("focus_absolute _x_ a|b*c") == #"focus_absolute \_x\_ a\|b\*c"#)
        #expect(MarkdownReport.escape("<a href>&#!`[l]") == ##"\<a href\>\&\#\!\`\[l\]"##)
        // A newline or tab inside a value is spelled out (then its backslash is escaped): no new row, no new column.
        #expect(MarkdownReport.escape("a\nb\tc\rd") == #"a\\u{0A}b\\u{09}c d"#)
    }

    @Test func aHostileNameAndFormatStayTextInTheHTMLReport() throws {
        let d = try Self.device(name: Self.hostileJSON, format: Self.hostileJSON)
        #expect(d.name == Self.hostile)
        let html = HTMLReport.render([DeviceReport(d)], generator: "camprobe test")
        #expect(!html.contains("<script"), "markup from a device name got into the page")
        #expect(!html.contains("\u{1B}"), "a raw ESC got into the page")
        #expect(html.contains("&lt;script&gt;x|y*_z_\n\tE\\u{1B}[31m"))
        // One chart per pixel format, every one closed.
        #expect(html.components(separatedBy: "<svg").count - 1 == 2)
        #expect(html.components(separatedBy: "</svg>").count - 1 == 2)
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.hasSuffix("</html>\n"), "\(html.prefix(40))…\(html.suffix(40))")
    }

    @Test func aHostileNameIsOneCellInTheMarkdownReport() throws {
        let md = MarkdownReport.render([DeviceReport(try Self.device(name: Self.hostileJSON))], generator: "camprobe test")
        let escaped = #"\<script\>x\|y\*\_z\_\\u{0A}\\u{09}E"# + "\u{1B}" + #"\[31m"#
        #expect(md.contains("## " + escaped + "\n"), "\(md.prefix(300))")
        #expect(md.contains("| Name | " + escaped + " |\n"))
        #expect(md.replacingOccurrences(of: "\\<", with: "").firstIndex(of: "<") == nil, "an unescaped < in the Markdown")
    }

    @Test func anUnknownValuePrintsADash() throws {
        let r = DeviceReport(try Self.device(serial: false, value: false))
        #expect(r.identity.first { $0.0 == "Serial" }?.1 == "-")
        let md = MarkdownReport.render([r], generator: "camprobe test")
        #expect(md.contains("| Serial | - |\n"))
        #expect(md.contains("| brightness | int | 0…255 | 128 | - |"), "\(md)")
        let html = HTMLReport.render([r], generator: "camprobe test")
        #expect(html.contains("<tr><th>Serial</th><td>-</td></tr>"))
        #expect(html.contains("<tr><td>brightness</td><td>int</td><td>0…255</td><td>128</td><td>-</td><td></td><td></td></tr>"))
    }

    @Test func aComparisonSaysWhatDiffersAndMarksIt() throws {
        let a = DeviceReport(try Self.device())
        var changed = try Self.device(name: "Other Cam", value: false)
        changed.captures[0].formats.removeAll { $0.fourcc.description == "MJPG" }
        let c = ReportComparison(a, DeviceReport(changed))
        let found = c.differences.map { "\($0.area) \($0.item) \($0.kind.rawValue): \($0.a) → \($0.b)" }
        #expect(found.contains("identity Name changed: Seam Cam → Other Cam"), "\(found)")
        #expect(found.contains { $0.hasPrefix("format MJPG removed: Motion-JPEG") && $0.hasSuffix("→ -") }, "\(found)")
        #expect(!found.contains { $0.hasPrefix("size ") && $0.contains("YUYV") }, "YUYV's sizes are the same on both: \(found)")
        let md = MarkdownReport.render(c, generator: "camprobe test")
        #expect(md.contains("## Differences (\(c.differences.count))\n"))
        #expect(md.contains("| identity | Name | changed | Seam Cam | Other Cam |\n"))
        #expect(md.contains("\n## A: Seam Cam\n") && md.contains("\n## B: Other Cam\n"))
        let html = HTMLReport.render(c, generator: "camprobe test")
        #expect(html.contains(#"<tr class="removed"><td>format</td><td>MJPG</td><td>removed</td>"#))
        #expect(html.contains(#"<tr class="changed"><td>identity</td><td>Name</td><td>changed</td>"#))

        let same = ReportComparison(a, a)
        #expect(same.differences.isEmpty)
        #expect(MarkdownReport.render(same, generator: "camprobe test").contains("## Differences (0)\n\nNo differences.\n"))
        #expect(HTMLReport.render(same, generator: "camprobe test").contains("<p>No differences: the two report the same.</p>"))
    }
}
