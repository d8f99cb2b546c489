import Foundation
import Testing

/// The device's PipeWire view beyond `list`: `show --json`, `profile write` (JSON and XML) and the HTML and
/// Markdown reports carry the part of it that is about the device, from the fake daemon at the seam
/// (camprobe-fake `--pipewire FILE`); a view not read says why; saved profiles read no daemon, and carry the view they
/// were written with.
@Suite("show --json, profiles and reports carry the PipeWire view", .serialized)
struct PipeWireProfileReportTests {
    static let emeet = PipeWireListTests.emeet
    static let registry = PipeWireListTests.registry
    static let node = "v4l2_input.pci-0000_00_14.0-usb-0_2_1.0"

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func showJSONCarriesTheDevicesPartOfTheViewAndItsSchemaHoldsIt() throws {
        let r = try CLI.run(["show", "/dev/video4", "--json"] + Self.emeet + Self.registry)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try OutputSchemaTests.issues("camprobe-profile.schema.json", r.stdout) == [])
        let pw = try #require(try Self.object(r.stdout)["pipewire"] as? [String: Any])
        #expect(pw["status"] as? String == "read")
        let nodes = try #require((pw["view"] as? [String: Any])?["nodes"] as? [[String: Any]])
        #expect(nodes.count == 1 && nodes.first?["name"] as? String == Self.node)
        let join = try #require((pw["joins"] as? [[String: Any]])?.first)
        #expect(join["nodeID"] as? Int == 41 && join["devnode"] as? String == "/dev/video4")
        let unpublished = try #require(pw["unpublished"] as? [[String: Any]])
        #expect(unpublished.map { $0["devnode"] as? String } == ["/dev/video5"])
    }

    @Test func showJSONOfADeviceNoNodeStandsForHasNoNodesAndNotReadSaysWhy() throws {
        // Another camera beside the EMEET: read, and no node of the daemon is its.
        let c525 = try CLI.run(["show", "c525", "--json", "--fixture", CLI.fixtures + "/c525.json"] + Self.emeet + Self.registry)
        #expect(c525.status == 0, "\(c525.stderr)")
        let pw = try #require(try Self.object(c525.stdout)["pipewire"] as? [String: Any])
        #expect(pw["status"] as? String == "read" && ((pw["view"] as? [String: Any])?["nodes"] as? [Any])?.isEmpty == true)
        // No daemon: the status and the one line why; no view, nothing claimed.
        let none = try CLI.run(["show", "/dev/video4", "--json"] + Self.emeet)
        let unread = try #require(try Self.object(none.stdout)["pipewire"] as? [String: Any])
        #expect(unread["status"] as? String == "noDaemon" && unread["view"] == nil && (unread["message"] as? String)?.isEmpty == false)
        #expect(try OutputSchemaTests.issues("camprobe-profile.schema.json", none.stdout) == [])
        // --no-pipewire: "off", as list --json says it.
        let off = try CLI.run(["show", "/dev/video4", "--json", "--no-pipewire"] + Self.emeet + Self.registry)
        #expect(off.stdout.contains(#""status" : "off""#) && !off.stdout.contains("v4l2_input"), "\(off.stdout.suffix(300))")
    }

    @Test func savedProfilesCarryNoView() throws {
        let r = try CLI.run(["show", "0", "--json", "--profile", LazyLibraryTests.profiles + "/c525.json"] + Self.emeet + Self.registry)
        #expect(r.status == 0 && !r.stdout.contains(#""pipewire""#), "\(r.stderr)")
    }

    @Test func profileWriteCarriesItInJSONAndXMLAlike() throws {
        let json = try CLI.run(["profile", "/dev/video4", "-o", "-"] + Self.emeet + Self.registry)
        #expect(json.status == 0, "\(json.stderr)")
        #expect(json.stdout.contains(Self.node) && json.stdout.contains(#""status" : "read""#))
        let xml = try CLI.run(["profile", "/dev/video4", "--format", "xml", "-o", "-"] + Self.emeet + Self.registry)
        #expect(xml.status == 0, "\(xml.stderr)")
        #expect(xml.stdout.contains(#"<pipewire status="read">"#) && xml.stdout.contains("<frameRate>30/1</frameRate>"), "\(xml.stdout)")
        let dir = CLI.scratch + "/pipewire-profiles"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try json.stdout.write(toFile: dir + "/p.json", atomically: true, encoding: .utf8)
        try xml.stdout.write(toFile: dir + "/p.xml", atomically: true, encoding: .utf8)
        let v = try CLI.run(["profile", "validate", dir + "/p.json", dir + "/p.xml"])
        #expect(v.status == 0, "\(v.stderr)")
        // Read back, both forms give the same document: the one written as JSON.
        let back = try CLI.run(["profile", "--profile", dir + "/p.xml", "-o", "-"])
        #expect(back.status == 0, "\(back.stderr)")
        #expect(try Self.object(back.stdout)["device"] as? NSDictionary == (try Self.object(json.stdout))["device"] as? NSDictionary)
        // Written again from the file, the profile keeps the view it carries (and drops it with --no-pipewire).
        #expect(try Self.object(back.stdout)["pipewire"] as? NSDictionary == (try Self.object(json.stdout))["pipewire"] as? NSDictionary)
        let dropped = try CLI.run(["profile", "--profile", dir + "/p.xml", "--no-pipewire", "-o", "-"])
        #expect(dropped.status == 0 && !dropped.stdout.contains(#""pipewire""#), "\(dropped.stderr)")
        // show --json of the saved profile answers as the live one did, its view included.
        let shown = try CLI.run(["show", "0", "--json", "--profile", dir + "/p.xml"])
        #expect(try Self.object(shown.stdout)["pipewire"] as? NSDictionary == (try Self.object(json.stdout))["pipewire"] as? NSDictionary)
        // A report of the saved profile shows the view it was written with.
        let report = try CLI.run(["report", "--md", "--profile", dir + "/p.json"])
        #expect(
            report.status == 0 && report.stdout.contains("### PipeWire") && report.stdout.contains("Firefox (pid 4242)"), "\(report.stdout)"
        )
    }

    @Test func theReportsHaveAPipeWireSection() throws {
        let html = try CLI.run(["report", "--html", "--no-thumbnail", "-o", "-", "/dev/video4"] + Self.emeet + Self.registry)
        #expect(html.status == 0, "\(html.stderr)")
        #expect(html.stdout.contains("<h3>PipeWire</h3>") && html.stdout.contains("PipeWire 0.3.65 (pipewire-0)"))
        #expect(html.stdout.contains("<td>\(Self.node)</td>") && html.stdout.contains("<td>Camera</td>"), "\(html.stdout)")
        #expect(html.stdout.contains("<td>object.path (/dev/video4)</td>") && html.stdout.contains("<td>3</td>"))
        #expect(html.stdout.contains("Firefox (pid 4242) [org.mozilla.firefox]"))
        #expect(html.stdout.contains("not published: /dev/video5: a metadata node"))
        let md = try CLI.run(["report", "--md", "/dev/video4"] + Self.emeet + Self.registry)
        #expect(md.status == 0, "\(md.stderr)")
        #expect(
            md.stdout.contains("### PipeWire") && md.stdout.contains("| Node | Name | API | Media role | Joined by | Formats | Used by |"))
        #expect(
            md.stdout.contains(
                "| 41 | \(Self.node) | v4l2 | Camera | object.path (/dev/video4) | 3 | Firefox (pid 4242) \\[org.mozilla.firefox\\] |"))
        #expect(md.stdout.contains("- not published: /dev/video5: a metadata node"), "\(md.stdout)")
    }

    @Test func aReportOfAViewNotReadSaysWhyInOneLineAndProfilesHaveNoSection() throws {
        let md = try CLI.run(["report", "--md", "/dev/video4"] + Self.emeet)
        #expect(md.status == 0, "\(md.stderr)")
        let section = md.stdout.components(separatedBy: "### PipeWire\n\n").last?.components(separatedBy: "\n\n").first ?? ""
        #expect(section.hasPrefix("PipeWire view off: ") && !section.contains("\n") && !section.contains("no camera node"), "\(section)")
        let saved = try CLI.run(["report", "--md", "--profile", LazyLibraryTests.profiles + "/c525.json"] + Self.emeet + Self.registry)
        #expect(saved.status == 0 && !saved.stdout.contains("PipeWire"), "\(saved.stderr)")
    }

    @Test func hostileNodeAndApplicationNamesAreEscaped() throws {
        let fixture = try String(contentsOfFile: CLI.fixtures + "/pipewire/emeet-s800.json", encoding: .utf8)
            .replacingOccurrences(
                of: #""node.name": "v4l2_input.pci"#, with: #""node.name": "<script>alert(1)</script>&amp;|*_v4l2_input.pci"#
            )
            .replacingOccurrences(of: #""application.name": "Firefox""#, with: #""application.name": "<img src=x onerror=alert(1)>\"'""#)
        let hostile = try CLI.fixture(fixture)
        let html = try CLI.run(["report", "--html", "--no-thumbnail", "-o", "-", "/dev/video4"] + Self.emeet + ["--pipewire", hostile])
        #expect(html.status == 0, "\(html.stderr)")
        #expect(!html.stdout.contains("<script") && !html.stdout.contains("<img src=x"), "\(html.stdout)")
        #expect(html.stdout.contains("&lt;script&gt;alert(1)&lt;/script&gt;&amp;amp;"), "\(html.stdout)")
        #expect(html.stdout.contains("&lt;img src=x onerror=alert(1)&gt;"))
        // Chromium renders it: the hostile names are text of the PipeWire table, no element of their own.
        if let chromium = ReportTests.findChromium() {
            let dir = CLI.scratch + "/pipewire-chromium-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            try html.stdout.write(toFile: dir + "/report.html", atomically: true, encoding: .utf8)
            let common = ["--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(dir)/profile", "--no-first-run"]
            let dom = try CLI.run(chromium, common + ["--dump-dom", "file://\(dir)/report.html"], environment: [:])
            #expect(dom.stdout.contains("<h3>PipeWire</h3>"), "the section is in the rendered DOM: \(dom.stderr.suffix(300))")
            #expect(!dom.stdout.contains("<script>alert") && !dom.stdout.contains("<img src=\"x\""), "a name became markup")
            #expect(dom.stdout.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "the name is text in the DOM")
        } else {
            Issue.record("chromium is not installed: sudo apt-get install -y chromium (scripts/install-deps.sh does)")
        }
        let md = try CLI.run(["report", "--md", "/dev/video4"] + Self.emeet + ["--pipewire", hostile])
        // Markdown: every `<` of the names backslash-escaped, so none is markup.
        let unescaped = md.stdout.replacingOccurrences(of: "\\<", with: "")
        #expect(
            !unescaped.contains("<script") && !unescaped.contains("<img")
                && md.stdout.contains(#"\<script\>alert(1)\</script\>\&amp;\|\*\_v4l2"#), "\(md.stdout)")
    }
}
