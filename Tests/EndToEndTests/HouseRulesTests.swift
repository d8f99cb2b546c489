import Foundation
import Testing

/// Rules of the source tree that a reviewer should not have to check by eye
/// (issue P16): each one failed on the tree before the change that made it hold.
@Suite("House rules of the source tree")
struct HouseRulesTests {
    static let root = ProfileCommandEndToEndTests.root

    /// Every `.swift` file under `Sources/`, as (path relative to the root, lines).
    static let sources: [(path: String, lines: [String])] = {
        let base = root + "/Sources"
        let walker = FileManager.default.enumerator(atPath: base)
        var out: [(String, [String])] = []
        while let rel = walker?.nextObject() as? String {
            guard rel.hasSuffix(".swift"), let text = try? String(contentsOfFile: base + "/" + rel, encoding: .utf8) else { continue }
            out.append(("Sources/" + rel, text.components(separatedBy: "\n")))
        }
        return out.sorted { $0.0 < $1.0 }
    }()

    /// The lines of code (not `//` comments) matching `pattern`, as "path:line: text".
    static func offenders(_ pattern: String, in files: [(path: String, lines: [String])]) throws -> [String] {
        let regex = try NSRegularExpression(pattern: pattern)
        var found: [String] = []
        for file in files {
            for (i, line) in file.lines.enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                if code.hasPrefix("//") { continue }
                if regex.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil {
                    found.append("\(file.path):\(i + 1): \(code)")
                }
            }
        }
        return found
    }

    /// No symbolic link in the tree: an absolute one (`Sources/CLibXML2/include/libxml` used to point at
    /// /usr/include/libxml2/libxml) breaks on any other layout or sysroot; a relative one is a second name.
    @Test func noSymbolicLinkInTheTree() throws {
        var links: [String] = []
        for top in ["Sources", "Tests", "Examples", "Plugins", "Profiles", "scripts", "docs", "Reports"] {
            let base = Self.root + "/" + top
            guard let walker = FileManager.default.enumerator(atPath: base) else { continue }
            while let rel = walker.nextObject() as? String {
                let attributes = try FileManager.default.attributesOfItem(atPath: base + "/" + rel)
                if attributes[.type] as? FileAttributeType == .typeSymbolicLink { links.append(top + "/" + rel) }
            }
        }
        #expect(links.isEmpty, "symbolic links: \(links)")
    }

    /// No Sources file over 400 lines: a file holds one concept.
    @Test func noSourceFileOver400Lines() {
        let long = Self.sources.filter { $0.lines.count > 401 }.map { "\($0.path): \($0.lines.count - 1) lines" }
        #expect(long.isEmpty, "\(long)")
    }

    @Test func sourcesAreFound() {
        #expect(Self.sources.count > 300, "\(Self.sources.count) files under Sources/")
    }

    /// A library call never changes the process's signal dispositions; the command line may.
    @Test func onlyTheCommandLineTouchesSignalDispositions() throws {
        let library = Self.sources.filter { !$0.path.hasPrefix("Sources/CamProbeCLI/") }
        #expect(try Self.offenders(#"\b(signal|sigaction)\("#, in: library) == [])
    }

    /// Problem and transport kinds are compared with their named constants, never spelled as text.
    @Test func kindsAreNamedConstantsNotLiterals() throws {
        #expect(try Self.offenders(#"kind [!=]= ""#, in: Self.sources) == [])
    }

    /// Errors are matched by type and errno, never by searching a message for an errno's name.
    @Test func errorsAreNotMatchedByErrnoNamesInTheirText() throws {
        #expect(try Self.offenders(#"\.contains\("E[A-Z0-9]{3,}"\)"#, in: Self.sources) == [])
    }

    /// Nor is an error or a problem told apart by searching its words: its type, kind, reason or errno say it
    /// (`import` matched "skipped" and "this is not v4l2-ctl output", doctor a node's path in a message).
    @Test func errorsAndProblemsAreNotMatchedByTheirWords() throws {
        let pattern = #"(\.(message|description)|"\\\((error|e|p)\)")\.(contains|hasPrefix|hasSuffix|range)\("#
        #expect(try Self.offenders(pattern, in: Self.sources) == [])
    }

    /// `CaptureModel` is values only: no C library (threads, the clock and errno live in `HostSystem`).
    @Test func captureModelImportsNoCLibrary() throws {
        let model = Self.sources.filter { $0.path.hasPrefix("Sources/CaptureModel/") }
        #expect(!model.isEmpty)
        #expect(try Self.offenders(#"^\s*import (Glibc|Foundation|Dispatch)\b"#, in: model) == [])
    }

    /// One errno table (`HostSystem.Errno`): no other module asks the C library for an errno's text.
    @Test func oneErrnoTable() throws {
        let elsewhere = Self.sources.filter { !$0.path.hasPrefix("Sources/HostSystem/") }
        #expect(try Self.offenders(#"[^_]strerror\("#, in: elsewhere) == [])
    }

    /// One seeded generator (`SeededRandom`, SplitMix64): its increment appears once in the tree.
    @Test func oneSeededGenerator() throws {
        let testsDir = Self.root + "/Tests"
        var files = Self.sources
        let walker = FileManager.default.enumerator(atPath: testsDir)
        while let rel = walker?.nextObject() as? String {
            guard rel.hasSuffix(".swift"), let text = try? String(contentsOfFile: testsDir + "/" + rel, encoding: .utf8) else { continue }
            files.append(("Tests/" + rel, text.components(separatedBy: "\n")))
        }
        let found = try Self.offenders(#"0x9E37_?79B9_?7F4A_?7C15"#, in: files).filter {
            !$0.hasPrefix("Tests/EndToEndTests/HouseRulesTests.swift")
        }
        #expect(found.count == 1 && found[0].hasPrefix("Sources/DeviceFixtures/SeededRandom.swift"), "\(found)")
    }

    /// One atomic file writer (`AtomicFile`): nothing else renames files into place.
    @Test func oneAtomicWriter() throws {
        let elsewhere = Self.sources.filter { $0.path != "Sources/HostSystem/FileIO.swift" }
        #expect(try Self.offenders(#"\b(rename|renameat2?)\("#, in: elsewhere) == [])
    }

    /// Timed waits count on the monotonic clock, in Swift and in the C shims: no `pthread_mutex_timedlock` (its
    /// deadline is wall-clock time; `pthread_mutex_clocklock` takes CLOCK_MONOTONIC), a condition variable made
    /// with a clock attribute where it is waited on with a deadline, and CLOCK_REALTIME read only where a time is shown to people or written to a file.
    @Test func timedWaitsAreOnTheMonotonicClock() throws {
        let base = Self.root + "/Sources"
        var files = Self.sources
        let walker = FileManager.default.enumerator(atPath: base)
        while let rel = walker?.nextObject() as? String {
            guard rel.hasSuffix(".c") || rel.hasSuffix(".h"), !rel.contains("/pw/"),
                let text = try? String(contentsOfFile: base + "/" + rel, encoding: .utf8)
            else { continue }
            files.append(("Sources/" + rel, text.components(separatedBy: "\n")))
        }
        #expect(try Self.offenders(#"pthread_mutex_timedlock\("#, in: files) == [])
        let untimedClock = files.filter { f in
            f.lines.contains { $0.contains("pthread_cond_timedwait") } && !f.lines.contains { $0.contains("pthread_condattr_setclock") }
        }
        #expect(untimedClock.map(\.path) == [], "a condition waited on with a deadline must be made with CLOCK_MONOTONIC")
        let wallClockForPeople = ["Sources/CamProbeCLI/Commands/monitor/EventPrinter.swift", "Sources/Fleet/FleetTextfile.swift"]
        #expect(try Self.offenders(#"CLOCK_REALTIME"#, in: files.filter { !wallClockForPeople.contains($0.path) }) == [])
    }

    /// One test target per library module, named after it, with tests in it: `.target(name: "X")` in
    /// Package.swift has `.testTarget(name: "XTests")` and `Tests/XTests/*.swift`. C shims (`C` and a
    /// capital) are covered by `ShimTests`, `…Testing` and `…Fixtures` targets are the tests' own support, and the CLI is
    /// tested through its binaries by `EndToEndTests`.
    @Test func everyLibraryModuleHasItsOwnTestTarget() throws {
        let manifest = try String(contentsOfFile: Self.root + "/Package.swift", encoding: .utf8)
        func names(_ kind: String) throws -> [String] {
            let regex = try NSRegularExpression(pattern: "\\.\(kind)\\(\\s*name: \"([A-Za-z0-9]+)\"")
            return regex.matches(in: manifest, range: NSRange(manifest.startIndex..., in: manifest)).compactMap {
                Range($0.range(at: 1), in: manifest).map { String(manifest[$0]) }
            }
        }
        let modules = try names("target").filter {
            !($0.count > 1 && $0.first == "C" && $0.dropFirst().first!.isUppercase) && !$0.hasSuffix("Testing") && !$0.hasSuffix("Fixtures")
                && $0 != "CamProbeCLI"
        }
        let testTargets = Set(try names("testTarget"))
        #expect(modules.count >= 12, "\(modules)")
        for module in modules {
            #expect(testTargets.contains(module + "Tests"), "no test target for \(module)")
            let files = (try? FileManager.default.contentsOfDirectory(atPath: Self.root + "/Tests/\(module)Tests")) ?? []
            #expect(files.contains { $0.hasSuffix(".swift") }, "Tests/\(module)Tests has no tests")
        }
    }
}
