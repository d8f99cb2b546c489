import CaptureModel

extension PasteKind {
    /// `lsusb -v`, or plain `lsusb`.
    package static let lsusb = PasteKind(rawValue: "lsusb")
}

/// `lsusb -v`: USB descriptors, one device per camera or microphone (`LsusbImporter`); plain `lsusb`: one
/// identity-only device per line but the root hubs'.
package struct LsusbTextImporter: TextImporter {
    package init() {}
    package var kind: PasteKind { .lsusb }
    package var command: String { "lsusb -v" }

    /// `lsusb -v`'s descriptors, or a plain `lsusb` listing (mostly `Bus … Device …: ID vvvv:pppp` lines).
    package func detect(_ text: PastedText) -> Bool {
        text.has("bDescriptorType") || text.has("Device Descriptor:") || LsusbPlainListing.detect(text.lines)
    }

    /// Every capture is marked as read from text.
    package func read(_ inputs: [TextInput], partial: Bool) throws(TextImportError) -> TextImportResult {
        var r = try LsusbImporter.importText(name: inputs[0].name, text: inputs[0].text, partial: partial)
        for i in r.devices.indices {
            for j in r.devices[i].device.captures.indices { r.devices[i].device.captures[j].imported = true }
        }
        return r
    }
}
