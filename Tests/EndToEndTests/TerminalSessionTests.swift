import Foundation
import Testing

/// `camprobe-fake` on a real terminal: a pty from a private tmux server per
/// test (so tests run in parallel), its screen read back with `capture-pane`.
@Suite(
    "camprobe on a terminal (tmux)",
    .disabled("unfinished: the run hangs (a tmux process keeps a pipe of the test open); see the h-a report"))
struct TerminalSessionTests {
    static let root = ProfileCommandEndToEndTests.root
    static let tmuxPath = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static var noTmux: Bool { tmuxPath == nil }

    static let profiles = ["c525", "camlink-4k", "vivid-webcam", "imported-pi-imx708", "emeet-s800"].map { root + "/Profiles/\($0).json" }
    static var listCommand: [String] { [CLI.fakeBinary, "list"] + profiles.flatMap { ["--profile", $0] } }

    @Test(.disabled(if: noTmux, "tmux is not installed: no pty to test on"), arguments: [60, 200])
    func listOnATerminalFitsItsWidth(width: Int) throws {
        let t = try Tmux(width: width)
        defer { t.kill() }
        try t.start(Self.listCommand)
        let status = try t.waitForExit()
        #expect(status == 0)
        let screen = try t.capture(joined: true)
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        // Joined capture: a line the terminal wrapped comes back whole, and wider than the pane.
        for l in lines { #expect(l.count <= width, "wrapped into fragments at \(width): \(l)") }
        for name in ["HD Webcam C525", "Cam Link 4K"] { #expect(screen.contains(name), "\(screen)") }
        if width == 60 {
            #expect(lines.contains { $0.hasPrefix("ID: ") }, "records on a narrow terminal: \(screen)")
        } else {
            #expect(lines.contains { $0.hasPrefix("#  ID ") }, "a table on a wide one: \(screen)")
        }
    }

    @Test(.disabled(if: noTmux, "tmux is not installed: no pty to test on"))
    func coloursOnATerminalAndNotWithNO_COLORorTERMDumb() throws {
        let bold = "\u{1B}[1m"
        for (env, coloured) in [([String](), true), (["NO_COLOR=1"], false), (["TERM=dumb"], false)] {
            let t = try Tmux(width: 200)
            defer { t.kill() }
            try t.start(Self.listCommand, environment: env)
            #expect(try t.waitForExit() == 0)
            let screen = try t.capture(joined: true, escapes: true)
            #expect(screen.contains("HD Webcam C525"), "\(env): \(screen)")
            #expect(screen.contains(bold) == coloured, "\(env): colour \(coloured ? "expected" : "unexpected"): \(screen.debugDescription)")
        }
    }

    /// ^C ends `monitor` (its documented way to stop) with status 0, quietly and at once.
    @Test(.disabled(if: noTmux, "tmux is not installed: no pty to test on"))
    func interruptingMonitorStopsItCleanly() throws {
        let t = try Tmux(width: 120)
        defer { t.kill() }
        let fixture = NegotiateCtlEndToEndTests.c525
        try t.start([CLI.fakeBinary, "monitor", "--fixture", fixture, "--timeout", "60"])
        try t.waitForScreen { $0.contains("HD Webcam C525") || $0.contains("present") }
        let sent = Date()
        try t.interrupt()
        let status = try t.waitForExit(within: 5)
        #expect(Date().timeIntervalSince(sent) < 3, "monitor took \(Date().timeIntervalSince(sent)) s to stop")
        #expect(status == 0)
        try t.expectNothingAlarming()
    }

    /// ^C during `verify`'s streaming ends it at once with the shell's SIGINT
    /// status (130): nothing written half, no error message, no stray files.
    @Test(.disabled(if: noTmux, "tmux is not installed: no pty to test on"))
    func interruptingVerifyEndsItAsInterrupted() throws {
        let slow = ApplyVerifyEndToEndTests.node(faults: #","ioctlDelays":{"VIDIOC_DQBUF":20}"#)
        let fixture = try CLI.fixture(slow)
        let t = try Tmux(width: 120)
        defer { t.kill() }
        try t.start(
            [CLI.fakeBinary, "verify", "0", "--fixture", fixture, "--size", "1280x720", "--fps", "60", "--frames", "100000"])
        try t.waitForScreen { $0.contains("Applied:") }
        let sent = Date()
        try t.interrupt()
        let status = try t.waitForExit(within: 5)
        #expect(Date().timeIntervalSince(sent) < 3, "verify took \(Date().timeIntervalSince(sent)) s to stop")
        #expect(status == 130)
        let screen = try t.capture(joined: true)
        #expect(!screen.contains("Streamed:") && !screen.contains("Verdict:"), "no half report: \(screen)")
        try t.expectNothingAlarming()
    }
}

/// One tmux server (private socket), one session, one command in it.
struct Tmux {
    let socket = "camprobe-test-\(UUID().uuidString.prefix(8))"
    let width: Int
    let dir: String
    var statusFile: String { dir + "/status" }

    init(width: Int) throws {
        self.width = width
        dir = CLI.scratch + "/tmux-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    @discardableResult
    func tmux(_ args: [String]) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: TerminalSessionTests.tmuxPath ?? "/usr/bin/tmux")
        p.arguments = ["-L", socket, "-f", "/dev/null"] + args
        // The server `new-session` starts would hold a pipe open for good: it gets no pipe.
        let out = Pipe()
        p.standardOutput = args.first == "new-session" ? FileHandle.nullDevice : out
        p.standardError = FileHandle.nullDevice
        p.standardInput = FileHandle.nullDevice
        try p.run()
        try out.fileHandleForWriting.close()
        let data = args.first == "new-session" ? Data() : out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    static func quote(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// Runs `command` in the session's pty, from `dir`; its exit status goes to
    /// `statusFile` and the pane stays open to be read. The shell, in the same
    /// process group, would die of the ^C too: it catches SIGINT with a trap
    /// (a caught signal is reset for the command it starts, unlike an ignored one).
    func start(_ command: [String], environment: [String] = []) throws {
        let env = ["env", "-u", "NO_COLOR", "-u", "COLUMNS", "-u", "LINES", "LC_ALL=C.UTF-8"] + environment
        let line = (env + command).map(Self.quote).joined(separator: " ")
        let script = "trap true INT; cd \(Self.quote(dir)); \(line); echo $? > status.tmp; mv status.tmp status; exec sleep 600"
        try tmux(["new-session", "-d", "-s", "t", "-x", "\(width)", "-y", "50", "/bin/sh", "-c", script])
    }

    func waitForExit(within seconds: Double = 20) throws -> Int32? {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if let s = try? String(contentsOfFile: statusFile, encoding: .utf8) {
                return Int32(s.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        Issue.record("the command did not end within \(seconds) s: \((try? capture(joined: true)) ?? "")")
        return nil
    }

    func waitForScreen(within seconds: Double = 20, _ ready: (String) -> Bool) throws {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if ready(try capture(joined: true)) { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        Issue.record("the screen never got ready: \(try capture(joined: true))")
    }

    func capture(joined: Bool, escapes: Bool = false) throws -> String {
        try tmux(["capture-pane", "-p", "-t", "t"] + (joined ? ["-J"] : []) + (escapes ? ["-e"] : []))
    }

    func interrupt() throws { try tmux(["send-keys", "-t", "t", "C-c"]) }

    /// No error, warning, crash report or trace on the screen, and nothing but
    /// the status file left in the command's directory.
    func expectNothingAlarming() throws {
        let screen = try capture(joined: true)
        for word in ["error", "warning", "fatal", "Fatal", "panic", "backtrace", "Crash", "Segmentation"] {
            #expect(!screen.contains(word), "\(word) on screen: \(screen)")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0 != "status" }
        #expect(left.isEmpty, "files left behind: \(left)")
    }

    func kill() {
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(atPath: dir)
    }
}
