/// The registry of text importers: detection tries them in this order, and `camprobe import` reads with them.
package enum TextImporters {
    /// Every importer, most specific first. A new importer is one line here (anywhere: the fallback claims no text
    /// by its content, so the order only matters between importers whose texts could look alike).
    package static let all: [any TextImporter] = [
        MediaCtlTextImporter(),
        UdevadmTextImporter(),
        LsusbTextImporter(),
        LsusbTreeTextImporter(),
        USBDevicesTextImporter(),
        ARecordTextImporter(),
        AsoundCardsTextImporter(),
        fallback,
    ]

    /// What text no importer claims is read as: v4l2-ctl, whose reader then says what it could not read.
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
