import CaptureModel

/// One card as far as the text has told it, gathered from any of arecord -l, arecord -L and /proc/asound/cards.
/// The first line to tell a fact gives it; later lines do not overwrite it.
struct ALSATextCardDraft {
    var cardID: String
    var card: Int32?
    var name: String?
    var longName: String?
    var driver: String?
    var usb: ALSATextUSBPath?
    /// The driver says USB (`USB-Audio`) even when the long name's path was cut.
    var usbDriver = false
    var pcms: [PCMDraft] = []
    var provenance: [String: Int] = [:]
    var problems: [Problem] = []

    /// A PCM device with what arecord -l's `Subdevices: N/M` and `Subdevice #i` lines told of it.
    struct PCMDraft {
        var device: Int32
        var name: String
        /// nil when no `Subdevices:` line was read (arecord -L gives none).
        var subdevices: UInt32?
        var subdeviceLines = 0
        var line: Int
    }

    init(cardID: String) { self.cardID = cardID }

    /// Records `fact` at `line` unless an earlier line told it.
    mutating func saw(_ fact: String, line: Int) {
        if provenance[fact] == nil { provenance[fact] = line }
    }

    mutating func setCard(_ n: Int32, line: Int) {
        guard card == nil else { return }
        card = n
        saw("audio", line: line)
    }

    mutating func setName(_ s: String, line: Int) {
        guard name == nil, !s.isEmpty else { return }
        name = s
        saw("name", line: line)
    }

    /// The index of PCM device `device`, added with `name` when new.
    mutating func pcm(_ device: Int32, name: String, line: Int) -> Int {
        if let i = pcms.firstIndex(where: { $0.device == device }) {
            if pcms[i].name.isEmpty { pcms[i].name = name }
            return i
        }
        pcms.append(PCMDraft(device: device, name: name, line: line))
        saw("audio", line: line)
        saw("audio.pcms", line: line)
        return pcms.count - 1
    }

    /// The device the card's text describes: a microphone of its own until the merge pairs it with a camera.
    func imported() -> ImportedDevice {
        let controlPath = card.map { "/dev/snd/controlC\($0)" } ?? ""
        let shown = name ?? cardID
        let audio = AudioCaptureCard(
            card: card ?? -1, cardID: cardID, name: shown, longName: longName ?? "", driver: driver ?? "",
            controlPath: controlPath,
            pcms: pcms.map { p in
                AudioCapturePCM(
                    device: p.device, alsaName: "hw:CARD=\(cardID),DEV=\(p.device)", name: p.name, subdevices: p.subdevices ?? 0)
            })
        let kind: TransportKind = usb != nil || usbDriver ? .usb : .unknown
        let sanitized = String(cardID.map { c -> Character in (c.isLetter || c.isNumber || "-_.".contains(c)) && c.isASCII ? c : "_" })
        let device = Device(
            id: DeviceID("imported-alsa-" + sanitized), name: shown, modelID: nil,
            transport: Transport(kind: kind, speedMbps: usb?.speedMbps),
            identity: DeviceIdentity(busInfo: usb?.busInfo ?? "", driver: driver ?? ""),
            nodes: controlPath.isEmpty ? [] : [DeviceNode(role: .audio, path: controlPath)], captures: [], audio: [audio],
            problems: problems)
        return ImportedDevice(device: device, provenance: provenance)
    }
}
