import CaptureModel

extension PasteKind {
    /// `lsusb -t`: the USB topology (buses, ports, hubs, speeds, drivers).
    package static let lsusbTree = PasteKind(rawValue: "lsusb -t")
}

/// `lsusb -t`: no device of its own (it names no USB ID, no serial, no format), only where each USB device sits; the
/// merge attaches that to the cameras other pastes name (`ImportUSBBus`).
package struct LsusbTreeTextImporter: TextImporter {
    package init() {}
    package var kind: PasteKind { .lsusbTree }
    package var command: String { "lsusb -t" }

    /// A root hub line (`/:  Bus 01.Port 1: Dev 1, Class=root_hub, Driver=xhci_hcd/12p, 480M`).
    package func detect(_ text: PastedText) -> Bool {
        text.lines.contains { $0.contains("Class=root_hub") && $0.contains("Bus ") }
    }

    /// Refuses text with no bus line; otherwise keeps the text for the merge and says how many cameras it places.
    package func read(_ inputs: [TextInput], partial: Bool) throws(TextImportError) -> TextImportResult {
        let (name, text) = inputs[0]
        try TextImportLimits.check(name, text, saying: "not lsusb -t output")
        let normalized = PasteNormalizer.normalize(text, commands: .blank)
        let (controllers, entries) = LsusbBusTree.read(normalized)
        guard !controllers.isEmpty else {
            let lines = normalized.split(separator: "\n", omittingEmptySubsequences: false).count
            throw TextImportError(
                file: name, line: max(1, lines), message: "no bus in the text (no '/:  Bus NN.Port N: Dev 1, Class=root_hub' line)",
                reason: .notThisKind)
        }
        let cameras = entries.filter { $0.interfaceClass == "Video" }.count
        var r = TextImportResult(
            kind: kind, file: name, devices: [],
            notes: [
                "\(name): lsusb -t places \(cameras) camera\(cameras == 1 ? "" : "s") on \(controllers.count) bus\(controllers.count == 1 ? "" : "es"); "
                    + "attached to the cameras the other files name"
            ])
        r.busText = normalized
        return r
    }
}
