import Foundation
import Testing

/// Every option a `--help` lists is accepted by its command: walking
/// `camprobe --help`'s subcommands (and theirs), each listed option is given,
/// with a plausible value, to an invocation that otherwise works (on a fixture
/// or a shipped profile), and must not be refused — an error that names the option.
@Suite("Help matches behaviour", .serialized)
struct HelpMatchesBehaviourTests {
    static let root = ProfileCommandEndToEndTests.root
    static let fixture = root + "/Tests/Fixtures/c525.json"
    static let profile = root + "/Profiles/c525.json"
    static let scratch = CLI.scratch + "/help"
    static let environment = ["XDG_CONFIG_HOME": scratch + "/config"]

    /// One listed option: `--name`, and whether it takes a value.
    struct Listed: Hashable, CustomStringConvertible {
        var name: String
        var takesValue: Bool
        var description: String { name }
    }

    /// The subcommand names in a help text's SUBCOMMANDS section.
    static func subcommands(_ help: String) -> [String] {
        section("SUBCOMMANDS", of: help).compactMap { line in
            guard line.hasPrefix("  "), !line.hasPrefix("   "), let first = line.split(separator: " ").first else { return nil }
            let name = String(first)
            return name.range(of: "^[a-z][a-z0-9-]*$", options: .regularExpression) == nil ? nil : name
        }
    }

    /// The long options in a help text's OPTIONS section (`--a/--no-a` gives both).
    static func options(_ help: String) -> [Listed] {
        section("OPTIONS", of: help).flatMap { line -> [Listed] in
            guard line.hasPrefix("  "), !line.hasPrefix("   ") else { return [] }
            // The option column ends at the first gap of two spaces; the description follows.
            let column = line.dropFirst(2).components(separatedBy: "  ").first ?? ""
            let head = column.split(separator: " ", omittingEmptySubsequences: true)
            var out: [Listed] = []
            for (i, word) in head.enumerated() where word.hasPrefix("--") || word.hasPrefix("-") && word.count == 3 {
                let takesValue = i + 1 < head.count && head[i + 1].hasPrefix("<")
                for name in word.trimmingCharacters(in: CharacterSet(charactersIn: ",")).split(separator: "/") where name.hasPrefix("--") {
                    out.append(Listed(name: String(name), takesValue: takesValue))
                }
            }
            return out
        }.filter { $0.name != "--help" && $0.name != "--version" }
    }

    static func section(_ title: String, of help: String) -> [String] {
        var lines: [String] = []
        var inside = false
        for line in help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasSuffix(":") && line.uppercased() == line && !line.hasPrefix(" ") {
                inside = line == title + ":"
                continue
            }
            if inside { lines.append(line) }
        }
        return lines
    }

    /// Every command path under `camprobe`, with its help text.
    static func commands() throws -> [(path: [String], help: String)] {
        var out: [(path: [String], help: String)] = []
        var queue: [[String]] = [[]]
        while let path = queue.first {
            queue.removeFirst()
            let r = try CLI.runShipped(path + ["--help"])
            #expect(r.status == 0, "\(path) --help: \(r.stderr)")
            if !path.isEmpty { out.append((path, r.stdout)) }
            guard path.count < 2 else { continue }
            for sub in subcommands(r.stdout) where sub != "help" { queue.append(path + [sub]) }
        }
        return out
    }

    /// A value the option takes in a working invocation.
    static func value(for option: String, in path: [String]) -> [String] {
        switch option {
        case "--profile": [profile]
        case "--preset": ["high"]
        case "--size": ["640x480"]
        case "--fps", "--max-fps": ["30"]
        case "--min-fps": ["5"]
        case "--format": path.first == "profile" || path.first == "import" ? ["xml"] : ["YUYV"]
        case "--aspect": ["4:3"]
        case "--bandwidth": ["500"]
        case "--emit": ["ffmpeg"]
        case "--log-level": ["debug"]
        case "--output": [path.first == "snapshot" ? scratch + "/shot.png" : path.first == "report" ? scratch + "/r.md" : scratch]
        case "--frames": ["3"]
        case "--frame-timeout", "--timeout": ["2"]
        case "--count": ["1"]
        case "--settle": ["10"]
        case "--hold": ["0"]
        case "--save", "--restore", "--delete": ["day"]
        case "--config": [scratch + "/app.conf"]
        case "--compare": [profile, profile]
        case "--name": ["cam0"]
        case "--skip": ["1"]
        case "--seconds": ["0.2"]
        case "--channels": ["1"]
        case "--textfile": [scratch]
        case "--verify-every": ["30s"]
        case "--verify-frames": ["10"]
        case "--usb-from": [root + "/Tests/Fixtures/lsusb/c525.txt"]
        case "--priority": ["0"]
        default: ["1"]
        }
    }

    /// A working invocation of `path` and what `option` needs beside it.
    static func invocation(_ path: [String], _ option: String) -> [String] {
        let fixture = ["--fixture", Self.fixture]
        let request = option == "--preset" ? [] : ["--size", "640x480"]
        switch path.joined(separator: " ") {
        case "list": return ["list"] + fixture
        case "show": return ["show", "0"] + fixture
        case "graph": return ["graph", "/dev/media0", "--fixture", root + "/Tests/Fixtures/vimc-topology.json"]
        case "monitor":
            return ["monitor", "--timeout", "0.3"] + fixture + (option == "--reassert" ? ["--restore", "day"] : [])
                + (option == "--verify-every" || option == "--verify-frames" ? ["--textfile", scratch] : [])
        case "negotiate" where option == "--usb-from" || option == "--priority":
            return ["negotiate", "--together", "0"] + fixture + request
        case "negotiate": return ["negotiate", "0"] + fixture + request
        case "apply": return ["apply", "0"] + fixture + request + (option == "--profile" ? ["--dry-run"] : [])
        case "verify": return ["verify", "0", "--frames", "3"] + fixture + request
        case "ctl": return ["ctl", "0"] + fixture + (option == "--dry-run" ? ["brightness=140"] : [])
        case "profile write": return ["profile", "write"] + (option == "--all" ? [] : ["0"]) + fixture + ["-o", scratch]
        case "profile validate": return ["profile", "validate", profile]
        case "profile schema": return ["profile", "schema"]
        case "profile diff": return ["profile", "diff", profile, profile]
        case "import files", "import v4l2-ctl":
            return path + [
                root + "/Tests/Fixtures/v4l2-ctl/03-logitech-c525-falcons/list-formats-ext.txt", "-o", scratch, "--force",
            ]
        case "import media-ctl": return path + [profile, "-o", scratch]
        case "doctor": return ["doctor"] + fixture
        case "report": return ["report"] + (option == "--compare" ? [] : ["--profile", profile]) + (option == "--html" ? [] : ["--md"])
        case "udev-rule": return ["udev-rule", "0"] + fixture
        case "snapshot": return ["snapshot", "0"] + fixture + request + ["-o", scratch + "/s.png"]
        case "levels": return ["levels", "0"] + fixture + ["--seconds", "0.2"]
        default: return path
        }
    }

    /// The command refused the option: an error that names it (or says a profile is no live device), or a
    /// usage error where the same invocation without it was none.
    static func refuses(_ r: Run, _ option: String, baseline: Run) -> Bool {
        guard r.status != 0 else { return false }
        return r.stderr.range(of: option + "(?![a-z-])", options: .regularExpression) != nil
            || r.stderr.contains("not a live device") || (r.status == 2 && baseline.status != 2)
    }

    @Test func everyListedOptionIsAccepted() throws {
        try FileManager.default.createDirectory(atPath: Self.scratch + "/config", withIntermediateDirectories: true)
        try "device=/dev/video0\n".write(toFile: Self.scratch + "/app.conf", atomically: true, encoding: .utf8)
        let commands = try Self.commands()
        #expect(commands.map { $0.path.joined(separator: " ") }.contains("profile validate"))
        #expect(commands.map { $0.path.joined(separator: " ") }.contains("import media-ctl"))
        var tried = 0
        var baselines: [[String]: Run] = [:]
        // `serve` runs camprobe-serve, which serves until it is stopped: its options are checked by ConsoleTests (run in
        // this process) and by scripts/test-install.sh (the installed binary, stopped with SIGTERM).
        for (path, help) in commands where path != ["serve"] {
            for option in Self.options(help) {
                if option.name == "--restore" && path == ["ctl"] {
                    _ = try CLI.run(Self.invocation(path, "--save") + ["--save", "day"], environment: Self.environment)
                }
                var args = Self.invocation(path, option.name)
                let baseline = try baselines[args] ?? CLI.run(args, environment: Self.environment)
                baselines[args] = baseline
                if !args.contains(option.name) { args += [option.name] + (option.takesValue ? Self.value(for: option.name, in: path) : []) }
                let r = try CLI.run(args, environment: Self.environment)
                tried += 1
                let command = path.joined(separator: " ")
                #expect(!Self.refuses(r, option.name, baseline: baseline), "\(command) lists \(option) but \(args) says: \(r.stderr)")
            }
        }
        #expect(tried > 100, "only \(tried) options found in the help")
    }

    @Test func theHelpParserFindsOptions() {
        let help = """
            OPTIONS:
              --size <WxH>            Frame size, e.g. 1280x720 (exact unless --at-least or
                                      --nearest).
              -o, --output <path>     Output file.
              --thumbnail/--no-thumbnail
              -h, --help              Show help information.

            """
        #expect(
            Self.options(help) == [
                Listed(name: "--size", takesValue: true), Listed(name: "--output", takesValue: true),
                Listed(name: "--thumbnail", takesValue: false), Listed(name: "--no-thumbnail", takesValue: false),
            ])
    }

    @Test func sharedOptionsAreSpelledAlike() throws {
        // Device selection, output format and request options: one spelling everywhere.
        let all = try Self.commands().flatMap { Self.options($0.help).map(\.name) }
        for wrong in ["--fixture", "--profiles", "--output-format", "--JSON", "--device"] {
            #expect(!all.contains(wrong), "\(wrong) is listed")
        }
        #expect(all.contains("--json") && all.contains("--profile") && all.contains("--format"))
    }
}
