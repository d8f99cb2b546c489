import CaptureModel

/// USB Audio streaming descriptors: format, channels, sample size and rates per alternate setting.
extension LsusbTextParser {
    mutating func audioField(_ l: LsusbTextLine) throws(TextImportError) {
        guard current != nil else { return }
        let i: Int
        if let found = current?.audioSettings.lastIndex(where: { $0.interfaceNumber == interfaceNumber && $0.alternate == alternate }) {
            i = found
        } else {
            guard ["wFormatTag", "bNrChannels", "bSubframeSize", "bSubslotSize", "tSamFreq"].contains(l.base) else { return }
            try count(l.number)
            current?.audioSettings.append(LsusbTextAudioSetting(interfaceNumber: interfaceNumber, alternate: alternate, line: l.number))
            i = (current?.audioSettings.count ?? 1) - 1
        }
        let numeric = [
            "wFormatTag", "bNrChannels", "bSubframeSize", "bSubslotSize", "bBitResolution", "tSamFreq", "tLowerSamFreq", "tUpperSamFreq",
        ]
        guard numeric.contains(String(l.base)) else { return }
        guard let v = l.number64, v <= UInt64(UInt32.max) else {
            try malformed(l.number, "\(l.base) '\(l.value)' is not a number")
            return
        }
        switch l.base {
        case "wFormatTag": current?.audioSettings[i].formatTag = v
        case "bNrChannels": current?.audioSettings[i].channels = UInt32(v)
        case "bSubframeSize", "bSubslotSize": current?.audioSettings[i].subframeSize = v
        case "bBitResolution": current?.audioSettings[i].bitResolution = v
        case "tLowerSamFreq": current?.audioSettings[i].lowerRate = UInt32(v)
        case "tUpperSamFreq": current?.audioSettings[i].upperRate = UInt32(v)
        default:
            try count(l.number)
            current?.audioSettings[i].rates.append(UInt32(v))
        }
    }
}
