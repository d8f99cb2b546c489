import CaptureModel
import Negotiation

/// How every tool's command spells what it names: a node or PCM as one shell word, a fourcc without padding.
extension CommandEmitter {
    /// `text` as one shell word: as is when it holds only `A-Za-z0-9` and `/._:+,@=-`, else in single quotes.
    /// Callers pass the node's stable name (`/dev/v4l/by-id/…`, `/dev/v4l/by-path/…`) when there is one;
    /// udev's link names are shell-safe, so quoting is only a guard.
    func shellWord(_ text: String) -> String {
        let safe = text.unicodeScalars.allSatisfy { s in
            s.isASCII
                && (("a"..."z").contains(s) || ("A"..."Z").contains(s) || ("0"..."9").contains(s) || "/._:+,@=-".unicodeScalars.contains(s))
        }
        if safe && !text.isEmpty { return text }
        return "'" + text.replacing("'", with: "'\\''") + "'"
    }

    /// The choice's fourcc as the tools name it: without the spaces that pad a short code (`Y16`).
    func code(_ c: Choice) -> String { c.fourcc.name }

    /// A code given as text (a PipeWire node's EnumFormat names it so), as `FourCC.name` spells it.
    func code(_ text: String) -> String { FourCC(text)?.name ?? text }
}

extension MicrophoneCommandEmitter {
    /// Why the commands name the card by id: ALSA numbers cards in probe order, so `hw:1,1` can name another card
    /// after a reboot or a replug; the id (`hw:CARD=Loopback,DEV=1`) does not change.
    package func pcmNote(_ c: AudioChoice) -> String? {
        guard !c.cardID.isEmpty else { return "the card has no id: hw:\(c.card),\(c.device) may name another card after a reboot" }
        return "\(c.pcm) names the card by its id, which stays the same across reboots (hw:\(c.card),\(c.device) may not)"
    }
}
