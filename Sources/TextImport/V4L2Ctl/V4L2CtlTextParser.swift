import CaptureModel

/// Reads one v4l2-ctl text, line by line, into a `NodeDraft` and the
/// `--list-devices` groups it holds. Every line is either understood, known
/// to be irrelevant, or an error naming its line.
struct V4L2CtlTextParser {
    enum Mode { case none, formats, info, media, activeFormat, parameters, controls, devices, ignored }

    let file: String
    let partial: Bool
    var draft = NodeDraft()
    var devices: [(title: String, busInfo: String?, nodes: [String])] = []
    var recognized: [String] = []
    var notes: [String] = []
    var mode = Mode.none
    var formats = FormatListBuilder()
    var entries = 0
    var lastMenu: (index: Int, intMenu: Bool)?
    var capsTarget: String?

    init(file: String, partial: Bool) {
        self.file = file
        self.partial = partial
        if let number = Self.videoNumber(in: file) { draft.hint = "video" + number }
    }

    /// The digits after the first "video" in a file name that has them ("cam-video12.txt" → "12").
    static func videoNumber(in name: String) -> Substring? {
        var rest = Substring(name)
        while let r = rest.firstRange(of: "video") {
            let digits = rest[r.upperBound...].prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty { return digits }
            rest = rest[r.upperBound...]
        }
        return nil
    }

    mutating func note(_ kind: String) { if !recognized.contains(kind) { recognized.append(kind) } }

    func fail(_ line: Int, _ message: String, _ reason: TextImportError.Reason = .malformed) -> TextImportError {
        TextImportError(file: file, line: line, message: message, reason: reason)
    }

    /// A malformed line: an error, or with `partial` a problem and the line skipped.
    mutating func malformed(_ n: Int, _ message: String) throws(TextImportError) {
        guard partial else { throw fail(n, message) }
        draft.problems.append(Problem(kind: .skipped, call: "v4l2-ctl text", message: "\(file):\(n): \(message); line skipped"))
    }

    mutating func count(_ n: Int) throws(TextImportError) {
        entries += 1
        if entries > TextImportLimits.maximumEntries {
            throw fail(n, "more than \(TextImportLimits.maximumEntries) entries; this is not one camera's v4l2-ctl output")
        }
    }

    mutating func parse(_ text: String) throws(TextImportError) {
        var n = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            n += 1
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            let t = line.trimmed
            if t.isEmpty { continue }
            if try header(t, line: line, n: n) { continue }
            if mode != .formats, mode != .devices, try controlLine(line, n: n) {
                mode = .controls
                continue
            }
            switch mode {
            case .formats: try formatLine(t, n: n)
            case .info, .media: try infoLine(t, n: n)
            case .activeFormat: activeFormatLine(t)
            case .parameters: parameterLine(t)
            case .controls, .none, .ignored, .devices:
                if try controlLine(line, n: n) {
                    mode = .controls
                    continue
                }
                if mode == .devices, t.hasPrefix("/dev/") {
                    devices[devices.count - 1].nodes.append(String(t))
                    continue
                }
                if mode == .ignored { continue }
                if mode == .none && recognized.isEmpty {
                    throw fail(
                        n,
                        "this is not v4l2-ctl output: expected the text of --list-formats-ext, --list-ctrls(-menus)/-L, --all/-D/--info or --list-devices",
                        .notThisKind
                    )
                }
                try malformed(n, "cannot read this line: '\(t.prefix(80))'")
            }
        }
        formats.finishFormat()
        if draft.sawFormatList { draft.formats = formats.formats }
        if recognized.isEmpty {
            throw fail(
                1,
                "this is not v4l2-ctl output: expected the text of --list-formats-ext, --list-ctrls(-menus)/-L, --all/-D/--info or --list-devices",
                .notThisKind
            )
        }
    }

    /// Section headers; true when the line was one.
    mutating func header(_ t: Substring, line: Substring, n: Int) throws(TextImportError) -> Bool {
        let topLevel = !(line.first == "\t" || line.first == " ")
        if t == "ioctl: VIDIOC_ENUM_FMT" {
            mode = .formats
            draft.sawFormatList = true
            note("formats")
            return true
        }
        if t.hasPrefix("Driver Info") {
            mode = .info
            capsTarget = nil
            note("info")
            return true
        }
        if t == "Media Driver Info:" {
            mode = .media
            return true
        }
        if t.hasPrefix("Format Video Capture") {
            mode = .activeFormat
            draft.activeFormat = blankActive(t.contains("Multiplanar"))
            note("active-format")
            return true
        }
        if t.hasPrefix("Streaming Parameters Video Capture") {
            mode = .parameters
            note("parameters")
            return true
        }
        if let kv = t.keyValue, kv.key == "Video input", topLevel {
            let num = kv.value.prefix { $0.isNumber }
            draft.currentInput = UInt32(num)
            if let open = kv.value.firstIndex(of: "("), let colon = kv.value.lastIndex(of: ":"), open < colon {
                draft.inputName = String(kv.value[kv.value.index(after: open)..<colon])
            }
            return true
        }
        if topLevel && (t.hasSuffix(" Controls") || t == "Controls") {
            mode = .controls
            return true
        }
        if topLevel, t.hasSuffix("):"), let open = t.lastIndex(of: "(") {
            let title = t[t.startIndex..<open].trimmed
            let bus = t[t.index(after: open)..<t.index(t.endIndex, offsetBy: -2)]
            devices.append((String(title), String(bus), []))
            mode = .devices
            note("devices")
            return true
        }
        if topLevel, t.hasSuffix(":") || t.hasPrefix("Priority:") || t.hasPrefix("Crop") || t.hasPrefix("Selection") {
            if ControlLineParser.parse(line) == nil && !(mode == .formats && t.keyValue?.key == "Type") {
                mode = .ignored
                return true
            }
        }
        return false
    }

    func blankActive(_ mplane: Bool) -> ActiveFormat {
        ActiveFormat(
            bufferType: mplane ? .videoCaptureMultiplanar : .videoCapture, fourcc: FourCC(rawValue: 0), width: 0, height: 0,
            field: "none", bytesPerLine: 0, sizeImage: 0, colorspace: "default", quantization: "default")
    }
}
