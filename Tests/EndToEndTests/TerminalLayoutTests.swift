import Foundation
import Testing

@testable import CamProbeCLI

/// Tables and long lines fitted to the terminal's width: the layout functions
/// at a given width, and `camprobe-fake list` / `show` with `COLUMNS` set.
@Suite("terminal width: tables and long lines")
struct TerminalLayoutTests {
    static let root = ProfileCommandEndToEndTests.root

    static let header = ["#", "ID", "NAME", "MODEL", "TRANSPORT", "NODES", "BEST MODES"]
    static let rows = [
        [
            "0", "usb-046d-0826-8F2C1A30", "HD Webcam C525", "046d:0826", "USB 2.0 (480 Mb/s)", "video0, video1 (metadata)",
            "MJPG 1920x1080@30, YUYV 1280x720@10, MJPG 1280x720@30, YUYV 640x480@30",
        ],
        ["1", "platform-vivid-000", "vivid", "-", "platform", "video2", "YUYV 640x480@30"],
    ]

    static func layout(_ width: Int?, ascii: Bool = false) -> [String] {
        TableLayout.lines(header: header, rows: rows, keep: [0, 1], width: width, ascii: ascii).map {
            TerminalText.renderString($0, ascii: ascii)
        }
    }

    @Test func aWideTerminalGetsTheWholeTableUnchanged() {
        let full = Self.layout(nil)
        #expect(full.count == 3)
        #expect(Self.layout(200) == full, "the table is under 200 columns: nothing to fit")
        #expect(full[1].contains(Self.rows[0][6]) && full[1].hasPrefix("0  usb-046d-0826-8F2C1A30  HD Webcam C525"))
    }

    @Test func at80ColumnsTheWidestColumnsAreCutWithAnEllipsisAndIDStaysWhole() {
        let lines = Self.layout(80)
        #expect(lines.count == 3, "still a table: \(lines)")
        for l in lines { #expect(l.count <= 80, "\(l.count) columns: \(l)") }
        #expect(lines.contains { $0.count == 80 }, "the width is used: \(lines)")
        #expect(lines[1].hasPrefix("0  usb-046d-0826-8F2C1A30  HD Webca…  "), "ID whole, NAME cut: \(lines[1])")
        #expect(lines[1].hasSuffix("…"))
        #expect(lines[2].hasPrefix("1  platform-vivid-000      vivid      -  "), "cells that fit are not cut: \(lines[2])")
        let ascii = Self.layout(80, ascii: true)
        for l in ascii { #expect(l.count <= 80 && l.utf8.allSatisfy { $0 < 0x80 }, "\(l)") }
        #expect(ascii[1].hasSuffix("..."))
    }

    @Test func at60ColumnsEachRowIsARecordWithNothingCutOrLost() {
        let lines = Self.layout(60)
        for l in lines { #expect(l.count <= 60, "\(l.count) columns: \(l)") }
        #expect(lines.first == "#:          0")
        #expect(lines.contains("ID:         usb-046d-0826-8F2C1A30"))
        #expect(lines.contains("") && lines.contains("#:          1"), "a blank line between records: \(lines)")
        // The long value is wrapped at word boundaries under itself, every word kept in order.
        let modes = lines.drop { !$0.hasPrefix("BEST MODES: MJPG") }.prefix { !$0.isEmpty }
        #expect(modes.count >= 2, "\(modes)")
        for c in modes.dropFirst() { #expect(c.hasPrefix(String(repeating: " ", count: 12)) && c.dropFirst(12).first != " ") }
        let joined = modes.map { $0.dropFirst(12).trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(joined == Self.rows[0][6])
        #expect(!lines.contains { $0.contains("…") })
    }

    @Test func cuttingKeepsStyleMarksWholeAndResetsTheStyle() {
        let cell = Terminal.colourMark("33", "(no permission to open)")
        let cut = TableLayout.truncate(cell, to: 10, ascii: false)
        #expect(TerminalText.width(cut, ascii: false) == 10)
        #expect(TerminalText.renderString(cut, ascii: false) == "\u{1B}[33m(no permi\u{1B}[0m…")
    }

    @Test func wrappingBreaksAtSpacesWithAHangingIndentAndSplitsOnlyAWordWiderThanTheLine() {
        let line = "      640x480    30, 25, 20, 15, 10, 7.5, 5 fps"
        let wrapped = TextWrap.wrap(line, width: 36, hang: 17, ascii: false)
        #expect(wrapped == ["      640x480    30, 25, 20, 15, 10,", "                 7.5, 5 fps"])
        #expect(TextWrap.wrap(line, width: 80, hang: 17, ascii: false) == [line])
        let path = "  by-path: /dev/v4l/by-path/pci-0000:00:14.0-usb-0:3:1.0-video-index0"
        let split = TextWrap.wrap(path, width: 30, hang: 11, ascii: false)
        for l in split { #expect(l.count <= 30, "\(l)") }
        #expect(
            split.map { $0.trimmingCharacters(in: .whitespaces) }.joined()
                == path.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: " ", with: ""))
    }

    @Test func theWidthComesFromCOLUMNSThenTheTerminalThen80AndIsUnlimitedIntoAPipe() {
        #expect(TerminalSize.columns(environment: "60", isTerminal: false, windowWidth: { 120 }) == 60)
        #expect(TerminalSize.columns(environment: "60", isTerminal: true, windowWidth: { 120 }) == 60)
        #expect(TerminalSize.columns(environment: "wide", isTerminal: true, windowWidth: { 120 }) == 120)
        #expect(TerminalSize.columns(environment: "0", isTerminal: true, windowWidth: { nil }) == 80)
        #expect(TerminalSize.columns(environment: nil, isTerminal: false, windowWidth: { 120 }) == nil)
        #expect(TerminalSize.columns(environment: "", isTerminal: false, windowWidth: { 120 }) == nil)
    }

    // MARK: - the binary

    static let profiles = ["c525", "camlink-4k", "vivid-webcam", "imported-pi-imx708", "emeet-s800"].map { root + "/Profiles/\($0).json" }

    static func list(columns: String?, profiles: [String] = profiles) throws -> Run {
        try CLI.run(CLI.fakeBinary, ["list"] + profiles.flatMap { ["--profile", $0] }, environment: ["COLUMNS": columns ?? ""])
    }

    /// The IDs `list --json` reports for the profiles.
    static func ids() throws -> [String] {
        let r = try CLI.run(CLI.fakeBinary, ["list", "--json"] + profiles.flatMap { ["--profile", $0] }, environment: [:])
        let doc = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        return (doc?["devices"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    }

    @Test(arguments: [60, 80, 200])
    func listFitsTheWidthCOLUMNSSaysAndLosesNothing(width: Int) throws {
        let r = try Self.list(columns: "\(width)")
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for l in lines { #expect(l.count <= width, "\(l.count) > \(width): \(l)") }
        let ids = try Self.ids()
        #expect(ids.count == Self.profiles.count)
        // An ID is never cut; one wider than a record's line goes on under itself.
        let unwrapped = r.stdout.replacingOccurrences(of: "\n" + String(repeating: " ", count: 12), with: "")
        for id in ids { #expect(unwrapped.contains(id), "\(id) whole at \(width): \(r.stdout)") }
        if width == 200 {
            #expect(lines.filter { !$0.isEmpty }.count == ids.count + 1, "a table, one line per device: \(r.stdout)")
        } else {
            // The ID of the EMEET S800 alone is 56 columns: no table with five more columns fits beside it.
            #expect(lines.filter { $0.hasPrefix("ID:") }.count == ids.count, "records: \(r.stdout)")
            #expect(!r.stdout.contains("…"), "a record cuts nothing: \(r.stdout)")
        }
    }

    @Test func at80ColumnsShortIDsStayATableWithItsWidestColumnsCut() throws {
        let r = try Self.list(columns: "80", profiles: [Self.root + "/Profiles/c525.json", Self.root + "/Profiles/vivid-webcam.json"])
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(r.stdout)")
        for l in lines { #expect(l.count <= 80, "\(l)") }
        #expect(lines.contains { $0.count == 80 } && r.stdout.contains("…"), "\(r.stdout)")
        #expect(lines[1].hasPrefix("0  usb-046d:0826-8E4B3C60  "), "\(r.stdout)")
    }

    @Test func intoAPipeWithoutCOLUMNSTheTableKeepsItsFullWidth() throws {
        let r = try Self.list(columns: nil)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == Self.profiles.count + 1)
        #expect(lines.contains { $0.count > 80 }, "the table is wider than a terminal and left so for scripts: \(r.stdout)")
        #expect(!r.stdout.contains("…"))
    }

    @Test func showWrapsLongLinesUnderTheirValueAt60Columns() throws {
        let args = ["show", "0", "--profile", Self.root + "/Profiles/c525.json"]
        let full = try CLI.run(CLI.fakeBinary, args, environment: ["COLUMNS": ""])
        let narrow = try CLI.run(CLI.fakeBinary, args, environment: ["COLUMNS": "60"])
        #expect(full.status == 0 && narrow.status == 0)
        #expect(full.stdout.split(separator: "\n").contains { $0.count > 60 }, "the check needs a long line")
        for l in narrow.stdout.split(separator: "\n") { #expect(l.count <= 60, "\(l)") }
        // Wrapping only breaks lines (a word wider than the line is split, not cut): every character is there, in order.
        #expect(narrow.stdout.filter { !$0.isWhitespace } == full.stdout.filter { !$0.isWhitespace })
        // A frame-rate list continues under the rates, not at the left margin.
        let lines = narrow.stdout.split(separator: "\n").map(String.init)
        guard let i = lines.firstIndex(where: { $0.hasPrefix("      640x480    ") }) else {
            Issue.record("no 640x480 line: \(narrow.stdout)")
            return
        }
        if lines[i].count > 50 || lines[i + 1].hasPrefix(String(repeating: " ", count: 17)) {
            #expect(lines[i + 1].hasPrefix(String(repeating: " ", count: 17)) && lines[i + 1].dropFirst(17).first?.isNumber == true)
        }
    }
}

extension Terminal {
    /// A style mark pair around `s` whatever the terminal (the test's stdout is no TTY).
    static func colourMark(_ code: String, _ s: String) -> String { TerminalText.mark(code) + s + TerminalText.mark("0") }
}
