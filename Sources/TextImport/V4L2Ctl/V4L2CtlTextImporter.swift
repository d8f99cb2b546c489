import CaptureModel

extension PasteKind {
    /// `v4l2-ctl` output: `--all`, `--list-formats-ext`, `-l`/`-L`, `--list-devices`, `--info`, `--list-subdev-*`.
    package static let v4l2ctl = PasteKind(rawValue: "v4l2-ctl")
}

/// v4l2-ctl files of one camera, read together (`V4L2CtlImporter`). It is also the fallback: text no other importer
/// claims is read as v4l2-ctl, whose reader then says what it could not read, with file and line.
package struct V4L2CtlTextImporter: TextImporter {
    package init() {}
    package var kind: PasteKind { .v4l2ctl }
    package var command: String { "v4l2-ctl --all" }
    package var readsTogether: Bool { true }

    /// v4l2-ctl output has no line that marks it alone; it is what is left (`TextImporters.fallback`).
    package func detect(_ text: PastedText) -> Bool { false }

    /// The result's facts are those of the kinds of output recognised.
    package func read(_ inputs: [TextInput], partial: Bool) throws(TextImportError) -> TextImportResult {
        let r = try V4L2CtlImporter.importText(inputs, partial: partial)
        var facts: [String: Int] = [:]
        for kind in r.recognized {
            for fact in Self.factNames[kind] ?? [] { facts[fact] = 0 }
        }
        return TextImportResult(
            kind: .v4l2ctl, file: inputs.map(\.name).joined(separator: ", "),
            devices: [ImportedDevice(device: r.device, provenance: facts)], notes: r.notes, recognized: r.recognized)
    }

    /// The facts each kind of v4l2-ctl output gives.
    static let factNames: [String: [String]] = [
        "formats": ["captures.formats"], "controls": ["captures.controls"],
        "info": ["identity.busInfo", "identity.driver", "name"], "devices": ["nodes"],
        "active-format": ["captures.activeFormat"], "parameters": ["captures.streamingParameters"],
    ]
}
