import CaptureModel

/// One device as one pasted file describes it: only what that text tells is filled in.
///
/// Readers of identity-only text (udevadm, lsusb, arecord) leave `captures` empty and `busInfo`/`driver` as ""
/// when the text does not say; the merge (`ImportMerge`) joins these partial devices by bus, VID:PID and card.
public struct ImportedDevice: Sendable {
    public var device: Device
    /// Where each fact came from: a fact name (`"identity.vendorID"`, `"identity.serial"`, `"name"`,
    /// `"captures"`, `"audio"`, `"controls"`, …) → the 1-based line of the source file that gave it.
    public var provenance: [String: Int]
    public init(device: Device, provenance: [String: Int] = [:]) {
        self.device = device
        self.provenance = provenance
    }
}

/// What a reader made of one pasted file.
public struct TextImportResult: Sendable {
    public var kind: PasteKind
    /// The file's name as shown in messages.
    public var file: String
    /// Every device the text describes, in the order it names them.
    public var devices: [ImportedDevice]
    /// What the text could not tell, and what was reconstructed, in plain words.
    public var notes: [String]
    public init(kind: PasteKind, file: String, devices: [ImportedDevice], notes: [String] = []) {
        self.kind = kind
        self.file = file
        self.devices = devices
        self.notes = notes
    }
}
