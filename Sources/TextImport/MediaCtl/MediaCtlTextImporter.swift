import CaptureModel

extension PasteKind {
    /// `media-ctl -p`.
    package static let mediactl = PasteKind(rawValue: "media-ctl")
}

/// `media-ctl -p`, with the sensors' v4l2-ctl listings as companions: one device per sensor (`MediaCtlImporter`).
package struct MediaCtlTextImporter: TextImporter {
    package init() {}
    package var kind: PasteKind { .mediactl }
    package var command: String { "media-ctl -p" }
    package var readsTogether: Bool { true }
    package var companions: [PasteKind] { [.v4l2ctl] }

    package func detect(_ text: PastedText) -> Bool {
        text.has("Media controller API version") || text.has("Media device information")
            || text.has("- entity ") && text.has(" link")
    }

    /// Pipeline mismatches stop streaming, so they lead the notes.
    package func read(_ inputs: [TextInput], partial: Bool) throws(TextImportError) -> TextImportResult {
        let r = try MediaCtlImporter.importText(inputs)
        var mismatches: [String] = []
        for d in r.devices {
            for p in d.problems where p.kind == .pipelineMismatch && !mismatches.contains(p.message) { mismatches.append(p.message) }
        }
        let facts = ["sensor": 0, "captures": 0, "nodes": 0, "name": 0]
        return TextImportResult(
            kind: .mediactl, file: inputs.map(\.name).joined(separator: ", "),
            devices: r.devices.map { ImportedDevice(device: $0, provenance: facts) }, notes: mismatches + r.notes,
            recognized: r.recognized)
    }
}
