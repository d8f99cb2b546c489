import CaptureModel

/// Every text reader behind one call, each answering as a `TextImportResult` so `ImportMerge` can join them.
package enum TextImporters {
    /// v4l2-ctl files of one camera, read together (`V4L2CtlImporter`); the facts are those of the kinds recognised.
    package static func v4l2ctl(_ inputs: [(name: String, text: String)], partial: Bool) throws(V4L2CtlImportError)
        -> (TextImportResult, recognized: [String])
    {
        let r = try V4L2CtlImporter.importText(inputs, partial: partial)
        var facts: [String: Int] = [:]
        for kind in r.recognized {
            for fact in factNames[kind] ?? [] { facts[fact] = 0 }
        }
        let result = TextImportResult(
            kind: .v4l2ctl, file: inputs.map(\.name).joined(separator: ", "),
            devices: [ImportedDevice(device: r.device, provenance: facts)], notes: r.notes)
        return (result, r.recognized)
    }

    /// media-ctl -p with the sensors' v4l2-ctl listings (`MediaCtlImporter`): one device per sensor.
    package static func mediactl(_ inputs: [(name: String, text: String)]) throws(V4L2CtlImportError)
        -> (TextImportResult, MediaCtlImportResult)
    {
        let r = try MediaCtlImporter.importText(inputs)
        let facts = ["sensor": 0, "captures": 0, "nodes": 0, "name": 0]
        let result = TextImportResult(
            kind: .mediactl, file: inputs.map(\.name).joined(separator: ", "),
            devices: r.devices.map { ImportedDevice(device: $0, provenance: facts) }, notes: r.notes)
        return (result, r)
    }

    /// A file of a kind that is read on its own (udevadm, arecord, /proc/asound/cards, lsusb); nil for the kinds
    /// read above, which are read with their companions.
    package static func single(_ kind: PasteKind, name: String, text: String, partial: Bool) throws(V4L2CtlImportError)
        -> TextImportResult?
    {
        switch kind {
        case .v4l2ctl, .mediactl: return nil
        case .lsusb: return markImported(try LsusbImporter.importText(name: name, text: text, partial: partial))
        case .udevadm: return try UdevadmImporter.importText(name: name, text: text, partial: partial)
        case .arecord, .asoundCards: return try ALSATextImporter.importText(name: name, text: text, partial: partial)
        }
    }

    /// Marks every capture of `result` as read from text.
    static func markImported(_ result: TextImportResult) -> TextImportResult {
        var r = result
        for i in r.devices.indices {
            for j in r.devices[i].device.captures.indices { r.devices[i].device.captures[j].imported = true }
        }
        return r
    }

    /// The facts each kind of v4l2-ctl output gives.
    static let factNames: [String: [String]] = [
        "formats": ["captures.formats"], "controls": ["captures.controls"],
        "info": ["identity.busInfo", "identity.driver", "name"], "devices": ["nodes"],
        "active-format": ["captures.activeFormat"], "parameters": ["captures.streamingParameters"],
    ]
}
