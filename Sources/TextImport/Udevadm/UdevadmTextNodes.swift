import CaptureModel

/// A device's nodes and sound cards from its udevadm records.
enum UdevadmTextNodes {
    /// Video, media and sound-card control nodes, in the text's order, each once.
    ///
    /// A video node is `.capture` only when udev's `ID_V4L_CAPABILITIES` says `:capture:` (`.output` for
    /// `:video_output:`); udev tells nothing else of a node (not whether it is a metadata node), so the rest are `.other`.
    static func nodes(_ records: [UdevadmTextRecord], provenance: inout [String: Int]) -> [DeviceNode] {
        var out: [DeviceNode] = []
        var seen: Set<String> = []
        for r in records.sorted(by: { $0.line < $1.line }) {
            guard let path = r.nodePath, let kernel = r.kernel?.text, !seen.contains(path.text) else { continue }
            let role: NodeRole
            switch r.subsystem?.text {
            case "video4linux" where kernel.hasPrefix("video"):
                let caps = r.properties["ID_V4L_CAPABILITIES"]?.text ?? ""
                role = caps.contains(":capture:") ? .capture : caps.contains(":video_output:") ? .output : .other
            case "media" where kernel.hasPrefix("media"): role = .media
            case "sound" where kernel.hasPrefix("controlC"): role = .audio
            default: continue  // v4l-subdev, vbi, radio, pcm and timer nodes are not the device's nodes in camprobe.
            }
            seen.insert(path.text)
            out.append(DeviceNode(role: role, path: path.text))
            provenance["nodes"] = provenance["nodes"] ?? path.line
        }
        return out
    }

    /// The sound cards the records name (`sound/cardN`, `controlCN`), by number; pcms are not in udevadm's text.
    static func audio(_ records: [UdevadmTextRecord], provenance: inout [String: Int]) -> [AudioCaptureCard] {
        var cards: [AudioCaptureCard] = []
        var index: [Int32: Int] = [:]
        for r in records.sorted(by: { $0.line < $1.line }) where r.subsystem?.text == "sound" {
            guard let (number, line) = cardNumber(r) else { continue }
            let i: Int
            if let found = index[number] {
                i = found
            } else {
                cards.append(AudioCaptureCard(card: number, cardID: "", name: "", longName: "", driver: "", controlPath: ""))
                i = cards.count - 1
                index[number] = i
                provenance["audio"] = provenance["audio"] ?? line
            }
            if cards[i].cardID.isEmpty, let id = cardBlock(r)?.attributes["id"], !id.text.isEmpty { cards[i].cardID = id.text }
            if cards[i].controlPath.isEmpty, r.kernel?.text.hasPrefix("controlC") == true, let p = r.nodePath {
                cards[i].controlPath = p.text
            }
        }
        return cards
    }

    /// The walk block of the card itself (`…/sound/card1`): the device, or the parent of a card's node.
    private static func cardBlock(_ r: UdevadmTextRecord) -> UdevadmTextBlock? {
        ([r.device] + r.parents).first { b in
            b.subsystem?.text == "sound" && (b.kernel ?? b.devpath).map { kernelName($0.text).hasPrefix("card") } == true
        }
    }

    /// The card number: `ATTR{number}`, or the N of `cardN`, `controlCN`, `pcmCND0c` in the kernel name or devpath.
    private static func cardNumber(_ r: UdevadmTextRecord) -> (Int32, Int)? {
        if let n = cardBlock(r)?.attributes["number"], let v = Int32(n.text) { return (v, n.line) }
        let names = [r.kernel] + r.parents.map(\.devpath) + [r.devpath]
        for case let v? in names {
            for part in v.text.split(separator: "/").reversed() {
                for prefix in ["card", "controlC", "pcmC", "hwC", "midiC"] where part.hasPrefix(prefix) {
                    let digits = part.dropFirst(prefix.count).prefix(while: \.isNumber)
                    if !digits.isEmpty, digits.count < 6, let n = Int32(digits) { return (n, v.line) }
                }
            }
        }
        return nil
    }

    private static func kernelName(_ s: String) -> Substring { s.split(separator: "/").last ?? Substring(s) }
}
