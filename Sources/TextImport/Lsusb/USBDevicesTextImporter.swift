import CaptureModel

extension PasteKind {
    /// `usb-devices`, or `/sys/kernel/debug/usb/devices`: the kernel's USB device list format.
    package static let usbDevices = PasteKind(rawValue: "usb-devices")
}

/// `usb-devices` and `/sys/kernel/debug/usb/devices` (`USBDevicesText`): no device of its own (it lists no format),
/// only each USB device's IDs, serial and place on the bus; the merge attaches that to the cameras other pastes name
/// (`ImportUSBBus`).
package struct USBDevicesTextImporter: TextImporter {
    package init() {}
    package var kind: PasteKind { .usbDevices }
    package var command: String { "usb-devices" }

    package func detect(_ text: PastedText) -> Bool { USBDevicesText.detect(text.lines) }

    /// Refuses text with no `T:` line; a line that cannot be read is a note with its file and line (an error
    /// without `partial`).
    package func read(_ inputs: [TextInput], partial: Bool) throws(TextImportError) -> TextImportResult {
        let (name, text) = inputs[0]
        try TextImportLimits.check(name, text, saying: "not usb-devices output")
        let normalized = PasteNormalizer.normalize(text, commands: .blank)
        let listing = USBDevicesText.read(normalized, file: name)
        guard !listing.devices.isEmpty else {
            let lines = normalized.split(separator: "\n", omittingEmptySubsequences: false).count
            throw TextImportError(
                file: name, line: max(1, lines), message: "no USB device in the text (no 'T:  Bus=… Lev=… Dev#=…' line)",
                reason: .notThisKind)
        }
        if !partial, let first = listing.notes.first {
            let parts = first.split(separator: ":", maxSplits: 2)
            throw TextImportError(
                file: name, line: parts.count > 1 ? Int(parts[1]) ?? 1 : 1,
                message: parts.count > 2 ? String(parts[2].drop { $0 == " " }) : first)
        }
        let cameras = USBDevicesText.cameras(listing)
        var notes = listing.notes
        let what = listing.allSettings ? "debugfs (/sys/kernel/debug/usb/devices)" : "usb-devices"
        notes.append(
            "\(name): \(what) places \(cameras.count) camera\(cameras.count == 1 ? "" : "s"); attached to the cameras the other files name"
                + (listing.allSettings
                    ? "" : " (usb-devices lists only the settings held now: the streaming settings stay unknown; paste lsusb -v for them)"))
        if cameras.contains(where: { $0.link.isSuperSpeed }) {
            notes.append("\(name): the text shows no SuperSpeed burst: a SuperSpeed camera's bytes per interval are its packet size only")
        }
        var r = TextImportResult(
            kind: kind, file: name, devices: [], notes: notes, recognized: [listing.allSettings ? "debugfs usb devices" : "usb-devices"])
        r.busText = normalized
        return r
    }
}
