/// What an ALSA listing could not tell, said once per import.
enum ALSATextNotes {
    static func notes(_ r: ALSATextReader) -> [String] {
        var out: [String] = []
        if r.skippedPlayback > 0 {
            out.append("\(r.skippedPlayback) PLAYBACK device line(s) (aplay -l) skipped: they are not capture devices")
        }
        for c in r.cards {
            for p in c.pcms where p.subdevices.map({ p.subdeviceLines < $0 }) ?? false {
                out.append(
                    "card \(c.card.map(String.init) ?? c.cardID) device \(p.device): \(p.subdevices ?? 0) subdevice(s) counted but "
                        + "\(p.subdeviceLines) listed; the paste looks cut short")
            }
        }
        if r.sawDeviceList || r.sawPCMList {
            out.append(
                "arecord -l gives no formats, rates or channels; run camprobe on the machine or paste arecord --dump-hw-params")
        } else if r.sawCardsFile {
            out.append(
                "/proc/asound/cards lists every card, capture or not, and gives no PCM devices, formats, rates or channels; "
                    + "paste arecord -l too")
        }
        let unnumbered = r.cards.filter { $0.card == nil }.map(\.cardID)
        if !unnumbered.isEmpty {
            out.append(
                "arecord -L gives no card numbers: \(unnumbered.joined(separator: ", ")) numbered -1, without control node "
                    + "(paste arecord -l or /proc/asound/cards too)")
        }
        let uncounted = r.cards.flatMap { c in
            c.pcms.filter { $0.subdevices == nil }.map { "\(c.cardID) device \($0.device)" }
        }
        if !uncounted.isEmpty {
            let why = r.sawPCMList ? " (arecord -L gives none)" : ""
            out.append("no subdevice count in the text\(why) for \(uncounted.joined(separator: ", ")): 0 there means unknown")
        }
        return out
    }
}
