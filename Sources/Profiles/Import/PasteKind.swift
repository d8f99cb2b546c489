/// What tool wrote a pasted text, told from its content (a file's name says nothing reliable).
package enum PasteKind: String, Sendable, Hashable, CaseIterable {
    /// `v4l2-ctl` output: `--all`, `--list-formats-ext`, `-l`/`-L`, `--list-devices`, `--info`, `--list-subdev-*`.
    case v4l2ctl = "v4l2-ctl"
    /// `media-ctl -p`.
    case mediactl = "media-ctl"
    /// `udevadm info` (`--query=all` or `--attribute-walk`).
    case udevadm
    /// `arecord -l` / `-L`.
    case arecord
    /// `/proc/asound/cards`.
    case asoundCards = "/proc/asound/cards"
    /// `lsusb -v`.
    case lsusb

    /// The kind of `text`, by lines only the tool writes; v4l2-ctl when nothing else matches (its importer then says
    /// what it could not read, with file and line).
    /// The text is first undone from quoting, indentation, fences and prompts (`PasteNormalizer`), as its reader will.
    package static func detect(_ text: String) -> PasteKind {
        let head = PasteNormalizer.normalize(String(text.prefix(65_536)), commands: .blank)
        func has(_ s: String) -> Bool { head.contains(s) }
        if has("Media controller API version") || has("Media device information")
            || head.contains("- entity ")
                && has(" link")
        {
            return .mediactl
        }
        if has("looking at device '") || has("looking at parent device '") { return .udevadm }
        if head.split(separator: "\n", omittingEmptySubsequences: true).prefix(8).contains(where: {
            $0.hasPrefix("P: /devices/") || $0.hasPrefix("N: ") && head.contains("\nE: ")
        }) {
            return .udevadm
        }
        if has("bDescriptorType") || has("Device Descriptor:") { return .lsusb }
        if has("List of CAPTURE Hardware Devices") || has("List of PLAYBACK Hardware Devices") { return .arecord }
        let lines = head.split(separator: "\n")
        // arecord -l's header in any language: `**** Liste der Hardware-Geräte (CAPTURE) ****`.
        if lines.prefix(6).contains(where: { l in
            let t = ALSATextSyntax.trimmed(l)
            return t.hasPrefix("****") && t.hasSuffix("****") && (t.contains("CAPTURE") || t.contains("PLAYBACK"))
        }) {
            return .arecord
        }
        // `card 1: Loopback [Loopback], device 0: …`, in any language (`Karte 1: … [..], Gerät 0: …`, `carte 1 : …`).
        if lines.prefix(6).contains(where: isALSADeviceLine) { return .arecord }
        // arecord -L: PCM names of cards, `hw:CARD=C525,DEV=0`, `sysdefault:CARD=PCH`, at the start of a line.
        if lines.prefix(64).contains(where: { l in
            ALSATextPCMName(l)?.cardID != nil && l.first != " " && l.first != "\t"
        }) {
            return .arecord
        }
        if head.split(separator: "\n").prefix(2).contains(where: { line in
            let t = line.drop { $0 == " " }
            return t.first?.isNumber == true && t.contains("[") && t.contains("]: ")
        }) {
            return .asoundCards
        }
        return .v4l2ctl
    }

    /// `WORD N: ID [NAME], WORD N: ID [NAME]`: arecord -l's device line, whatever the language of its two words
    /// (French writes `carte 1 : …`).
    static func isALSADeviceLine(_ line: Substring) -> Bool {
        ALSATextDeviceLine(line) != nil
    }
}
