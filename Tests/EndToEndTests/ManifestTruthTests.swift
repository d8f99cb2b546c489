import Foundation
import Testing

/// Package.swift says what the code does (P23 item 2): each target's declared dependencies are the
/// modules its files import — none imported without being declared (it builds today only because
/// another target built the module first), none declared and never imported — and the products are
/// what a user depends on.
@Suite("The manifest tells the truth")
struct ManifestTruthTests {
    static let root = ProfileCommandEndToEndTests.root

    struct Target {
        var name: String
        var kind: String
        var folder: String
        var declared: Set<String>
    }

    /// The targets of Package.swift, read from its text (`swift package dump-package` would wait on the
    /// build's lock while `swift test` holds it).
    static func targets() throws -> [Target] {
        let text = try String(contentsOfFile: root + "/Package.swift", encoding: .utf8)
        let starts = text.matches(of: /\.(target|executableTarget|testTarget|systemLibrary|plugin)\(/)
        var out: [Target] = []
        for (i, m) in starts.enumerated() {
            let end = i + 1 < starts.count ? starts[i + 1].range.lowerBound : text.endIndex
            let body = String(text[m.range.upperBound..<end])
            guard let name = body.firstMatch(of: /name: "([^"]+)"/)?.output.1 else { continue }
            let kind = String(m.output.1)
            var declared = Set<String>()
            if let deps = body.firstMatch(of: /dependencies: \[([^\]]*)\]/)?.output.1 {
                for d in deps.matches(of: /\.product\(name: "([^"]+)"|"([^"]+)"/) {
                    if let p = d.output.1 { declared.insert(String(p)) } else if let t = d.output.2 { declared.insert(String(t)) }
                }
                // `.product(… package: "swift-log")` adds its package name as a string: not a module.
                declared.subtract(deps.matches(of: /package: "([^"]+)"/).map { String($0.output.1) })
            }
            let path = body.firstMatch(of: /path: "([^"]+)"/).map { String($0.output.1) }
            let folder = path ?? (kind == "testTarget" ? "Tests/\(name)" : "Sources/\(name)")
            out.append(Target(name: String(name), kind: kind, folder: folder, declared: declared))
        }
        return out
    }

    /// The modules `folder`'s Swift files import (any kind of import: plain, `@_exported`, `@testable`, `package`).
    static func imports(_ folder: String) -> Set<String> {
        var found = Set<String>()
        let base = root + "/" + folder
        let walker = FileManager.default.enumerator(atPath: base)
        while let rel = walker?.nextObject() as? String {
            guard rel.hasSuffix(".swift"), let text = try? String(contentsOfFile: base + "/" + rel, encoding: .utf8) else { continue }
            for m in text.matches(
                of: /(?m)^\s*(?:@\w+\s+)?(?:package\s+|public\s+|internal\s+)?import\s+(?:struct\s+|enum\s+|class\s+|func\s+)?(\w+)/)
            {
                found.insert(String(m.output.1))
            }
        }
        return found
    }

    @Test func eachTargetDeclaresWhatItImportsAndImportsWhatItDeclares() throws {
        let all = try Self.targets()
        #expect(all.count > 30, "Package.swift's targets were read (\(all.count))")
        // The products of other packages a target may name (the console's HTTP server among them).
        let ours = Set(all.map(\.name)).union(["ArgumentParser", "Logging", "Hummingbird", "NIOCore", "HTTPTypes", "ServiceLifecycle"])
        let executables = Set(all.filter { $0.kind == "executableTarget" }.map(\.name))
        var problems: [String] = []
        for t in all where ["target", "executableTarget", "testTarget"].contains(t.kind) {
            let used = Self.imports(t.folder).intersection(ours).subtracting([t.name])
            for m in used.subtracting(t.declared).sorted() { problems.append("\(t.name) imports \(m) without declaring it") }
            // An executable is a dependency for build order (the end-to-end tests run it), never imported.
            for m in t.declared.subtracting(used).subtracting(executables).sorted() {
                problems.append("\(t.name) declares \(m) and imports it nowhere")
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    /// Every target `name` builds: its declared dependencies, theirs, and so on.
    static func closure(_ name: String, in targets: [Target]) -> Set<String> {
        let declared = Dictionary(targets.map { ($0.name, $0.declared) }, uniquingKeysWith: { a, _ in a })
        var seen = Set<String>()
        var next = Array(declared[name] ?? [])
        while let t = next.popLast() {
            guard seen.insert(t).inserted else { continue }
            next += declared[t] ?? []
        }
        return seen
    }

    /// The test targets whose subject is the façade or is built on it, so they cannot help building it, each with
    /// why. Every other test target is a layer's (or a feature's that does not need the façade) and builds
    /// without it.
    static let testsOfTheFacadeOrAbove: [String: String] = [
        "CamProbeTests": "its subject is the façade",
        "EndToEndTests": "it runs the executables (camprobe, camprobe-fake, camprobe-fixture), all built on the façade",
        "ConsoleTests": "Console serves the commands (CamProbeCLI), which are built on the façade",
        "DoctorTests": "Doctor is built on the façade (CamProbe among its dependencies)",
        "FleetTests": "Fleet is built on the façade (CamProbe among its dependencies)",
        "SnapshotTests": "Snapshot is built on the façade (CamProbe among its dependencies)",
        "ReportingTests": "Reporting is built on the façade (CamProbe among its dependencies)",
        "KeptControlsTests": "KeptControls is built on the façade (CamProbe among its dependencies)",
    ]

    /// Fakes per layer: every test target builds its subject and that layer's fakes, never the façade (CamProbe),
    /// unless its subject is the façade or built on it (`testsOfTheFacadeOrAbove`, which must stay exactly those);
    /// and the façade's fakes do not build doctor.
    @Test func aLayersTestsBuildWithoutTheFacade() throws {
        let all = try Self.targets()
        let names = Set(all.map(\.name))
        for t in [
            "V4L2Tests", "ALSATests", "NegotiationTests", "CommandEmittersTests", "PipeWireTests", "CamProbeTesting", "CamProbe", "Doctor",
        ] {
            #expect(names.contains(t), "\(t) is a target of Package.swift")
        }
        let executables = Set(all.filter { $0.kind == "executableTarget" }.map(\.name))
        let tests = all.filter { $0.kind == "testTarget" }.map(\.name)
        #expect(tests.count > 20 && tests.allSatisfy { $0.hasSuffix("Tests") }, "\(tests)")
        for (t, why) in Self.testsOfTheFacadeOrAbove.sorted(by: { $0.key < $1.key }) {
            // An exemption holds only while its reason does: the subject is the façade, is built on it, or the
            // target tests executables.
            let subject = String(t.dropLast(5))
            let onTheFacade = subject == "CamProbe" || Self.closure(subject, in: all).contains("CamProbe")
            let runsExecutables = !Self.closure(t, in: all).isDisjoint(with: executables) && !names.contains(subject)
            #expect(tests.contains(t) && (onTheFacade || runsExecutables), "\(t) is exempt (\(why)), but that no longer holds")
        }
        for t in tests where Self.testsOfTheFacadeOrAbove[t] == nil {
            let built = Self.closure(t, in: all)
            #expect(!built.contains("CamProbe"), "\(t) builds the façade: \(built.sorted())")
            let subject = String(t.dropLast(5))
            #expect(!names.contains(subject) || built.contains(subject), "\(t) builds the layer it tests")
        }
        let fakes = Self.closure("CamProbeTesting", in: all)
        #expect(fakes.contains("CamProbe"))
        #expect(!fakes.contains("Doctor"), "CamProbeTesting builds doctor: \(fakes.sorted())")
    }

    @Test func theProductsAreWhatAUserDependsOn() throws {
        let text = try String(contentsOfFile: Self.root + "/Package.swift", encoding: .utf8)
        let products = text.matches(of: /\.(library|executable)\(name: "([^"]+)"/).map { "\($0.output.1) \($0.output.2)" }
        // camprobe-serve is a product of its own so that camprobe links no HTTP server (P25).
        #expect(products.sorted() == ["executable camprobe", "executable camprobe-serve", "library CamProbe"], "\(products)")
    }
}
