import CaptureModel
import FoundationEssentials
import ProfileFormat
import SensorPipelines
import Testing
import TextImport

/// The importers against the real fixtures as forums, mail and chat pass them
/// on: each paste style must import as the clean text does.
@Suite("Importing pasted text")
struct PasteStyleTests {
    /// What a forum, mail client or chat does to a text.
    enum Style: String, CaseIterable, Sendable {
        case crlf, loneCR, tabsAsSpaces, forumIndent, tabIndent, quoted, nestedQuoted, quotedWithoutSpace, htmlQuoted
        case dollarPrompt, userHostPrompt, rootPrompt, fenced, fencedText, tildeFenced, ansi, combined, mailWrapped

        static func lines(_ text: String, _ f: (Substring) -> String) -> String {
            text.split(separator: "\n", omittingEmptySubsequences: false).map(f).joined(separator: "\n")
        }

        func apply(_ text: String) -> String {
            switch self {
            case .crlf: return text.replacing("\n", with: "\r\n")
            case .loneCR: return text.replacing("\n", with: "\r")
            case .tabsAsSpaces: return text.replacing("\t", with: "    ")
            case .forumIndent: return Self.lines(text) { $0.isEmpty ? "" : "    " + $0 }
            case .tabIndent: return Self.lines(text) { "\t" + $0 }
            case .quoted: return Self.lines(text) { $0.isEmpty ? ">" : "> " + $0 }
            case .nestedQuoted:
                var n = 0
                return Self.lines(text) { l in
                    n += 1
                    return (n % 2 == 0 ? ">> " : "> > ") + l
                }
            case .quotedWithoutSpace: return Self.lines(text) { ">" + $0 }
            case .htmlQuoted:
                return Self.lines(text) { l in
                    "&gt; "
                        + String(l).replacing("&", with: "&amp;").replacing("<", with: "&lt;")
                        .replacing(">", with: "&gt;").replacing("'", with: "&#39;")
                }
            case .dollarPrompt: return "$ v4l2-ctl -d /dev/video0 --list-formats-ext\n" + text + "\n$ "
            case .userHostPrompt: return "user@host:~$ v4l2-ctl --all\n" + text + "\npi@raspberrypi:~ $"
            case .rootPrompt: return "# v4l2-ctl -d /dev/video0 -L\n" + text + "\nroot@host:/home/pi# "
            case .fenced: return "Here is the output:\n```\n" + text + "\n```"
            case .fencedText: return "```text\n" + text + "\n```\n"
            case .tildeFenced: return "~~~\n" + text + "\n~~~"
            case .ansi:
                return Self.lines(text) { l in
                    guard let colon = l.firstIndex(of: ":") else { return String(l) + "\u{1B}[K" }
                    return "\u{1B}[1;32m\(l[l.startIndex..<colon])\u{1B}[0m\(l[colon...])\u{1B}[0;39m"
                }
            case .mailWrapped:
                // A mail client wraps at the last space within 72 columns.
                return Self.lines(text) { l in
                    var rest = String(l)
                    var out: [String] = []
                    while rest.count > 72, let cut = rest.prefix(72).lastIndex(of: " "), cut > rest.startIndex,
                        rest[..<cut].contains(where: { $0 != " " })
                    {
                        out.append(String(rest[..<cut]))
                        rest = String(rest[rest.index(after: cut)...])
                    }
                    return (out + [rest]).joined(separator: "\n")
                }
            case .combined:
                // Coloured terminal output with its prompt, fenced and indented on a forum, then quoted in a reply from Windows.
                let coloured = Style.ansi.apply(Style.userHostPrompt.apply(text))
                return Style.crlf.apply(Style.quoted.apply(Style.forumIndent.apply(Style.fencedText.apply(coloured))))
            }
        }
    }

    static let dirs = [
        "02-arducam-1080p-h264-microdia-0c45-6366", "03-logitech-c525-falcons", "06-elgato-cam-link-4k",
        "08-unknown-4k-uvc-camera-mission-control", "16-kodak-pixpro-4k-vr360", "25-emeet-smartcam-s800-4k",
    ]

    /// The files of a fixture directory as `everyFormatAndControlOfADumpIsImported` imports them.
    static func inputs(_ dir: String) throws -> [(name: String, text: String)] {
        try ImportTests.files(dir).filter { !$0.hasSuffix("list-ctrls-menus.txt") || !dir.hasPrefix("03") }
            .filter { !$0.contains("lkml") && !$0.contains("try-fmt") }.map { ($0, try ImportTests.read($0)) }
    }

    @Test(arguments: Style.allCases, dirs)
    func aPastedDumpImportsAsTheCleanText(style: Style, dir: String) throws {
        let clean = try Self.inputs(dir)
        let expected = try V4L2CtlImporter.importText(clean)
        let pasted = try V4L2CtlImporter.importText(clean.map { ($0.name, style.apply($0.text)) })
        #expect(ImportTests.counts(pasted.device) == ImportTests.counts(expected.device))
        #expect(pasted.device.captures.map(\.formats) == expected.device.captures.map(\.formats))
        #expect(pasted.device.captures.map(\.controls) == expected.device.captures.map(\.controls))
        #expect(pasted.device.captures.map(\.identity) == expected.device.captures.map(\.identity))
        #expect(pasted.device.captures.map(\.activeFormat) == expected.device.captures.map(\.activeFormat))
        #expect(pasted.device.nodes == expected.device.nodes)
        #expect(pasted.recognized == expected.recognized)
        #expect(ImportTests.counts(expected.device).formats + ImportTests.counts(expected.device).controls > 0)
    }

    @Test(arguments: [Style.quoted, .nestedQuoted, .htmlQuoted, .fenced, .tildeFenced, .loneCR, .tabIndent, .combined])
    func aPastedMediaCtlTopologyImportsAsTheCleanText(style: Style) throws {
        let clean = try MediaCtlImportTests.inputs("vimc")
        let expected = try MediaCtlImporter.importText(clean)
        let pasted = try MediaCtlImporter.importText(
            clean.map { ($0.name, $0.name.hasSuffix("/media-ctl-p.txt") ? style.apply($0.text) : $0.text) })
        #expect(pasted.facts.graph == expected.facts.graph)
        #expect(pasted.devices.map(\.name) == ["Sensor A", "Sensor B", "RGB/YUV Input"])
        #expect(pasted.devices.map(\.captures) == expected.devices.map(\.captures))
        #expect(pasted.recognized == expected.recognized)
    }

    /// The Pi paste with root and user@host prompts, quoted and fenced: the prompts still say which subdevice each listing is of.
    @Test func quotedPromptsStillNameTheSubdevice() throws {
        let dir = MediaCtlImportTests.fixtures + "/pi/"
        func body(_ f: String) throws -> String {
            try MediaCtlImportTests.read(dir + f).split(separator: "\n", omittingEmptySubsequences: false).filter {
                !$0.hasPrefix("$ ") && !$0.hasPrefix("# ")
            }
            .joined(separator: "\n")
        }
        let paste = [
            "```", "root@raspberrypi:~# media-ctl -d /dev/media0 -p", try body("media-ctl-p.txt"),
            "[pi@raspberrypi ~]$ v4l2-ctl -d /dev/v4l-subdev1 --list-subdev-mbus-codes pad=0", try body("imx708-mbus-codes.txt"),
            "\u{1B}[01;32mpi@raspberrypi\u{1B}[00m:\u{1B}[01;34m~ $\u{1B}[00m v4l2-ctl -d /dev/v4l-subdev1 --list-subdev-framesizes pad=0,code=0x3007",
            try body("imx708-framesizes.txt"),
            "root@raspberrypi:/home/pi# v4l2-ctl -d /dev/v4l-subdev1 -L", try body("imx708-controls.txt"), "```",
        ].joined(separator: "\n")
        let r = try MediaCtlImporter.importText([("mail.txt", Style.nestedQuoted.apply(Style.crlf.apply(paste)))])
        let d = try #require(r.devices.first)
        #expect(r.facts.graph.path == "/dev/media0")
        #expect(Set(d.captures[0].formats[0].sizes.map(\.largest)) == MediaCtlImportTests.imx708Sizes)
        #expect(d.sensor?.timing?.hblank == 6348)
        #expect(!d.problems.contains { $0.message.contains("taken to be the only sensor's") })
    }

    @Test func aMalformedLineInAQuotedPasteNamesTheOriginalLine() throws {
        // Line 1 was the mail's prose, line 2 is a fence, line 3 the prompt: the cut size is the file's line 8.
        let body =
            "\n> ```\n> user@host:~$ v4l2-ctl --list-formats-ext\n> ioctl: VIDIOC_ENUM_FMT\n>\tType: Video Capture\n>\n> \t[0]: 'MJPG' (Motion-JPEG, compressed)\n> \t\tSize: Discrete 640x\n> ```\n"
        for style in [nil, Style.crlf, .loneCR, .forumIndent] {
            do throws(TextImportError) {
                _ = try V4L2CtlImporter.importText([("mail.txt", style?.apply(body) ?? body)])
                Issue.record("must fail")
            } catch {
                #expect(error.file == "mail.txt" && error.line == 8, "\(String(describing: style)): \(error)")
                #expect(error.message.contains("'640x' is not WIDTHxHEIGHT"))
            }
        }
        let partial = try V4L2CtlImporter.importText([("mail.txt", body)], partial: true)
        #expect(partial.device.allProblems.contains { $0.kind == .skipped && $0.message.contains("mail.txt:8") })
        // In media-ctl's importer too: the topology's bad entity line keeps its number under quoting and a fence.
        let p = try MediaCtlImportTests.read(MediaCtlImportTests.fixtures + "/pi/media-ctl-p.txt")
        var bad = p.replacing("- entity 3: dw9807 10-000c (0 pad, 0 link, 0 routes)", with: "- entity 3: dw9807")
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(bad[1].isEmpty)
        bad[1] = "```"  // in place of a blank line, so the lines keep their numbers
        bad.append("```")
        do {
            _ = try MediaCtlImporter.importText([("bad.txt", Style.quoted.apply(bad.joined(separator: "\n")))])
            Issue.record("must fail")
        } catch {
            #expect(error.description.hasPrefix("bad.txt:22: cannot read this entity line"), "\(error)")
        }
    }

    @Test func theNormalizerKeepsOneLinePerOriginalLine() {
        let text = "a\r\nb\rc\n\u{1B}[1;31md\u{1B}[0m\u{1B}[2K\u{1B}]0;title\u{07}\n```\n&gt; x -&gt; y &amp; z\n~~~"
        let out = PasteNormalizer.normalize(text, commands: .keep)
        #expect(out.split(separator: "\n", omittingEmptySubsequences: false) == ["", "", "", "", "", "x -> y & z", ""])
        let plain = "a\r\n\u{A0}\u{A0}\u{A0}\u{A0}b\rc\n\u{1B}[1;31md\u{1B}[0m\u{1B}[2K\u{1B}]0;title\u{07}"
        #expect(PasteNormalizer.normalize(plain, commands: .keep) == "a\n    b\nc\nd")
        let prompts = "user@host:~$ v4l2-ctl -L\n[me@box tmp]# media-ctl -p\n# /dev/v4l-subdev1\n$\n\tkept"
        #expect(PasteNormalizer.normalize(prompts, commands: .keep) == "$ v4l2-ctl -L\n$ media-ctl -p\n# /dev/v4l-subdev1\n\n\tkept")
        #expect(PasteNormalizer.normalize(prompts, commands: .blank) == "\n\n\n\nkept")  // the blanked prompts hold no indentation
        // Relative indentation stays, counted in columns: a forum's 4 spaces before tabs.
        let indented = "    ioctl: VIDIOC_ENUM_FMT\n    \tType: Video Capture\n    \t\tSize: Discrete 640x480\n"
        #expect(
            PasteNormalizer.normalize(indented, commands: .blank)
                == "ioctl: VIDIOC_ENUM_FMT\n\tType: Video Capture\n\t\tSize: Discrete 640x480\n")
    }
}
