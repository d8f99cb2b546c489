import Foundation
import Synchronization
import Testing

/// `camprobe-fake` on a real terminal: a pty from util-linux `script(1)`, sized
/// with `stty`, its screen read back as written, and ^C typed into it (the
/// terminal's line discipline turns it into SIGINT for the foreground process).
/// `script` exits with the command, so no server outlives a test.
@Suite("camprobe on a terminal (pty)")
struct TerminalSessionTests {
    static let root = ProfileCommandEndToEndTests.root
    static let scriptPath = ["/usr/bin/script", "/bin/script"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static var noPty: Bool { scriptPath == nil }

    static let profiles = ["c525", "camlink-4k", "vivid-webcam", "imported-pi-imx708", "emeet-s800"].map { root + "/Profiles/\($0).json" }
    static var listCommand: [String] { [CLI.fakeBinary, "list"] + profiles.flatMap { ["--profile", $0] } }

    @Test(.disabled(if: noPty, "script(1) (util-linux) is not installed: no pty to test on"), arguments: [60, 80, 200])
    func listOnATerminalFitsItsWidth(width: Int) throws {
        let r = try Pty.run(Self.listCommand, width: width)
        #expect(r.status == 0)
        let lines = r.lines
        for l in lines {
            #expect(l.count <= width, "longer than the \(width)-column terminal (it would wrap into fragments): \(l.debugDescription)")
        }
        for name in ["HD Webcam C525", "Cam Link 4K", "usb-328f:00c0-"] { #expect(r.screen.contains(name), "\(r.screen)") }
        if width < 200 {
            #expect(lines.contains { $0.hasPrefix("ID: ") }, "records on a narrow terminal: \(r.screen)")
        } else {
            // The # column is wider when a row is marked ! (a device with problems).
            #expect(lines.contains { $0.range(of: #"^# +ID "#, options: .regularExpression) != nil }, "a table on a wide one: \(r.screen)")
        }
    }

    @Test(.disabled(if: noPty, "script(1) (util-linux) is not installed: no pty to test on"))
    func coloursOnATerminalAndNotWithNO_COLORorTERMDumb() throws {
        let bold = "\u{1B}[1m"
        for (env, coloured) in [([String](), true), (["NO_COLOR=1"], false), (["TERM=dumb"], false)] {
            let r = try Pty.run(Self.listCommand, width: 200, environment: env)
            #expect(r.status == 0)
            #expect(r.screen.contains("HD Webcam C525"), "\(env): \(r.screen)")
            #expect(r.raw.contains(bold) == coloured, "\(env): colour \(coloured ? "expected" : "unexpected"): \(r.raw.debugDescription)")
        }
    }

    @Test(.disabled(if: noPty, "script(1) (util-linux) is not installed: no pty to test on"))
    func underLC_ALL_CTheTerminalGetsOnlyASCII() throws {
        let r = try Pty.run(
            [CLI.fakeBinary, "negotiate", "--profile", Self.profiles[0], "0", "--size", "1280x720", "--explain"], width: 60,
            environment: ["LC_ALL=C"])
        #expect(r.status == 0 || r.status == 3)
        #expect(r.raw.unicodeScalars.allSatisfy { $0.isASCII }, "\(r.raw.unicodeScalars.filter { !$0.isASCII })")
        for l in r.lines { #expect(l.count <= 60, "\(l)") }
    }

    /// ^C ends `monitor` (its documented way to stop) with status 0, quietly and at once.
    @Test(.disabled(if: noPty, "script(1) (util-linux) is not installed: no pty to test on"))
    func interruptingMonitorStopsItCleanly() throws {
        let r = try Pty.run(
            [CLI.fakeBinary, "monitor", "--fixture", NegotiateCtlEndToEndTests.c525, "--timeout", "60"], width: 120,
            interruptWhen: { $0.contains("present") })
        #expect(r.status == 0)
        #expect(try #require(r.secondsAfterInterrupt) < 3, "monitor took \(r.secondsAfterInterrupt ?? -1) s to stop")
        r.expectNothingAlarming()
    }

    /// ^C during `verify`'s streaming ends it at once with the shell's SIGINT
    /// status (130): no half report, no error message, no stray files.
    @Test(.disabled(if: noPty, "script(1) (util-linux) is not installed: no pty to test on"))
    func interruptingVerifyEndsItAsInterrupted() throws {
        let fixture = try CLI.fixture(ApplyVerifyEndToEndTests.node(faults: #","ioctlDelays":{"VIDIOC_DQBUF":20}"#))
        let r = try Pty.run(
            [CLI.fakeBinary, "verify", "0", "--fixture", fixture, "--size", "1280x720", "--fps", "60", "--frames", "100000"], width: 120,
            interruptAfter: 1.5)
        #expect(r.status == 130)
        #expect(try #require(r.secondsAfterInterrupt) < 3, "verify took \(r.secondsAfterInterrupt ?? -1) s to stop")
        #expect(!r.screen.contains("Streamed:") && !r.screen.contains("Verdict:"), "no half report: \(r.screen)")
        r.expectNothingAlarming()
    }

    /// ^C while `snapshot` waits for a frame leaves no file, not even a partial or temporary one.
    @Test(.disabled(if: noPty, "script(1) (util-linux) is not installed: no pty to test on"))
    func interruptingSnapshotLeavesNoFile() throws {
        let fixture = try CLI.fixture(ApplyVerifyEndToEndTests.node(faults: #","ioctlDelays":{"VIDIOC_DQBUF":4000}"#))
        let r = try Pty.run(
            [CLI.fakeBinary, "snapshot", "0", "--fixture", fixture, "--size", "640x480", "-o", "shot.png"], width: 120,
            interruptAfter: 1.0)
        #expect(r.status == 130 || r.status == 0 || r.status == 1, "status \(r.status)")
        #expect(r.files.isEmpty, "files left behind: \(r.files)")
    }
}

/// One command on a pty of its own (`script -qfec CMD /dev/null`), in a scratch directory.
struct Pty {
    var status: Int32
    /// Everything written to the terminal, escapes and all.
    var raw: String
    var secondsAfterInterrupt: Double?
    /// Files the command left in its directory.
    var files: [String]

    /// The screen as text: CR LF as LF, escape sequences removed.
    var screen: String {
        raw.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(
            of: "\u{1B}\\[[0-9;?]*[A-Za-z]", with: "", options: .regularExpression)
    }
    var lines: [String] { screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

    func expectNothingAlarming() {
        for word in ["error", "warning", "fatal", "Fatal", "panic", "backtrace", "Crash", "Segmentation"] {
            #expect(!screen.contains(word), "\(word) on screen: \(screen)")
        }
        #expect(files.isEmpty, "files left behind: \(files)")
    }

    static func quote(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// Runs `command` at `width` columns; types ^C once `interruptWhen` holds for the screen, or after
    /// `interruptAfter` seconds. Gives up (killing it) after `timeout` seconds.
    static func run(
        _ command: [String], width: Int, environment: [String] = [], interruptWhen: ((String) -> Bool)? = nil,
        interruptAfter: Double? = nil, timeout: Double = 30
    ) throws -> Pty {
        let dir = CLI.scratch + "/pty-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let env = ["env", "-u", "NO_COLOR", "-u", "COLUMNS", "-u", "LINES", "LC_ALL=C.UTF-8", "TERM=xterm-256color"] + environment
        let line = "stty cols \(width) rows 50; cd \(quote(dir)) && exec " + (env + command).map(quote).joined(separator: " ")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: TerminalSessionTests.scriptPath ?? "/usr/bin/script")
        p.arguments = ["-qfec", line, "/dev/null"]
        let input = Pipe()
        let output = Pipe()
        p.standardInput = input
        p.standardOutput = output
        p.standardError = output
        let buffer = Mutex(Data())
        output.fileHandleForReading.readabilityHandler = { h in
            let d = h.availableData
            buffer.withLock { $0.append(d) }
        }
        try p.run()
        let start = Date()
        var interruptedAt: Date?
        func text() -> String { String(decoding: buffer.withLock { $0 }, as: UTF8.self) }
        while p.isRunning && Date().timeIntervalSince(start) < timeout {
            if interruptedAt == nil {
                let screen = text()
                if interruptWhen?(screen) == true || interruptAfter.map({ Date().timeIntervalSince(start) >= $0 }) == true {
                    input.fileHandleForWriting.write(Data([0x03]))
                    interruptedAt = Date()
                }
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        if p.isRunning {
            Issue.record("\(command) did not end within \(timeout) s: \(text())")
            p.terminate()
        }
        p.waitUntilExit()
        let ended = Date()
        try? input.fileHandleForWriting.close()
        Thread.sleep(forTimeInterval: 0.05)
        output.fileHandleForReading.readabilityHandler = nil
        let rest = output.fileHandleForReading.readDataToEndOfFile()
        buffer.withLock { $0.append(rest) }
        let files = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        return Pty(
            status: p.terminationStatus, raw: text(), secondsAfterInterrupt: interruptedAt.map { ended.timeIntervalSince($0) }, files: files
        )
    }
}
