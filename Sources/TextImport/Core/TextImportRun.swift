/// Pasted files of any kinds, each told apart by content and read by its importer: what `camprobe import` does
/// before the merge.
package struct TextImportRun: Sendable {
    /// One result per file read alone, or per group of files read together.
    package var results: [TextImportResult] = []
    /// What --partial left out, one sentence each, in the order met.
    package var skipped: [String] = []
    /// What was read, each once, in the order met.
    package var recognized: [String] = []

    /// Reads `inputs` with `importers`, in the registry's order, so that an importer's companions (media-ctl's
    /// v4l2-ctl listings) are taken before they could be read on their own.
    /// - Parameter partial: a file or group that cannot be read is skipped and said in `skipped`; without it the
    ///   first such file is the error.
    /// - Throws: `TextImportRunError` naming the file and line and how to go on.
    package static func read(_ inputs: [TextInput], partial: Bool, importers: [any TextImporter] = TextImporters.all)
        throws(TextImportRunError) -> TextImportRun
    {
        var run = TextImportRun()
        let kinds = inputs.map { PasteKind.detect($0.text, among: importers) }
        var taken = Set<Int>()
        // Importers that read files together go first, in the registry's order, so they take their companions.
        for importer in importers where importer.readsTogether {
            let mine = inputs.indices.filter { kinds[$0] == importer.kind && !taken.contains($0) }
            guard !mine.isEmpty else { continue }
            let companions = inputs.indices.filter { importer.companions.contains(kinds[$0]) && !taken.contains($0) }
            var files = (mine + companions).sorted()
            taken.formUnion(files)
            if partial && companions.isEmpty {
                // A file no line of which can be read is skipped on its own, not with its companions.
                files = files.filter { i in
                    do throws(TextImportError) {
                        _ = try importer.read([inputs[i]], partial: true)
                        return true
                    } catch {
                        run.skipped.append(Self.describe(error, importer, importers))
                        return false
                    }
                }
            }
            guard !files.isEmpty else { continue }
            do throws(TextImportError) {
                run.add(try importer.read(files.map { inputs[$0] }, partial: partial))
            } catch {
                try run.skip(
                    Self.describe(error, importer, importers), partial: partial, hint: " (use --partial to keep what could be read)")
            }
        }
        // The rest, each file on its own, in the order given: where files disagree, the first is kept.
        for i in inputs.indices where !taken.contains(i) {
            guard let importer = TextImporters.importer(for: kinds[i], among: importers) else { continue }
            do throws(TextImportError) {
                run.add(try importer.read([inputs[i]], partial: partial))
            } catch {
                try run.skip(Self.describe(error, importer, importers), partial: partial, hint: " (--partial skips it)")
            }
        }
        return run
    }

    private mutating func add(_ result: TextImportResult) {
        results.append(result)
        for r in result.recognized where !recognized.contains(r) { recognized.append(r) }
    }

    private mutating func skip(_ why: String, partial: Bool, hint: String) throws(TextImportRunError) {
        guard partial else { throw TextImportRunError(message: why + hint) }
        skipped.append(why)
    }

    /// A file no importer claimed went to the fallback: its refusal names the other kinds too.
    static func describe(_ error: TextImportError, _ importer: any TextImporter, _ importers: [any TextImporter]) -> String {
        guard error.reason == .notThisKind, importer.kind == TextImporters.fallback.kind else { return "\(error)" }
        let others = importers.filter { $0.kind != importer.kind }.map(\.command)
        guard let last = others.last else { return "\(error)" }
        let list = others.count == 1 ? last : others.dropLast().joined(separator: ", ") + " or " + last
        return "\(error) — nor \(list) text"
    }
}

/// Pasted text that could not be imported, said whole: file, line, why, and how to go on.
package struct TextImportRunError: Error, Sendable, CustomStringConvertible {
    package var message: String
    package var description: String { message }
}
