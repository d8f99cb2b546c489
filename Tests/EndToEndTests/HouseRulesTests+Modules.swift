import Foundation
import Testing

/// P23 item 4, "rooms by concept": what a module is called and what it leans on. Each rule failed on the tree
/// before the change that made it hold (`enum Snapshot` in module Snapshot; TextImport importing Negotiation).
extension HouseRulesTests {
    /// The modules under `Sources/` whose name can be a type's (an executable such as `camprobe-fake` cannot).
    static var sourceModules: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root + "/Sources")) ?? []
        return names.filter { $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } }.sorted()
    }

    /// A top-level (unindented) declaration of a struct, enum, class, actor or protocol named `name`, after any
    /// attributes and modifiers.
    static func topLevelTypePattern(_ name: String) -> String {
        #"^(?:(?:public|package|internal|fileprivate|private|final|open|indirect)\s+|@\w+(?:\([^)]*\))?\s+)*"#
            + #"(?:struct|enum|class|actor|protocol)\s+"# + name + #"\b"#
    }

    /// Types declared at the top level of `module`'s own files with the module's name, as "path:line: text".
    static func typesNamedLike(_ module: String) throws -> [String] {
        try offenders(topLevelTypePattern(module), in: sources.filter { $0.path.hasPrefix("Sources/\(module)/") })
    }

    /// No top-level type is named like the module it is declared in: a type named so hides its module
    /// (`Snapshot.Encoding` could not name the module's own `Encoding`, and no file can spell the module).
    /// No module is exempt (P26 item 5: the command line's entry point, once `enum CamProbeCLI`, is `CommandLineEntry`).
    @Test func noTypeIsNamedLikeItsModule() throws {
        let modules = Self.sourceModules
        #expect(
            modules.contains("CaptureModel") && modules.contains("Snapshot") && modules.contains("CamProbeCLI")
                && !modules.contains("camprobe-fake"), "\(modules)")
        var found: [String] = []
        for module in modules { found += try Self.typesNamedLike(module) }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    /// The rule's pattern sees a top-level declaration with attributes and modifiers, and not a nested one or
    /// another name that starts the same.
    @Test func theModuleNameRuleSeesWhatItShould() throws {
        let file = (
            path: "Sources/Example/A.swift",
            lines: [
                "@MainActor public final class Example {", "    enum Example {}", "struct ExampleWriter {}",
                "package enum Example: Sendable {",
            ]
        )
        let found = try Self.offenders(Self.topLevelTypePattern("Example"), in: [file])
        #expect(
            found.map { $0.split(separator: ":").prefix(2).joined(separator: ":") } == [
                "Sources/Example/A.swift:1", "Sources/Example/A.swift:4",
            ])
    }

    /// The importers read text into the model and build media-controller cameras from it (`SensorPipelines`); what
    /// to choose is Negotiation's, and no importer depends on it.
    /// Importers and `doctor` read facts (media graphs, the bus's bandwidth: `SensorPipelines`, `CaptureModel`'s
    /// `Bandwidth`); they do not depend on decisions.
    @Test func importersDoNotImportTheDecisions() throws {
        let importers = Self.sources.filter { $0.path.hasPrefix("Sources/TextImport/") || $0.path.hasPrefix("Sources/Doctor/") }
        #expect(importers.contains { $0.path.hasPrefix("Sources/Doctor/") })
        #expect(try Self.offenders(#"^\s*(@\w+\s+)?(package\s+|public\s+)?import\s+Negotiation\b"#, in: importers) == [])
    }
}
