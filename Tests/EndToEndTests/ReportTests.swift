import Foundation
import Testing

/// `camprobe report`: the HTML is well formed, self-contained and escaped, the
/// Markdown has its tables, `--compare` marks differences, and Chromium renders it.
@Suite struct ReportTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let c525 = root + "/Profiles/c525.json"
    static let vimc = root + "/Profiles/vimc-sensor-a.json"

    /// The report of `args` on standard output.
    static func report(_ args: [String]) throws -> String {
        let r = try CLI.run(["report"] + args + ["-o", "-"])
        #expect(r.status == 0, "camprobe report \(args): \(r.stderr)")
        return r.stdout
    }

    /// Runs python3 with `script` and `args`; its standard output.
    static func python(_ script: String, _ args: [String]) throws -> String {
        let path = CLI.scratch + "/\(UUID().uuidString).py"
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        let r = try CLI.run("/usr/bin/env", ["python3", path] + args, environment: [:])
        #expect(r.status == 0, "python3: \(r.stderr)")
        return r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Every element opened is closed, in order (python3's html.parser; void elements and `<x/>` excepted).
    static let checker = """
        import sys
        from html.parser import HTMLParser
        VOID = {'meta', 'img', 'br', 'hr', 'link', 'col', 'input', 'area', 'base', 'source', 'wbr'}
        class P(HTMLParser):
            def __init__(self):
                super().__init__(convert_charrefs=True)
                self.stack, self.errors = [], []
            def handle_starttag(self, tag, attrs):
                if tag not in VOID:
                    self.stack.append(tag)
            def handle_endtag(self, tag):
                if self.stack and self.stack[-1] == tag:
                    self.stack.pop()
                else:
                    self.errors.append('</%s> at %s while open: %s' % (tag, self.getpos(), self.stack[-3:]))
        p = P()
        p.feed(open(sys.argv[1], encoding='utf-8').read())
        p.close()
        if p.stack:
            p.errors.append('never closed: ' + ' '.join(p.stack))
        print('\\n'.join(p.errors) or 'ok')
        """

    static func wellFormed(_ html: String) throws -> String {
        let path = CLI.scratch + "/\(UUID().uuidString).html"
        try html.write(toFile: path, atomically: true, encoding: .utf8)
        return try python(checker, [path])
    }

    static func count(_ needle: String, in s: String) -> Int { s.components(separatedBy: needle).count - 1 }

    @Test(arguments: [c525, vimc])
    func htmlIsWellFormedSelfContainedWithAChartPerFormat(_ profile: String) throws {
        let html = try Self.report(["--profile", profile, "--html"])
        #expect(try Self.wellFormed(html) == "ok")
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        let formats = Self.count("<figure class=\"format\"", in: html)
        #expect(formats > 0)
        #expect(Self.count("<svg class=\"chart\"", in: html) == formats)
        #expect(html.contains("<table class=\"modes\""))
        #expect(Self.count("<tr class=\"mode-row\">", in: html) >= 5)
        #expect(html.contains("<table class=\"presets\"") && html.contains("1080p30") && html.contains("highest fps"))
        #expect(html.contains("@media print"))
        // Nothing from the network, no scripts: the only URL is the SVG namespace.
        let rest = html.replacingOccurrences(of: "xmlns=\"http://www.w3.org/2000/svg\"", with: "")
        #expect(!rest.contains("http"))
        #expect(!html.lowercased().contains("<script"))
    }

    @Test func c525ShowsItsFormatsPresetsAndRangesAsCharts() throws {
        let html = try Self.report(["--profile", Self.c525, "--html"])
        #expect(html.contains("data-fourcc=\"MJPG\"") && html.contains("data-fourcc=\"YUYV\""))
        #expect(html.contains("class=\"valid\">VALID") && html.contains("class=\"unsupported\">UNSUPPORTED"))
        #expect(html.contains("class=\"bar\""))
        #expect(html.contains("max fps") && html.contains("frame size (width×height"))
        let vimc = try Self.report(["--profile", Self.vimc, "--html"])
        #expect(vimc.contains("<svg class=\"graph\""))
        #expect(vimc.contains("class=\"range"), "vimc's continuous sizes are drawn as a range")
        let hdmi = try Self.report(["--profile", Self.root + "/Profiles/vivid-multiplanar-hdmi.json", "--html"])
        #expect(hdmi.contains("<polygon class=\"range\""), "stepwise sizes with rates are a band")
    }

    /// A live camera's report carries one frame (a 320-px PNG) as a data: URI; a profile's
    /// report, or one asked for with --no-thumbnail, carries none.
    @Test func aLiveCameraReportEmbedsAThumbnail() throws {
        let path = CLI.scratch + "/live-report.html"
        let live = try CLI.run(["--fixture", CLI.fixtures + "/c525.json", "report", "0", "--html", "-o", path])
        #expect(live.status == 0, "\(live.stderr)")
        let html = try String(contentsOfFile: path, encoding: .utf8)
        let marker = "data:image/png;base64,"
        let start = try #require(html.range(of: marker))
        let encoded = html[start.upperBound...].prefix { $0 != "\"" }
        let png = try #require(Data(base64Encoded: String(encoded)))
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // IHDR: width and height, big-endian, at bytes 16 and 20: the fixture's 640x480 as 320x240.
        let bytes = Array(png)
        let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 320 && height == 240, "\(width)x\(height)")
        let without = try CLI.run(["--fixture", CLI.fixtures + "/c525.json", "report", "0", "--html", "--no-thumbnail", "-o", "-"])
        #expect(!without.stdout.contains(marker))
    }

    @Test func namesAreEscaped() throws {
        var json = try String(contentsOfFile: Self.c525, encoding: .utf8)
        let evil = "<script>alert(\\\"x\\\")</script> & 'Co'"
        let name = try #require(json.range(of: "\"name\" : \"HD Webcam C525\"") ?? json.range(of: "\"name\": \"HD Webcam C525\""))
        json.replaceSubrange(name, with: "\"name\": \"\(evil)\"")
        let file = try CLI.fixture(json)
        let html = try Self.report(["--profile", file, "--html"])
        #expect(!html.contains("<script>"))
        #expect(html.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Co&#39;"))
        #expect(try Self.wellFormed(html) == "ok")
        let md = try Self.report(["--profile", file, "--md"])
        #expect(!md.contains("<script>"))
        #expect(md.contains("\\<script\\>"))
    }

    @Test func markdownHasTheTables() throws {
        let md = try Self.report(["--profile", Self.c525, "--md"])
        #expect(md.contains("| Request | Meaning | Answer | Mode | Why |"))
        #expect(md.contains("| 1080p30 |") && md.contains("| 4K30 |") && md.contains("| highest fps |"))
        #expect(md.contains("| Feature | Current | Modes | Details | Evidence |"))
        #expect(md.contains("| Size | Kind | Max fps | Frame rates |"))
        #expect(md.contains("| Control | Type | Range | Default | Value | Flags | Menu |"))
        #expect(md.contains("UNSUPPORTED") && md.contains("VALID"))
        // Without -o, Markdown goes to standard output.
        let r = try CLI.run(["report", "--profile", Self.c525, "--md"])
        #expect(r.status == 0 && r.stdout == md)
    }

    @Test func thePairedMicrophoneIsShown() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.c525))
        var doc = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        var device = try #require(doc["device"] as? [String: Any])
        let pcm: [String: Any] = [
            "device": 0, "alsaName": "hw:1,0", "name": "USB Audio", "subdevices": 1, "formats": ["S16_LE"], "minChannels": 1,
            "maxChannels": 1, "minRate": 16000, "maxRate": 48000, "rates": [16000, 48000], "problems": [],
        ]
        device["audio"] = [
            [
                "card": 1, "cardID": "C525", "name": "HD Webcam C525", "longName": "HD Webcam C525 at usb-0000:00:1a.0-1.2",
                "driver": "USB-Audio", "controlPath": "/dev/snd/controlC1", "pcms": [pcm], "problems": [],
            ] as [String: Any]
        ]
        doc["device"] = device
        let file = CLI.scratch + "/c525-with-microphone.json"
        try JSONSerialization.data(withJSONObject: doc).write(to: URL(fileURLWithPath: file))
        let html = try Self.report(["--profile", file, "--html"])
        #expect(html.contains("<td>/dev/snd/controlC1</td>") && html.contains("rates 16000-48000 Hz"))
        let md = try Self.report(["--profile", file, "--md"])
        #expect(md.contains("| Card | 1 'C525': HD Webcam C525 — USB-Audio |"))
        let none = try Self.report(["--profile", Self.c525, "--md"])
        #expect(none.contains("no paired microphone"))
    }

    @Test func compareMarksARemovedSize() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.c525))
        var doc = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        var device = try #require(doc["device"] as? [String: Any])
        var captures = try #require(device["captures"] as? [[String: Any]])
        var formats = try #require(captures[0]["formats"] as? [[String: Any]])
        var sizes = try #require(formats[0]["sizes"] as? [[String: Any]])
        let removed = sizes.removeLast()
        let label = "\(formats[0]["fourcc"] as? String ?? "?") \(removed["width"] as? Int ?? 0)x\(removed["height"] as? Int ?? 0)"
        formats[0]["sizes"] = sizes
        captures[0]["formats"] = formats
        device["captures"] = captures
        doc["device"] = device
        let copy = CLI.scratch + "/c525-one-size-less.json"
        try JSONSerialization.data(withJSONObject: doc).write(to: URL(fileURLWithPath: copy))
        let html = try Self.report(["--compare", Self.c525, copy, "--html"])
        #expect(try Self.wellFormed(html) == "ok")
        #expect(html.contains("<tr class=\"removed\"><td>size</td><td>\(label)</td>"), "\(label) is marked removed")
        #expect(Self.count("<svg class=\"chart\"", in: html) >= 4, "both cameras' charts, side by side")
        #expect(Self.count("<rect class=\"bar removed\"", in: html) == 1, "A's chart colours the size B lacks")
        let same = try Self.report(["--compare", Self.c525, Self.c525, "--html"])
        #expect(same.contains("No differences"))
        let md = try Self.report(["--compare", Self.c525, copy, "--md"])
        #expect(md.contains("| size | \(label) | removed |"))
    }

    @Test func htmlWithoutOutputNamesTheFileAfterTheDevice() throws {
        let dir = CLI.scratch + "/out-\(UUID().uuidString)/"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let r = try CLI.run(["report", "--profile", Self.c525, "--html", "-o", dir])
        #expect(r.status == 0, "\(r.stderr)")
        let path = r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let name = URL(fileURLWithPath: path).lastPathComponent
        #expect(name.hasPrefix("camprobe-report-usb-046d-0826") && name.hasSuffix(".html") && !name.contains(":"))
        #expect(FileManager.default.fileExists(atPath: path))
        let usage = try CLI.run(["report", "--profile", Self.c525])
        #expect(usage.status == 2 && usage.stderr.contains("--html or --md"))
    }

    // MARK: - Headless Chromium

    static func findChromium() -> String? {
        let dirs = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":").map(String.init)
        for name in ["chromium", "chromium-browser", "google-chrome"] {
            for d in dirs where FileManager.default.isExecutableFile(atPath: d + "/" + name) { return d + "/" + name }
        }
        return nil
    }

    /// The number of distinct pixel colours in a PNG (8-bit RGB/RGBA, non-interlaced: what Chromium writes).
    static let pngColours = """
        import sys, zlib, struct
        data = open(sys.argv[1], 'rb').read()
        assert data[:8] == b'\\x89PNG\\r\\n\\x1a\\n', 'not a PNG'
        pos, idat = 8, b''
        while pos < len(data):
            n, kind = struct.unpack('>I4s', data[pos:pos + 8])
            body = data[pos + 8:pos + 8 + n]
            if kind == b'IHDR':
                w, h, depth, ctype, _, _, interlace = struct.unpack('>IIBBBBB', body)
            elif kind == b'IDAT':
                idat += body
            pos += 12 + n
        assert depth == 8 and ctype in (2, 6) and interlace == 0, (depth, ctype, interlace)
        bpp = 3 if ctype == 2 else 4
        raw = zlib.decompress(idat)
        stride = w * bpp
        prev = bytearray(stride)
        colours = set()
        for y in range(h):
            f = raw[y * (stride + 1)]
            line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b = prev[i]
                c = prev[i - bpp] if i >= bpp else 0
                if f == 1: line[i] = (line[i] + a) & 255
                elif f == 2: line[i] = (line[i] + b) & 255
                elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
                elif f == 4:
                    p = a + b - c
                    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
            if y % 4 == 0:
                for x in range(0, stride, bpp * 2):
                    colours.add(bytes(line[x:x + 3]))
            prev = line
        print(w, h, len(colours))
        """

    @Test(.timeLimit(.minutes(5))) func chromiumRendersTheChartsAndTheModeTable() throws {
        guard let chromium = Self.findChromium() else {
            Issue.record(
                "chromium is not installed: this test renders the report in headless Chromium. Install it: sudo apt-get install -y chromium (scripts/install-deps.sh does, as CI does)"
            )
            return
        }
        let dir = CLI.scratch + "/chromium-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let page = dir + "/report.html"
        let r = try CLI.run(["report", "--profile", Self.c525, "--html", "-o", page])
        #expect(r.status == 0, "\(r.stderr)")
        let common = ["--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(dir)/profile", "--no-first-run"]
        let png = dir + "/shot.png"
        let shot = try CLI.run(chromium, common + ["--window-size=1280,2000", "--screenshot=\(png)", "file://\(page)"], environment: [:])
        #expect(FileManager.default.fileExists(atPath: png), "chromium wrote no screenshot: \(shot.stderr)")
        let stats = try Self.python(Self.pngColours, [png]).split(separator: " ").compactMap { Int($0) }
        #expect(stats.count == 3 && stats[0] == 1280 && stats[1] == 2000, "\(stats)")
        #expect(stats.count == 3 && stats[2] > 20, "the screenshot is (nearly) blank: \(stats) colours")
        let dom = try CLI.run(chromium, common + ["--dump-dom", "file://\(page)"], environment: [:])
        #expect(dom.stdout.contains("<svg class=\"chart\""), "the chart is in the rendered DOM")
        #expect(dom.stdout.contains("<table class=\"modes\"") && dom.stdout.contains("mode-row"), "the mode table is in the rendered DOM")
        #expect(dom.stdout.contains("<rect class=\"bar\""))
    }
}
