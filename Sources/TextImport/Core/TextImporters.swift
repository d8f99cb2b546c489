/// The registry of text importers: detection tries them in this order, and `camprobe import` reads with them.
package enum TextImporters {
    /// Every importer, most specific first; the fallback (v4l2-ctl) last. A new importer is one line here.
    package static let all: [any TextImporter] = [
        MediaCtlTextImporter(),
        UdevadmTextImporter(),
        LsusbTextImporter(),
        ARecordTextImporter(),
        AsoundCardsTextImporter(),
        V4L2CtlTextImporter(),
    ]

    /// What text no importer claims is read as.
    package static let fallback: any TextImporter = V4L2CtlTextImporter()

    /// The importer of `kind` among `importers`.
    package static func importer(for kind: PasteKind, among importers: [any TextImporter] = all) -> (any TextImporter)? {
        importers.first { $0.kind == kind }
    }

    /// One file read by the importer of `kind`, on its own; nil when no importer reads `kind`.
    package static func read(_ kind: PasteKind, name: String, text: String, partial: Bool) throws(TextImportError)
        -> TextImportResult?
    {
        try importer(for: kind)?.read([(name, text)], partial: partial)
    }
}
