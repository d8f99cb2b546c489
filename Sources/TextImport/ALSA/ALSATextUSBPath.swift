/// What snd-usb-audio writes at the end of a card's long name: `… at usb-0000:00:14.0-2, high speed`.
///
/// The path is `usb_make_path`'s `usb-<host controller>-<port chain>`, the same text uvcvideo gives as V4L2
/// `bus_info`, so it pairs a camera's microphone with the camera.
struct ALSATextUSBPath: Equatable {
    /// `usb-0000:00:14.0-2`.
    var busInfo: String
    /// Mbit/s of the speed word, nil when the long name was cut before it.
    var speedMbps: Double?

    /// nil when the long name has no complete USB path. The kernel cuts a long name at 79 bytes, so a path is
    /// only trusted when the `, ` that follows it is there.
    init?(longName: String) {
        var last: Range<String.Index>?
        var search = longName.startIndex
        while let r = longName[search...].firstRange(of: " at usb-") {
            last = r
            search = r.upperBound
        }
        guard let at = last else { return nil }
        let tail = longName[longName.index(at.lowerBound, offsetBy: 4)...]
        guard let comma = tail.firstRange(of: ", ") else { return nil }
        let path = tail[..<comma.lowerBound]
        guard path.count > 4, path.count <= 128,
            path.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ":.-_".contains($0)) })
        else { return nil }
        self.busInfo = String(path)
        self.speedMbps = Self.speed(ALSATextSyntax.trimmed(tail[comma.upperBound...]))
    }

    /// snd-usb-audio's speed words, in Mbit/s.
    static func speed(_ word: Substring) -> Double? {
        switch word {
        case "low speed": 1.5
        case "full speed": 12
        case "high speed": 480
        case "super speed": 5000
        case "super speed plus": 10000
        default: nil
        }
    }
}
