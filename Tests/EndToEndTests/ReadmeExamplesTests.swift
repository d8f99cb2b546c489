import Foundation
import Testing

/// The examples of README.md, of every page under docs/ and of the library's DocC
/// catalog (Sources/CamProbe/CamProbe.docc) run as written. Every `$ camprobe …` line of a plain or
/// `console` code block, and every `camprobe …` line of a `sh` block, is run
/// by /bin/sh on a machine with no camera (`camprobe` is `camprobe-fake` with
/// an empty fixture; the shipped profiles are in ./Profiles and in
/// ~/.local/share/camprobe/profiles). A block that needs something else is
/// marked on the line before it — `<!-- needs: camera -->` — and one line of a
/// block by a trailing `# needs: …` comment; those are skipped, and the reason printed.
/// A trailing `# exit N` says the command ends with status N (`profile diff` finding differences: 3).
/// The output a block shows under a command must be what the command prints
/// (lines holding `…` or `...` are elisions and are not compared).
@Suite("README examples run", .serialized)
struct ReadmeExamplesTests {
    static let root = ProfileCommandEndToEndTests.root

    /// One command line of a page and what the page shows it printing.
    struct Example: CustomStringConvertible {
        /// The page, relative to the repository (README.md, docs/commands/ctl.md, …).
        var file = "README.md"
        var line: Int
        var command: String
        var shown: [String]
        /// Why it is not run (a `needs:` marker), or nil.
        var needs: String?
        /// The exit status a trailing `# exit N` comment promises (else 0, or 1 when an error is shown).
        var status: Int32? = nil
        var description: String { "\(file):\(line): \(command)" }
    }

    /// The pages whose examples run: README.md, then docs/**/*.md and the DocC catalog's articles, in path order.
    static func pages() throws -> [String] {
        var pages = ["README.md"]
        for folder in ["docs", "Sources/CamProbe/CamProbe.docc"] {
            let found = FileManager.default.enumerator(atPath: root + "/" + folder)?.compactMap { $0 as? String } ?? []
            pages += found.filter { $0.hasSuffix(".md") }.sorted().map { folder + "/" + $0 }
        }
        return pages
    }

    /// The examples of every page, each naming its page.
    static func allExamples() throws -> [Example] {
        try pages().flatMap { page in
            examples(try String(contentsOfFile: root + "/" + page, encoding: .utf8)).map { e in
                var e = e
                e.file = page
                return e
            }
        }
    }

    static func examples(_ text: String) -> [Example] {
        var out: [Example] = []
        var fence: String?
        var blockNeeds: String?
        var previous = ""
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(raw)
            if line.hasPrefix("```") {
                if fence == nil {
                    fence = String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces)
                    blockNeeds = needs(inMarker: previous)
                } else {
                    fence = nil
                    // What follows the block is prose, not output.
                    out.append(Example(line: 0, command: "", shown: [], needs: "not camprobe"))
                }
                previous = line
                continue
            }
            defer { if !line.trimmingCharacters(in: .whitespaces).isEmpty { previous = line } }
            guard let kind = fence else { continue }
            let shell = ["sh", "bash", "shell"].contains(kind)
            let prose = ["", "console", "text"].contains(kind)
            var command: String?
            if prose && line.hasPrefix("$ camprobe ") { command = String(line.dropFirst(2)) }
            if shell && line.hasPrefix("camprobe ") { command = line }
            if var c = command {
                var lineNeeds: String?
                if let hash = c.range(of: "  #") {
                    let comment = c[hash.upperBound...].trimmingCharacters(in: .whitespaces)
                    if comment.hasPrefix("needs:") {
                        lineNeeds = comment.dropFirst(6).split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) }
                    }
                    c = String(c[..<hash.lowerBound]).trimmingCharacters(in: .whitespaces)
                }
                var status: Int32?
                if let hash = command?.range(of: "  # exit "), let n = Int32(command![hash.upperBound...].prefix { $0.isNumber }) {
                    status = n
                }
                out.append(Example(line: i + 1, command: c, shown: [], needs: blockNeeds ?? lineNeeds, status: status))
            } else if prose, !out.isEmpty, out[out.count - 1].line > 0, !line.hasPrefix("$ ") {
                out[out.count - 1].shown.append(line)
            }
            if prose && line.hasPrefix("$ ") && command == nil, !out.isEmpty {
                // Another program's prompt: what follows is its output, not camprobe's.
                out.append(Example(line: 0, command: "", shown: [], needs: "not camprobe"))
            }
        }
        return out.filter { $0.line > 0 }
    }

    /// `camera` from `<!-- needs: camera -->`.
    static func needs(inMarker line: String) -> String? {
        let t = line.trimmingCharacters(in: .whitespaces)
        guard t.hasPrefix("<!--"), t.hasSuffix("-->"), let r = t.range(of: "needs:") else { return nil }
        return t[r.upperBound...].dropLast(3).trimmingCharacters(in: .whitespaces)
    }

    /// A scratch directory holding ./Profiles, ~/.local/share/camprobe/profiles and a `camprobe` on PATH.
    static func machine() throws -> (directory: String, environment: [String: String]) {
        let fm = FileManager.default
        let dir = CLI.scratch + "/readme-\(UUID().uuidString)"
        let home = dir + "/home"
        try fm.createDirectory(atPath: home + "/.local/share/camprobe", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: dir + "/bin", withIntermediateDirectories: true)
        try fm.createSymbolicLink(atPath: home + "/.local/share/camprobe/profiles", withDestinationPath: root + "/Profiles")
        try fm.createSymbolicLink(atPath: dir + "/Profiles", withDestinationPath: root + "/Profiles")
        let empty = dir + "/no-devices.json"
        try #"{"nodes":[]}"#.write(toFile: empty, atomically: true, encoding: .utf8)
        let wrapper = "#!/bin/sh\nexec '\(CLI.fakeBinary)' --fixture '\(empty)' \"$@\"\n"
        try wrapper.write(toFile: dir + "/bin/camprobe", atomically: true, encoding: .utf8)
        try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir + "/bin/camprobe")
        let path = dir + "/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        return (dir, ["PATH": path, "HOME": home, "XDG_CONFIG_HOME": home + "/.config", "COLUMNS": "200"])
    }

    static func run(_ command: String, in directory: String, _ environment: [String: String]) throws -> Run {
        // Bounded: an example that waits for hardware (a monitor, a meter) must not hang the suite.
        try CLI.run("/usr/bin/timeout", ["60", "/bin/sh", "-c", "cd '\(directory)' && " + command], environment: environment)
    }

    @Test func everyCommandRunsAndPrintsWhatTheReadmeShows() throws {
        let all = try Self.allExamples()
        // The command pages moved out of README.md: their examples must be found, not silently dropped.
        #expect(Set(all.map(\.file)).isSuperset(of: ["README.md", "docs/commands/ctl.md", "docs/commands/profiles.md"]))
        let (dir, env) = try Self.machine()
        var ran = 0
        for e in all {
            if let needs = e.needs {
                print("example skipped (needs: \(needs)): \(e)")
                continue
            }
            let r = try Self.run(e.command, in: dir, env)
            ran += 1
            let printed = (r.stdout + r.stderr).replacingOccurrences(of: env["HOME"]!, with: "~")
            let lines = Set(
                printed.split(separator: "\n").map { $0.replacingOccurrences(of: " +$", with: "", options: .regularExpression) })
            let expectsError = e.shown.contains { $0.hasPrefix("camprobe: error:") }
            #expect(r.status == e.status ?? (expectsError ? 1 : 0), "\(e): exit \(r.status): \(r.stderr)")
            for shown in e.shown where !shown.contains("…") && !shown.contains("...") && !shown.isEmpty {
                let want = shown.replacingOccurrences(of: " +$", with: "", options: .regularExpression)
                #expect(lines.contains(want), "\(e) shows a line it does not print: \(want)\nit printed:\n\(printed)")
            }
        }
        #expect(ran >= 15, "only \(ran) examples ran over README.md, docs/ and the DocC catalog")
        #expect(all.filter { $0.file == "README.md" && $0.needs == nil }.count >= 5, "README.md's own examples must run too")
        // The ctl examples can be tried without a camera: on the shipped profile, with --dry-run.
        let ctl = all.filter { $0.command.hasPrefix("camprobe ctl ") && $0.command.contains("=") && $0.needs == nil }
        #expect(
            ctl.count >= 2 && ctl.allSatisfy { $0.command.contains("--profile Profiles/c525.json") && $0.command.contains("--dry-run") },
            "\(ctl)")
    }

    @Test func markersAndCommandsAreFound() {
        let text = """
            ```
            $ camprobe list --profile Profiles/c525.json
            #  ID  NAME
            $ ls
            camprobe-report.html
            ```

            <!-- needs: camera -->
            ```console
            $ camprobe show 0
            ```

            ```sh
            camprobe report 0 --html     # needs: camera
            camprobe report --profile Profiles/c525.json --md   # Markdown
            ```
            """
        let e = Self.examples(text)
        #expect(
            e.map(\.command) == [
                "camprobe list --profile Profiles/c525.json", "camprobe show 0", "camprobe report 0 --html",
                "camprobe report --profile Profiles/c525.json --md",
            ])
        #expect(e.map(\.needs) == [nil, "camera", "camera", nil])
        #expect(e.first?.shown == ["#  ID  NAME"])
    }
}
