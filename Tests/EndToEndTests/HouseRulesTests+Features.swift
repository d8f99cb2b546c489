import Foundation
import Testing

/// "Rooms by concept", the feature rule written above the feature modules in Package.swift: a feature is a module
/// when its logic can be tested without the command line; CamProbeCLI turns arguments into calls and results into
/// text. Each rule failed on the tree before the report's writers, the kept controls, the point-of-interest setter
/// and the udev rule left the façade and the command line (see each test).
extension HouseRulesTests {
    /// Top-level `public` or `package` types declared in the façade's Swift files: (name, access, path).
    static var facadeTypes: [(name: String, access: String, path: String)] {
        let regex = try? NSRegularExpression(
            pattern: #"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:final|indirect)\s+)*(public|package)\s+(?:(?:final|indirect)\s+)*"#
                + #"(?:struct|enum|class|actor|protocol)\s+(\w+)"#)
        var out: [(String, String, String)] = []
        for file in sources where file.path.hasPrefix("Sources/CamProbe/") {
            for line in file.lines {
                let range = NSRange(line.startIndex..., in: line)
                guard let m = regex?.firstMatch(in: line, range: range), let access = Range(m.range(at: 1), in: line),
                    let name = Range(m.range(at: 2), in: line)
                else { continue }
                out.append((String(line[name]), String(line[access]), file.path))
            }
        }
        return out
    }

    /// The text a façade type can be named in: every Swift file under Sources/ and Examples/, and the DocC catalog.
    static var namingFiles: [(path: String, text: String)] {
        var out = sources.map { ($0.path, $0.lines.joined(separator: "\n")) }
        for (top, ext) in [("Examples", ".swift"), ("Sources/CamProbe/CamProbe.docc", ".md")] {
            let walker = FileManager.default.enumerator(atPath: root + "/" + top)
            while let rel = walker?.nextObject() as? String {
                guard rel.hasSuffix(ext), let text = try? String(contentsOfFile: root + "/" + top + "/" + rel, encoding: .utf8) else {
                    continue
                }
                if !out.contains(where: { $0.0 == top + "/" + rel }) { out.append((top + "/" + rel, text)) }
            }
        }
        return out
    }

    /// The façade types that fail the rule: a `public` type named nowhere but the façade, the command line and
    /// the tests (not in Examples/, the DocC catalog or another module); a `package` type whose only users
    /// beyond its own file are in the command line (a command's feature parked in what a recorder imports).
    static func facadeTypesOnlyTheCommandLineUses() throws -> [String] {
        let files = namingFiles
        var found: [String] = []
        for t in facadeTypes {
            let word = try NSRegularExpression(pattern: #"\b"# + t.name + #"\b"#)
            let users = files.filter { f in
                f.path != t.path && word.firstMatch(in: f.text, range: NSRange(f.text.startIndex..., in: f.text)) != nil
            }.map(\.path)
            let outsideTheCommandLine = users.filter { !$0.hasPrefix("Sources/CamProbeCLI/") }
            if t.access == "public" {
                let outsideTheFacade = outsideTheCommandLine.filter {
                    !$0.hasPrefix("Sources/CamProbe/") || $0.hasPrefix("Sources/CamProbe/CamProbe.docc/")
                }
                if outsideTheFacade.isEmpty { found.append("public \(t.name) (\(t.path)): used by \(users)") }
            } else if !users.isEmpty && outsideTheCommandLine.isEmpty {
                found.append("package \(t.name) (\(t.path)): used only by \(users)")
            }
        }
        return found
    }

    /// The façade holds what a recorder uses: every public type of Sources/CamProbe is named in Examples/, the DocC
    /// catalog or another module, and no package type of it is used by the command line alone. It failed on the
    /// tree where ControlReasserter, SavedControlProfile, PointOfInterestSetter (and its change and failure) and
    /// UdevRule were in the façade (the store and restorer passed only through the reasserter that leans on them).
    /// `DeviceSelector` stays: the recorder example and the catalog use it. It has no exceptions since `graph`'s
    /// `MediaPipeline` and `show`'s `PipeWireFormatComparison` moved to the command line (P26).
    @Test func theFacadeHoldsNoTypeOnlyTheCommandLineUses() throws {
        #expect(Self.facadeTypes.contains { $0.name == "DeviceSelector" && $0.access == "public" }, "the façade's types were read")
        let found = try Self.facadeTypesOnlyTheCommandLineUses()
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    /// The feature modules Package.swift's rule names, in the order it names them.
    static func featureModules() throws -> [String] {
        let text = try String(contentsOfFile: root + "/Package.swift", encoding: .utf8)
        let comment = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("//") }
            .map { $0.dropFirst(2).trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        guard let list = comment.firstMatch(of: /A feature is a module when its logic can be tested without the command line \(([^)]*)\)/)
        else { return [] }
        return list.output.1.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Every feature module Package.swift's rule names is a target with its own test target (`<Module>Tests`,
    /// declaring it), and every module built on the façade other than the command line and test support (`…Testing`) is
    /// named there.
    @Test func everyFeatureModuleIsNamedByTheRuleAndHasItsOwnTests() throws {
        let features = try Self.featureModules()
        #expect(features.contains("Reporting") && features.contains("Doctor"), "the rule in Package.swift lists the features: \(features)")
        let targets = try ManifestTruthTests.targets()
        var problems: [String] = []
        for f in features {
            if !targets.contains(where: { $0.name == f && $0.kind == "target" }) { problems.append("\(f) is not a target") }
            if !targets.contains(where: { $0.name == f + "Tests" && $0.kind == "testTarget" && $0.declared.contains(f) }) {
                problems.append("\(f) has no test target \(f)Tests that declares it")
            }
        }
        for t in targets where t.kind == "target" && t.declared.contains("CamProbe") {
            // Test support (`…Testing`) fakes a layer for tests; it is no feature.
            // The console is a client of the command line (it answers with the commands' own documents), as the
            // executables are: no feature of its own below it.
            let clientOfTheCommandLine = t.declared.contains("CamProbeCLI")
            if t.name != "CamProbeCLI" && !clientOfTheCommandLine && !t.name.hasSuffix("Testing") && !features.contains(t.name) {
                problems.append("\(t.name) is built on the façade but not named by the feature rule")
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    /// Markup of a document format written as text: an HTML or SVG element, or a Markdown table's rule.
    static let documentMarkup =
        #"<\/?(html|head|body|svg|table|thead|tbody|tr|td|th|div|section|figure|rect|line|polyline|circle|text|title|style|img)\b|\|---"#

    /// The command line writes no document format: HTML, SVG and Markdown are written by `Reporting`, where they
    /// are tested without the command line. It failed on the tree where the report's writers were in
    /// CamProbeCLI/Commands/report/ (`HTMLDocument`, `SVGChart`, `MarkdownReport.table`).
    @Test func theCommandLineWritesNoDocumentFormat() throws {
        let cli = Self.sources.filter { $0.path.hasPrefix("Sources/CamProbeCLI/") }
        #expect(cli.count > 50)
        #expect(try Self.offenders(Self.documentMarkup, in: cli) == [])
        #expect(try !Self.offenders(Self.documentMarkup, in: Self.sources.filter { $0.path.hasPrefix("Sources/Reporting/") }).isEmpty)
    }
}
