/// arecord -l: headers, device lines and their subdevice lines.
extension ALSATextReader {
    /// Whether the line is arecord -l's; PLAYBACK sections (aplay -l pasted along) are read past.
    mutating func readDeviceList(_ line: Substring, trimmed t: Substring, n: Int) throws(TextImportError) -> Bool {
        if t.hasPrefix("****"), t.hasSuffix("****") {
            // The stream's name is not translated: `List of PLAYBACK Hardware Devices`, `Liste der Hardware-Geräte (PLAYBACK)`.
            section = t.contains("PLAYBACK") ? .playback : .capture
            lastPCM = nil
            return true
        }
        if let d = ALSATextDeviceLine(line) {
            sawDeviceList = true
            if section != .capture && section != .playback { section = .capture }
            guard section == .capture else {
                skippedPlayback += 1
                lastPCM = nil
                return true
            }
            let c = try card(d.cardID, n: n)
            cards[c].setCard(d.card, line: n)
            cards[c].setName(d.cardName, line: n)
            lastPCM = (c, try pcm(card: c, device: d.device, name: d.pcmName, n: n))
            skippedDevice = false
            return true
        }
        guard section == .capture || section == .playback else { return false }
        if let s = ALSATextSubdevicesLine(line) {
            guard section == .capture else { return true }
            guard let (c, p) = lastPCM else {
                if !skippedDevice { try malformed(n, "a subdevice count before any device line") }
                return true
            }
            if cards[c].pcms[p].subdevices == nil { cards[c].pcms[p].subdevices = s.total }
            return true
        }
        if ALSATextSubdeviceLine(line) != nil {
            guard section == .capture else { return true }
            guard let (c, p) = lastPCM else {
                if !skippedDevice { try malformed(n, "a subdevice before any device line") }
                return true
            }
            cards[c].pcms[p].subdeviceLines += 1
            return true
        }
        return false
    }
}
