import Foundation
import Testing

/// P23 item 6, "no waiting on the pool anywhere", for the commands and the discovery session: what can be told
/// from the text. Each rule failed on the tree before the change that made it hold.
extension HouseRulesTests {
    /// The folders these rules cover.
    static let poolRuleFolders = [
        "Sources/CamProbeCLI/Commands/report/", "Sources/CamProbeCLI/Commands/apply/", "Sources/CamProbeCLI/Commands/levels/",
        "Sources/CamProbeCLI/Commands/snapshot/", "Sources/CamProbeCLI/Commands/monitor/", "Sources/CamProbe/Discovery/",
        "Sources/CamProbeCLI/Commands/list/", "Sources/CamProbeCLI/Commands/show/", "Sources/CamProbeCLI/Commands/ctl/",
        "Sources/CamProbeCLI/Commands/doctor/", "Sources/CamProbeCLI/Commands/graph/", "Sources/CamProbeCLI/Commands/negotiate/",
        // The report's writers and the kept controls, which left CamProbeCLI/Commands/report/ and the façade.
        "Sources/Reporting/", "Sources/KeptControls/",
    ]

    static var poolRuleFiles: [(path: String, lines: [String])] {
        sources.filter { f in poolRuleFolders.contains { f.path.hasPrefix($0) } }
    }

    /// Calls that block their thread until something else happens: a `Latch` or `BackgroundWork` wait, Dispatch's
    /// `concurrentPerform`, the PipeWire read's bounded wait, device discovery (it opens every node) and the reading
    /// of a media graph, with the helpers that run them or read profiles.
    static let blockingCalls =
        #"(?<!await )\b[\w?.]+\.wait\(|concurrentPerform|\.finish\(devices:|\bsource\.(resolve|read|discover)\("#
        + #"|\.discover\(|DeviceDiscovery\(|\bresolvePCM\(\)|\bchosenDevices\(\)|\bgathered\(|ProfileFile\.load|ProfileFolder\.load"#
        + #"|\bload\(compare|MediaPipelineReader\.read\(|\brunOnThisThread\("#

    /// The code of `text` with `//` comments and string literals blanked (same length, so offsets still hold).
    static func codeOnly(_ text: String) -> [Character] {
        var out = Array(text)
        var i = 0
        var inString = false
        var block = false
        while i < out.count {
            let c = out[i]
            let three = i + 2 < out.count && out[i] == "\"" && out[i + 1] == "\"" && out[i + 2] == "\""
            if !inString && c == "/" && i + 1 < out.count && out[i + 1] == "/" {
                while i < out.count && out[i] != "\n" {
                    out[i] = " "
                    i += 1
                }
                continue
            }
            if three && (!inString || block) {
                inString.toggle()
                block = inString
                i += 3
                continue
            }
            if c == "\"" && (!inString || !block) {
                inString.toggle()
                i += 1
                continue
            }
            if inString {
                if c == "\\" && i + 1 < out.count && out[i + 1] != "(" {
                    out[i] = " "
                    out[i + 1] = " "
                    i += 2
                    continue
                }
                if c != "\n" { out[i] = " " }
            }
            i += 1
        }
        return out
    }

    /// The index of the `}` that closes the `{` at `open`.
    static func closing(_ code: [Character], from open: Int) -> Int {
        var depth = 0
        var i = open
        while i < code.count {
            if code[i] == "{" { depth += 1 }
            if code[i] == "}" {
                depth -= 1
                if depth == 0 { return i }
            }
            i += 1
        }
        return code.count - 1
    }

    /// The bodies of the `async` functions of `text`, and of a command's synchronous `run()` (`CamProbeCommand.main`
    /// calls it from its async body, so it runs on the pool too), with every closure handed to `DedicatedThread.run`
    /// or `runThrowing` blanked: what runs on the calling task's thread.
    static func asyncBodies(_ text: String) -> [String] {
        var code = codeOnly(text)
        let joined = String(code)
        // Work handed to a thread of its own runs there, not on the task: blank it first.
        for m in joined.ranges(of: /DedicatedThread\.run(Throwing)?\(/) {
            let start = joined.distance(from: joined.startIndex, to: m.lowerBound)
            guard let open = code[start...].firstIndex(of: "{") else { continue }
            for j in open...closing(code, from: open) where code[j] != "\n" { code[j] = " " }
        }
        var bodies: [String] = []
        let blanked = String(code)
        for m in blanked.ranges(of: /\bfunc\s+\w+/) {
            let start = blanked.distance(from: blanked.startIndex, to: m.lowerBound)
            guard let open = code[start...].firstIndex(of: "{") else { continue }
            let header = String(code[start..<open])
            let isAsync = header.range(of: #"\)\s*(async|.*\basync\b)"#, options: .regularExpression) != nil
            let isCommandRun = header.range(of: #"^func\s+run\(\)\s*(throws)?\s*$"#, options: .regularExpression) != nil
            guard isAsync || isCommandRun else { continue }
            bodies.append(String(code[open...closing(code, from: open)]))
        }
        return bodies
    }

    /// An `async` function (or a command's synchronous `run()`) of the commands named in P23 item 6, of `monitor`
    /// and of the discovery session never calls what blocks its thread (on the cooperative pool, where it runs): such work is handed to
    /// `DedicatedThread.run`, whose closure runs on a thread of its own.
    @Test func asyncCommandBodiesDoNotBlockThePool() throws {
        let regex = try NSRegularExpression(pattern: Self.blockingCalls)
        var found: [String] = []
        for file in Self.poolRuleFiles {
            for body in Self.asyncBodies(file.lines.joined(separator: "\n")) {
                for line in body.components(separatedBy: "\n")
                where regex.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil {
                    found.append("\(file.path): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(found == [], "blocking calls in async bodies:\n\(found.joined(separator: "\n"))")
        #expect(Self.poolRuleFiles.count >= 50, "\(Self.poolRuleFiles.count) files checked")
    }

    /// The rule's scanner sees what it must: a blocking call in an async body, and not one handed to a thread.
    @Test func thePoolRuleSeesABlockingCall() throws {
        let sample = """
            func run() async throws {
                let x = "}" // {
                let d = try source.resolve(selector)
                let e = try await DedicatedThread.runThrowing("read", { try source.resolve(selector) })
            }
            func plain() { latch.wait() }
            func run() throws {
                let result = try source.discover(options)
            }
            func runOnThisThread() throws { let d = try source.resolve(selector) }
            func run() async throws {
                try await DedicatedThread.runThrowing("list", { try runOnThisThread() })
            }
            """
        let bodies = Self.asyncBodies(sample)
        #expect(bodies.count == 3)
        let regex = try NSRegularExpression(pattern: Self.blockingCalls)
        let hits = bodies.joined(separator: "\n").components(separatedBy: "\n").filter {
            regex.firstMatch(in: $0, range: NSRange($0.startIndex..., in: $0)) != nil
        }
        #expect(
            hits.map { $0.trimmingCharacters(in: .whitespaces) } == [
                "let d = try source.resolve(selector)", "let result = try source.discover(options)",
            ])
    }

    /// The library modules: every folder under Sources/ but the executables (`camprobe*`), the test-support
    /// modules (`*Testing`, `DeviceFixtures`) and the C shims (`C` and a capital: `CV4L2`, `CZlib`).
    static var libraryFiles: [(path: String, lines: [String])] {
        sources.filter { f in
            let module = f.path.split(separator: "/").dropFirst().first.map(String.init) ?? ""
            return !module.hasPrefix("camprobe") && !module.hasSuffix("Testing") && module != "DeviceFixtures"
                && module.range(of: #"^C[A-Z]"#, options: .regularExpression) == nil
        }
    }

    /// Tasks the kept-task rule lets go unkept, each with why it cannot outlive its owner's work: (file, code, reason).
    static let unkeptTasksAllowed: [(file: String, code: String, reason: String)] = [
        (
            "Sources/CamProbe/Device/CaptureDevice+Frames.swift", "Task { await self.streamSawDisconnect(error) }",
            "started from the streaming thread's synchronous end callback to tell the handle once; it sleeps on nothing "
                + "and ends when the handle's actor has taken it"
        )
    ]

    /// No task is started and forgotten in any library module: each `Task {}` is held by a name (assigned,
    /// returned or appended to a kept list, to be cancelled or awaited when its owner stops), never left running
    /// past the monitor's, the session's or the registry's end. The exceptions are listed with their reason.
    @Test func everyTaskIsKept() throws {
        let files = Self.libraryFiles
        let all = try Self.offenders(#"\bTask(\.detached)?\s*(\(|\{)"#, in: files)
        let kept = #"(=|return|\.append\()\s*Task(\.detached)?\s*(\(|\{)"#
        let unkept = all.filter { hit in
            guard hit.range(of: kept, options: .regularExpression) == nil else { return false }
            // "path:line: code": a task on the line after an `append(` is appended too.
            let parts = hit.split(separator: ":", maxSplits: 2).map(String.init)
            if let file = files.first(where: { $0.path == parts[0] }), let line = Int(parts[1]), line >= 2,
                file.lines[line - 2].trimmingCharacters(in: .whitespaces).hasSuffix(".append(")
            {
                return false
            }
            return !Self.unkeptTasksAllowed.contains { parts[0] == $0.file && parts[2].trimmingCharacters(in: .whitespaces) == $0.code }
        }
        #expect(unkept == [], "tasks nobody keeps:\n\(unkept.joined(separator: "\n"))")
        #expect(all.count >= 8, "\(all)")
        #expect(
            files.contains { $0.path.hasPrefix("Sources/CamProbe/Registry/") } && !files.contains { $0.path.hasPrefix("Sources/camprobe/") }
        )
    }
}
