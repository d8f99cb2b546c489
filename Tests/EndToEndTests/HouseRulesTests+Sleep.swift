import Foundation
import Testing

/// P26 item 4, "no polling waits": a wait ends on the event it waits for (a continuation resumed by whoever changes
/// the state, a condition, a descriptor), never on a sleep in a loop that looks again. It failed on the tree where
/// the monitor, the PipeWire watch and a frame's revoke slept in steps and re-checked.
extension HouseRulesTests {
    /// A sleep: the calls that park a thread or a task for a while.
    static let sleepCall =
        #"\bTask\.sleep\(|\bThread\.sleep\(|\busleep\(|\bclock_nanosleep\(|\bnanosleep\(|\bFakeClock\.sleep\(|(?<![\w.])sleep\("#

    /// The sleeps inside a loop that are the point, each with its reason: (path, text of the line, why). The line's
    /// text is matched as a substring, so a moved line still counts and a changed one must be looked at again.
    static let sleepLoopExceptions: [(path: String, line: String, why: String)] = [
        (
            "Sources/DeviceFixtures/FakeClock.swift", "nanosleep(&want, &left)",
            "the sleep itself: nanosleep(2) resumed with the time left after EINTR"
        ),
        (
            "Sources/V4L2Testing/FakeV4L2Port+Streaming.swift", "FakeClock.sleep(milliseconds: 1)",
            "a test double of poll(2): the fake device has no descriptor to wait on"
        ),
        (
            "Sources/CamProbeCLI/Commands/monitor/Monitor+Hold.swift", "Task.sleep(for: Monitor.holdPeriod)",
            "--hold reads the held device's format every 250 ms (its help says so): the probe is the point"
        ),
        (
            "Sources/CamProbeCLI/Commands/monitor/MonitorFleet.swift", "Task.sleep(for: .milliseconds(Int(MonitorFleet.refreshSeconds",
            "--textfile rewrites the file every 30 s: a period, not a wait"
        ),
        (
            "Sources/CamProbeCLI/Commands/monitor/MonitorFleet.swift", "Task.sleep(for: .milliseconds(Int(every * 1000)))",
            "--verify-every checks the cameras every so often: a period, not a wait"
        ),
        (
            "Sources/Console/LiveDevices.swift", "Task.sleep(for: LiveDevices.keepAlive)",
            "the console's keep-alive to its listeners: a heartbeat, not a wait"
        ),
        (
            "Sources/CamProbe/Frames/FrameProducer.swift", "usleep(1000)",
            "a back-off: a seam that answers poll(2) 'timed out' at once must not spin the producer's thread"
        ),
        (
            "Sources/PipeWire/UnixSocket.swift", "usleep(10_000)",
            "a retry back-off: connect(2) to a full backlog says EAGAIN and gives nothing to wait on"
        ),
        (
            "Sources/CamProbe/Bandwidth/USBDomainLock.swift", "usleep(5_000)",
            "flock(2) has no timed form: a short retry back-off, bounded by the deadline"
        ),
        (
            "Sources/CamProbe/Registry/DeviceRegistry+Settle.swift", "Task.sleep(for: .nanoseconds(wait))",
            "the registry's one kept timer: it sleeps until the settle window's next deadline (not a step), then reads "
                + "the next one; an earlier deadline replaces it, stop() cancels it"
        ),
    ]

    /// The sleeps of `text` inside the body of a `while`, `for` or `repeat` loop, as (line number, line).
    static func sleepsInLoops(_ text: String) throws -> [(line: Int, text: String)] {
        let code = codeOnly(text)
        var lineOf: [Int] = []  // the line (from 0) of each character of the text
        var n = 0
        for c in text {
            lineOf.append(n)
            if c == "\n" { n += 1 }
        }
        let joined = String(code)
        let lines = text.components(separatedBy: "\n")
        let sleep = try NSRegularExpression(pattern: sleepCall)
        // `for` starts a loop when a pattern follows it, not a label (`Task.sleep(for: …)`, `wait(for events: …)`).
        let loop = try NSRegularExpression(pattern: #"\b(while|repeat)\b|\bfor\s+(?!\w+\s*:)"#)
        let utf16 = Array(joined.utf16)
        var offsets: [Int] = []  // the utf-16 offset of each character, to map matches back to `code`
        var at = 0
        for c in code {
            offsets.append(at)
            at += c.utf16.count
        }
        func index(ofUTF16 u: Int) -> Int {
            var lo = 0
            var hi = offsets.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if offsets[mid] < u { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
        var found = Set<Int>()
        for m in loop.matches(in: joined, range: NSRange(location: 0, length: utf16.count)) {
            var i = index(ofUTF16: m.range.location + m.range.length)
            // `} while cond` ends a `repeat` loop: its body was the `repeat`'s.
            let keyword = index(ofUTF16: m.range.location)
            if code[keyword] == "w" && endsRepeat(code, before: keyword) { continue }
            // The body is the first `{` outside the condition's parentheses and brackets.
            var depth = 0
            while i < code.count {
                let c = code[i]
                if c == "(" || c == "[" { depth += 1 }
                if c == ")" || c == "]" { depth -= 1 }
                if c == "{" && depth == 0 { break }
                i += 1
            }
            guard i < code.count else { continue }
            let body = String(code[i...closing(code, from: i)])
            // Lines are counted in the text: the blanking also blanks a string's escaped line break (`\` at the end).
            var from = i
            for piece in body.split(separator: "\n", omittingEmptySubsequences: false) {
                let part = String(piece)
                if let m = sleep.firstMatch(in: part, range: NSRange(part.startIndex..., in: part)), let r = Range(m.range, in: part) {
                    found.insert(lineOf[from + part.distance(from: part.startIndex, to: r.lowerBound)])
                }
                from += piece.count + 1
            }
        }
        return found.sorted().map { ($0 + 1, lines[$0].trimmingCharacters(in: .whitespaces)) }
    }

    /// Whether the `while` at `keyword` is a `repeat { … } while` loop's tail: the `}` just before it closes a block
    /// opened by `repeat`.
    static func endsRepeat(_ code: [Character], before keyword: Int) -> Bool {
        guard let close = code[..<keyword].lastIndex(where: { !$0.isWhitespace }), code[close] == "}" else { return false }
        var depth = 0
        var i = close
        while i >= 0 {
            if code[i] == "}" { depth += 1 }
            if code[i] == "{" {
                depth -= 1
                if depth == 0 { break }
            }
            i -= 1
        }
        let head = String(code[..<max(0, i)]).trimmingCharacters(in: .whitespacesAndNewlines)
        return head.hasSuffix("repeat")
    }

    /// No sleep in a loop under Sources/ but the listed exceptions: a wait ends on its event, with a deadline
    /// raced against it when it has one, not by sleeping a step and looking again.
    @Test func noSleepInALoop() throws {
        var found: [String] = []
        var used = Set<Int>()
        for file in Self.sources {
            for hit in try Self.sleepsInLoops(file.lines.joined(separator: "\n")) {
                if let k = Self.sleepLoopExceptions.indices.first(where: {
                    Self.sleepLoopExceptions[$0].path == file.path && hit.text.contains(Self.sleepLoopExceptions[$0].line)
                }) {
                    used.insert(k)
                } else {
                    found.append("\(file.path):\(hit.line): \(hit.text)")
                }
            }
        }
        #expect(
            found == [],
            "sleeps in loops (wait on the event instead, or list the exception with its reason):\n\(found.joined(separator: "\n"))")
        let stale = Self.sleepLoopExceptions.indices.filter { !used.contains($0) }.map { Self.sleepLoopExceptions[$0] }
        #expect(stale.isEmpty, "exceptions that no longer match a sleep in a loop (remove them): \(stale.map { "\($0.path): \($0.line)" })")
    }

    /// The rule's scanner sees a sleep in each kind of loop, on its line, and not one outside a loop, in a comment or
    /// a string, nor a `for:` label taken for a loop.
    @Test func theSleepRuleSeesASleepInALoop() throws {
        let sample = """
            let help = "a line break escaped in a string \\
            is blanked with it"
            func a() async {
                while !done { try? await Task.sleep(for: .milliseconds(50)) }
                try? await Task.sleep(for: .seconds(1))
            }
            func b() {
                for i in items where check(i) {
                    // usleep(200) in a comment
                    let s = "usleep(200)"
                    usleep(200)
                }
                repeat {
                    nanosleep(&t, nil)
                } while busy
                let x = wait(for: value) { sleep(1) }
                while let y = next(where: { $0 > 1 }) {
                    Thread.sleep(forTimeInterval: 1)
                }
                f.sleep(2)
            }
            """
        let hits = try Self.sleepsInLoops(sample)
        #expect(hits.map(\.line) == [4, 11, 14, 18], "\(hits)")
    }
}
