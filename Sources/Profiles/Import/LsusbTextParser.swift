import CaptureModel

/// Reads `lsusb -v` line by line, by field names rather than indentation.
///
/// A device starts at its `Bus … Device …: ID vvvv:pppp` line, or at `Device Descriptor:`
/// when the paste lost that line. A descriptor runs from its heading to the next heading.
struct LsusbTextParser {
    let file: String
    let partial: Bool
    private(set) var devices: [LsusbTextDevice] = []
    private(set) var notes: [String] = []

    private enum Section { case none, device, interface, videoControl, videoStreaming, audioStreaming, endpoint, other }
    private var current: LsusbTextDevice?
    private var section = Section.none
    private var interfaceNumber = 0
    private var alternate = 0
    private var interfaceClass: UInt64?
    private var subtype: String?
    /// The unit whose `bmControls` names are being read ("camera terminal", "processing unit").
    private var bitNamesOf: String?
    private var terminalType: UInt64?
    private var frame: UVCDescriptorFrameDraft?
    private var format: UVCDescriptorFormat?
    private var entries = 0

    init(file: String, partial: Bool) {
        self.file = file
        self.partial = partial
    }

    mutating func parse(_ text: String) throws(V4L2CtlImportError) {
        var n = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            n += 1
            let l = LsusbTextLine(number: n, raw: raw)
            if l.text.isEmpty { continue }
            try line(l)
        }
        try finishDescriptor()
        finishDevice()
    }

    private func fail(_ line: Int, _ message: String) -> V4L2CtlImportError {
        V4L2CtlImportError(file: file, line: line, message: message)
    }

    /// A malformed line: an error, or with `partial` a problem and the line skipped.
    private mutating func malformed(_ line: Int, _ message: String) throws(V4L2CtlImportError) {
        guard partial else { throw fail(line, message) }
        let p = Problem(kind: .partial, message: "line \(line): \(message); skipped")
        if current != nil { current?.problems.append(p) } else { notes.append(p.message) }
    }

    private mutating func count(_ line: Int) throws(V4L2CtlImportError) {
        entries += 1
        if entries > V4L2CtlImportLimits.maximumEntries {
            throw fail(line, "more than \(V4L2CtlImportLimits.maximumEntries) entries; this is not lsusb output of a few devices")
        }
    }

    private mutating func line(_ l: LsusbTextLine) throws(V4L2CtlImportError) {
        if l.text.hasPrefix("Bus "), let bus = Self.busLine(l.text) {
            try finishDescriptor()
            finishDevice()
            try count(l.number)
            var d = LsusbTextDevice(line: l.number)
            d.bus = bus.bus
            d.address = bus.address
            d.busLineID = (bus.vendor, bus.product)
            d.busLineName = bus.name.isEmpty ? nil : bus.name
            current = d
            section = .none
            return
        }
        if l.text.hasPrefix("Couldn't open device") {
            current?.couldNotOpen = true
            return
        }
        if l.isHeading {
            try heading(l)
            return
        }
        guard current != nil else { return }
        if l.isField {
            bitNamesOf = nil
            try field(l)
        } else if let unit = bitNamesOf, l.isBitName {
            current?.declaredControls.append((unit, String(l.text), l.number))
            try count(l.number)
        }
    }

    private mutating func heading(_ l: LsusbTextLine) throws(V4L2CtlImportError) {
        try finishDescriptor()
        let h = l.text
        if h == "Device Descriptor:" {
            if current?.sawDeviceDescriptor ?? true {
                finishDevice()
                try count(l.number)
                current = LsusbTextDevice(line: l.number)
            }
            current?.sawDeviceDescriptor = true
            section = .device
        } else if h.hasSuffix("Endpoint Descriptor:") {
            section = .endpoint
        } else if h == "Interface Descriptor:" {
            section = .interface
        } else if h == "VideoControl Interface Descriptor:" {
            section = .videoControl
        } else if h == "VideoStreaming Interface Descriptor:" {
            section = .videoStreaming
        } else if h == "AudioStreaming Interface Descriptor:" {
            section = .audioStreaming
        } else {
            section = .other
        }
    }

    private mutating func field(_ l: LsusbTextLine) throws(V4L2CtlImportError) {
        switch section {
        case .device: deviceField(l)
        case .interface:
            switch l.base {
            case "bInterfaceNumber": interfaceNumber = Int(l.number64 ?? 0)
            case "bAlternateSetting": alternate = Int(l.number64 ?? 0)
            case "bInterfaceClass":
                interfaceClass = l.number64
                if interfaceClass == 14 { current?.hasVideo = true }
                if interfaceClass == 1 {
                    current?.hasAudio = true
                    if current?.audioLine == nil { current?.audioLine = l.number }
                }
            default: break
            }
        case .videoControl: try videoControlField(l)
        case .videoStreaming: try videoStreamingField(l)
        case .audioStreaming: try audioField(l)
        case .endpoint:
            if l.base == "bEndpointAddress", interfaceClass == 1,
                let i = current?.audioSettings.lastIndex(where: { $0.interfaceNumber == interfaceNumber && $0.alternate == alternate })
            {
                current?.audioSettings[i].isInput = l.rest.hasSuffix("IN")
            }
        case .none, .other: break
        }
    }

    private mutating func deviceField(_ l: LsusbTextLine) {
        let text = l.rest
        switch l.base {
        case "bcdUSB": current?.bcdUSB = String(l.value)
        case "idVendor": current?.vendorID = (Self.hex4(l.value), text, l.number)
        case "idProduct": current?.productID = (Self.hex4(l.value), text, l.number)
        case "iManufacturer": current?.manufacturer = (l.number64 ?? 0, text, l.number)
        case "iProduct": current?.product = (l.number64 ?? 0, text, l.number)
        case "iSerial": current?.serial = (l.number64 ?? 0, text, l.number)
        default: break
        }
    }

    private mutating func videoControlField(_ l: LsusbTextLine) throws(V4L2CtlImportError) {
        switch l.base {
        case "bDescriptorSubtype": subtype = l.subtypeName ?? Self.videoControlSubtypes[l.number64 ?? 0]
        case "wTerminalType": terminalType = l.number64
        case "bmControls" where l.key == "bmControls":
            if subtype == "INPUT_TERMINAL" && (terminalType == nil || terminalType == 0x0201) {
                bitNamesOf = "camera terminal"
            } else if subtype == "PROCESSING_UNIT" {
                bitNamesOf = "processing unit"
            }
        case "guidExtensionCode":
            current?.extensionUnits.append((String(l.value), l.number))
            try count(l.number)
        default: break
        }
    }

    private mutating func videoStreamingField(_ l: LsusbTextLine) throws(V4L2CtlImportError) {
        if l.base == "bDescriptorSubtype" {
            subtype = l.subtypeName ?? Self.videoStreamingSubtypes[l.number64 ?? 0]
            switch subtype {
            case "FORMAT_UNCOMPRESSED", "FORMAT_MJPEG", "FORMAT_FRAME_BASED":
                try count(l.number)
                format = UVCDescriptorFormat(
                    line: l.number, isMJPEG: subtype == "FORMAT_MJPEG", isFrameBased: subtype == "FORMAT_FRAME_BASED")
            case "FRAME_UNCOMPRESSED", "FRAME_MJPEG", "FRAME_FRAME_BASED":
                try count(l.number)
                frame = UVCDescriptorFrameDraft(line: l.number)
            default: break
            }
            return
        }
        if format != nil {
            if l.base == "bFormatIndex" { format?.formatIndex = l.number64 }
            if l.base == "guidFormat" { format?.guid = String(l.value) }
        } else if frame != nil {
            if l.base == "dwFrameInterval" { try count(l.number) }
            if let message = frame?.read(l) {
                // A bad interval costs that interval only; a bad size or type the frame.
                if !l.base.hasPrefix("dw") { frame?.broken = true }
                try malformed(l.number, message)
            }
        }
    }

    private mutating func audioField(_ l: LsusbTextLine) throws(V4L2CtlImportError) {
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

    /// Ends the descriptor being read: a format joins its stream, a frame its format.
    private mutating func finishDescriptor() throws(V4L2CtlImportError) {
        bitNamesOf = nil
        if let f = format {
            format = nil
            if let i = current?.streams.firstIndex(where: { $0.interfaceNumber == interfaceNumber }) {
                current?.streams[i].formats.append(f)
            } else {
                current?.streams.append(UVCDescriptorStream(interfaceNumber: interfaceNumber, formats: [f], line: f.line))
            }
        }
        if let fr = frame {
            frame = nil
            guard !fr.broken else { return }
            guard let s = current?.streams.firstIndex(where: { $0.interfaceNumber == interfaceNumber }),
                current?.streams[s].formats.isEmpty == false
            else {
                try malformed(fr.line, "frame descriptor before any format descriptor")
                return
            }
            switch fr.finished() {
            case .success(let done):
                let last = (current?.streams[s].formats.count ?? 1) - 1
                current?.streams[s].formats[last].frames.append(done)
            case .failure(let e): try malformed(fr.line, e.message)
            }
        }
        subtype = nil
        terminalType = nil
    }

    private mutating func finishDevice() {
        if let d = current { devices.append(d) }
        current = nil
        interfaceClass = nil
        interfaceNumber = 0
        alternate = 0
    }

    /// `Bus 001 Device 004: ID 046d:0826 Logitech, Inc. HD Webcam C525`.
    static func busLine(_ t: Substring) -> (bus: String, address: String, vendor: String, product: String, name: String)? {
        let parts = t.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
        guard parts.count == 6, parts[0] == "Bus", parts[2] == "Device", parts[3].hasSuffix(":"), parts[4] == "ID" else { return nil }
        let rest = parts[5].split(separator: " ", maxSplits: 1)
        let ids = rest[0].split(separator: ":")
        guard ids.count == 2, ids.allSatisfy({ $0.count == 4 && UInt16($0, radix: 16) != nil }) else { return nil }
        return (
            String(parts[1]), String(parts[3].dropLast()), ids[0].lowercased(), ids[1].lowercased(),
            rest.count > 1 ? String(rest[1]) : ""
        )
    }

    /// `0x046d` → `046d`.
    static func hex4(_ v: Substring) -> String {
        let digits = v.hasPrefix("0x") ? v.dropFirst(2) : v
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits.lowercased()
    }

    static let videoControlSubtypes: [UInt64: String] = [
        1: "HEADER", 2: "INPUT_TERMINAL", 3: "OUTPUT_TERMINAL", 4: "SELECTOR_UNIT", 5: "PROCESSING_UNIT", 6: "EXTENSION_UNIT",
    ]
    static let videoStreamingSubtypes: [UInt64: String] = [
        1: "INPUT_HEADER", 3: "STILL_IMAGE_FRAME", 4: "FORMAT_UNCOMPRESSED", 5: "FRAME_UNCOMPRESSED", 6: "FORMAT_MJPEG",
        7: "FRAME_MJPEG", 13: "COLORFORMAT", 16: "FORMAT_FRAME_BASED", 17: "FRAME_FRAME_BASED",
    ]
}
