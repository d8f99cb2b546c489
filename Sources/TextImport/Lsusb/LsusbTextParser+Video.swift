import CaptureModel

/// USB Video Class descriptors: the controls a camera declares, its formats and frames.
extension LsusbTextParser {
    mutating func videoControlField(_ l: LsusbTextLine) throws(TextImportError) {
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

    mutating func videoStreamingField(_ l: LsusbTextLine) throws(TextImportError) {
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

    /// Ends the descriptor being read: a format joins its stream, a frame its format.
    mutating func finishDescriptor() throws(TextImportError) {
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

    static let videoControlSubtypes: [UInt64: String] = [
        1: "HEADER", 2: "INPUT_TERMINAL", 3: "OUTPUT_TERMINAL", 4: "SELECTOR_UNIT", 5: "PROCESSING_UNIT", 6: "EXTENSION_UNIT",
    ]
    static let videoStreamingSubtypes: [UInt64: String] = [
        1: "INPUT_HEADER", 3: "STILL_IMAGE_FRAME", 4: "FORMAT_UNCOMPRESSED", 5: "FRAME_UNCOMPRESSED", 6: "FORMAT_MJPEG",
        7: "FRAME_MJPEG", 13: "COLORFORMAT", 16: "FORMAT_FRAME_BASED", 17: "FRAME_FRAME_BASED",
    ]
}
