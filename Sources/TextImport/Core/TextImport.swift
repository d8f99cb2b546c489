import CaptureModel

/// One device as one pasted file describes it: only what that text tells is filled in.
///
/// Readers of identity-only text (udevadm, lsusb, arecord) leave `captures` empty and `busInfo`/`driver` as ""
/// when the text does not say; the merge (`ImportMerge`) joins these partial devices by bus, VID:PID and card.
package struct ImportedDevice: Sendable {
    package var device: Device
    /// Where each fact came from: a fact name (`"identity.vendorID"`, `"identity.serial"`, `"name"`,
    /// `"captures"`, `"audio"`, `"controls"`, …) → the 1-based line of the source file that gave it.
    package var provenance: [String: Int]
    /// The name is the vendor's then the product's, not told apart (plain lsusb's `Logitech, Inc. HD Webcam C525`):
    /// the merge also joins it with the one device another file names by the name's end (`HD Webcam C525`).
    package var nameStartsWithVendor = false
    /// What the text could not tell about whether and what the device captures (plain lsusb), also in
    /// `device.problems`: the merge drops it once another file gives the device's captures.
    package var unknownCapabilities: Problem?
    package init(device: Device, provenance: [String: Int] = [:]) {
        self.device = device
        self.provenance = provenance
    }
}

/// What a reader made of one pasted file.
package struct TextImportResult: Sendable {
    package var kind: PasteKind
    /// The file's name as shown in messages.
    package var file: String
    /// Every device the text describes, in the order it names them.
    package var devices: [ImportedDevice]
    /// What the text could not tell, and what was reconstructed, in plain words.
    package var notes: [String]
    /// What was read, for the summary: the kind's name, or the kinds of output one tool's text held
    /// (v4l2-ctl's "formats", "controls", …; media-ctl's "media-ctl -p", "--list-subdev-mbus-codes", …).
    package var recognized: [String]
    /// The pasted text, normalised, when it tells where USB devices sit (`lsusb -v`, `lsusb -t`, `usb-devices`,
    /// debugfs): the merge reads each camera's bus from it (`ImportUSBBus`). nil for other kinds.
    package var busText: String?
    package init(kind: PasteKind, file: String, devices: [ImportedDevice], notes: [String] = [], recognized: [String]? = nil) {
        self.kind = kind
        self.file = file
        self.devices = devices
        self.notes = notes
        self.recognized = recognized ?? [kind.rawValue]
    }
}
