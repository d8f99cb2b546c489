import CaptureModel

/// What a recorder asks of a microphone: a sample rate, a channel count and a
/// sample format. A field left nil is not asked for: the negotiator picks a
/// sensible value (48000 Hz, 2 channels, S16_LE, each as near as the hardware
/// allows) and does not count it as a change.
package struct AudioRequest: Sendable, Hashable, Codable {
    /// Samples per second per channel, in Hz.
    package var rate: UInt32?
    /// Interleaved channels per frame.
    package var channels: UInt32?
    /// An ALSA sample format name: `S16_LE`, `S24_3LE`, `S32_LE`, `FLOAT_LE`, `U8`, …
    package var sampleFormat: String?

    package init(rate: UInt32? = nil, channels: UInt32? = nil, sampleFormat: String? = nil) {
        self.rate = rate
        self.channels = channels
        self.sampleFormat = sampleFormat
    }

    /// True when nothing is asked for.
    package var isEmpty: Bool { rate == nil && channels == nil && sampleFormat == nil }
}

extension AudioRequest: CustomStringConvertible {
    /// "48000 Hz, 2 channels, S16_LE"; "any" for an empty request.
    package var description: String {
        var parts: [String] = []
        if let rate { parts.append("\(rate) Hz") }
        if let channels { parts.append(channels == 1 ? "1 channel" : "\(channels) channels") }
        if let sampleFormat { parts.append(sampleFormat) }
        return parts.isEmpty ? "any" : parts.joined(separator: ", ")
    }
}

/// An ALSA sample format name read as its parts: `S24_3LE` is signed, 24
/// significant bits in 3 bytes, little-endian.
package struct SampleFormatLayout: Sendable, Hashable {
    package enum Kind: String, Sendable, Hashable { case signed, unsigned, float }
    /// The ALSA name, upper-cased (`S16_LE`).
    package var name: String
    package var kind: Kind
    /// Significant bits per sample (24 for both `S24_LE` and `S24_3LE`).
    package var bits: Int
    /// Bytes per sample in memory (4 for `S24_LE`, 3 for `S24_3LE`).
    package var bytes: Int
    package var littleEndian: Bool

    /// Parses `S8`, `U8`, `S16_LE`, `U16_BE`, `S24_LE`, `S24_3LE`, `S20_3LE`, `S32_LE`, `FLOAT_LE`,
    /// `FLOAT64_LE`; nil for anything else (`MU_LAW`, `IEC958_SUBFRAME_LE`, …).
    package init?(_ text: String) {
        let n = text.uppercased()
        name = n
        switch n {
        case "S8": (kind, bits, bytes, littleEndian) = (.signed, 8, 1, true)
        case "U8": (kind, bits, bytes, littleEndian) = (.unsigned, 8, 1, true)
        case "FLOAT_LE", "FLOAT_BE": (kind, bits, bytes, littleEndian) = (.float, 32, 4, n.hasSuffix("LE"))
        case "FLOAT64_LE", "FLOAT64_BE": (kind, bits, bytes, littleEndian) = (.float, 64, 8, n.hasSuffix("LE"))
        default:
            guard let first = n.first, first == "S" || first == "U", n.hasSuffix("LE") || n.hasSuffix("BE") else { return nil }
            let parts = n.dropFirst().split(separator: "_")
            guard parts.count == 2, let b = Int(parts[0]), [16, 18, 20, 24, 32].contains(b) else { return nil }
            let tail = parts[1]
            let packed = tail.dropLast(2)
            guard packed.isEmpty || packed == "3" else { return nil }
            kind = first == "S" ? .signed : .unsigned
            bits = b
            bytes = packed == "3" ? 3 : b == 16 ? 2 : 4
            littleEndian = tail.hasSuffix("LE")
        }
    }
}
