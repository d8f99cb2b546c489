/// One entry name of `arecord -L`, such as `hw:CARD=C525,DEV=0`, `sysdefault:CARD=C525`, `null` or `pipewire`.
struct ALSATextPCMName: Equatable {
    /// The plugin before the colon: `hw`, `plughw`, `sysdefault`, `front`, `dsnoop`, `null`, …
    var plugin: String
    /// The `CARD=` value: the card's id; nil for PCMs of no card (`null`, `default`, `pulse`, `pipewire`).
    var cardID: String?
    /// The `DEV=` value: the PCM device number.
    var device: Int32?

    /// nil when the text cannot be a PCM name (blanks inside, a trailing colon, a malformed `DEV=`).
    init?(_ line: Substring) {
        let t = ALSATextSyntax.trimmed(line)
        guard !t.isEmpty, t.count <= 256, !t.contains(where: { $0 == " " || $0 == "\t" }), t.last != ":" else { return nil }
        guard let colon = t.firstIndex(of: ":") else {
            plugin = String(t)
            return
        }
        plugin = String(t[..<colon])
        for argument in t[t.index(after: colon)...].split(separator: ",") {
            let pair = argument.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            switch pair[0] {
            case "CARD":
                guard !pair[1].isEmpty else { return nil }
                cardID = String(pair[1])
            case "DEV":
                guard let d = Int32(pair[1]), d >= 0 else { return nil }
                device = d
            default: continue
            }
        }
    }

    /// The first description line, `HD Webcam C525, USB Audio`: the card's name and, after the first `, `, the PCM's
    /// (alsa-lib's configuration joins the two that way; `usbstream` and `sysdefault` may give the card alone).
    static func names(description: Substring) -> (card: String, pcm: String?) {
        let t = ALSATextSyntax.trimmed(description)
        guard let comma = t.firstRange(of: ", ") else { return (String(t), nil) }
        return (String(t[..<comma.lowerBound]), String(t[comma.upperBound...]))
    }
}
