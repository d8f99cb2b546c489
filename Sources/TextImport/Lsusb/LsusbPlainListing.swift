import CaptureModel

/// Plain `lsusb` (without `-v`): one `Bus 001 Device 009: ID 1bcf:28c4 Sunplus … FHD Camera Microphone` line per
/// USB device, and nothing else.
///
/// Such a line gives the vendor and product IDs, the bus and device numbers, and the names lsusb prints (the
/// vendor's, then the product's, not told apart). It gives no interface class, so a line cannot be proven to be a
/// camera or a microphone: every device but a Linux root hub (`1d6b:*`) is kept, identity only
/// (`LsusbPlainDeviceBuilder`), its capabilities unknown rather than absent.
enum LsusbPlainListing {
    /// The Linux Foundation's vendor ID: the kernel's root hubs, never a camera.
    static let rootHubVendor = "1d6b"

    /// What one line of a plain listing should look like, for error messages.
    static let expected = "expected 'Bus 001 Device 004: ID 046d:0826 Vendor Product', as plain lsusb prints it"

    /// Whether `line` is a plain lsusb line.
    static func isBusLine(_ line: Substring) -> Bool {
        let t = line.drop { $0 == " " || $0 == "\t" }
        return t.hasPrefix("Bus ") && LsusbTextParser.busLine(t) != nil
    }

    /// Whether the text is a plain listing: at least one `Bus … Device …: ID` line, and such lines make up at least
    /// half of the non-empty lines (a v4l2-ctl dump that quotes one lsusb line is not lsusb output).
    static func detect(_ lines: [Substring]) -> Bool {
        let head = lines.prefix(4096)
        let bus = head.count(where: isBusLine)
        return bus > 0 && bus * 2 >= head.count
    }

    /// Whether the text holds `lsusb -v` descriptors; when it does not, it is read as a plain listing.
    static func hasDescriptors(_ text: String) -> Bool {
        text.contains("Device Descriptor:") || text.contains("bDescriptorType")
    }

    /// Reads a plain listing: every non-empty line is one device's `Bus` line.
    ///
    /// - Parameter partial: a line that is not a `Bus` line is skipped, said in a note naming file and line;
    ///   without it, that line is the error.
    /// - Returns: one device per line, in order, root hubs included (`LsusbPlainDeviceBuilder` leaves them out).
    static func read(file: String, text: String, partial: Bool) throws(TextImportError) -> (
        devices: [LsusbTextDevice], notes: [String]
    ) {
        var devices: [LsusbTextDevice] = []
        var notes: [String] = []
        var n = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            n += 1
            var t = raw.drop { $0 == " " || $0 == "\t" || $0 == "\r" }
            while let last = t.last, last == " " || last == "\t" || last == "\r" { t = t.dropLast() }
            if t.isEmpty { continue }
            guard t.hasPrefix("Bus "), let bus = LsusbTextParser.busLine(t) else {
                let what = t.hasPrefix("Bus ") ? "a malformed lsusb line" : "not an lsusb line"
                let message = "\(what) ('\(t.prefix(60))'); \(expected)"
                guard partial else { throw TextImportError(file: file, line: n, message: message) }
                notes.append("\(file):\(n): \(message); skipped")
                continue
            }
            guard devices.count < TextImportLimits.maximumEntries else {
                throw TextImportError(
                    file: file, line: n, message: "more than \(TextImportLimits.maximumEntries) devices; this is not lsusb output")
            }
            var d = LsusbTextDevice(line: n)
            d.bus = bus.bus
            d.address = bus.address
            d.busLineID = (bus.vendor, bus.product)
            d.busLineName = bus.name.isEmpty ? nil : bus.name
            devices.append(d)
        }
        return (devices, notes)
    }
}
