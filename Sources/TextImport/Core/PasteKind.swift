/// What tool wrote a pasted text, told from its content (a file's name says nothing reliable).
///
/// Each importer declares its own kind in its folder; `TextImporters.all` lists them.
package struct PasteKind: RawRepresentable, Sendable, Hashable, Comparable {
    /// The tool's name as messages and profiles show it (`v4l2-ctl`).
    package var rawValue: String
    package init(rawValue: String) { self.rawValue = rawValue }
    package static func < (a: PasteKind, b: PasteKind) -> Bool { a.rawValue < b.rawValue }

    /// The kind of `text`: the first importer of `importers` that claims it, else the fallback, v4l2-ctl (its
    /// reader then says what it could not read, with file and line).
    package static func detect(_ text: String, among importers: [any TextImporter] = TextImporters.all) -> PasteKind {
        let pasted = PastedText(text)
        return importers.first { $0.detect(pasted) }?.kind ?? TextImporters.fallback.kind
    }

    /// Every kind `importers` read.
    package static func all(_ importers: [any TextImporter] = TextImporters.all) -> [PasteKind] { importers.map(\.kind) }
}
