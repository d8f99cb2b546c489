import CaptureModel

extension V4L2CtlTextParser {
    /// `Driver Info:` / `Media Driver Info:` lines; capability names under the hex values are skipped.
    mutating func infoLine(_ t: Substring, n: Int) throws(TextImportError) {
        guard let kv = t.keyValue else { return }  // "Video Capture", "Streaming": names of the bits above
        func hex(_ v: Substring) -> UInt32? { v.hasPrefix("0x") ? UInt32(v.dropFirst(2).prefix { $0.isHexDigit }, radix: 16) : nil }
        switch (mode, kv.key) {
        case (.info, "Driver name"): draft.driver = String(kv.value)
        case (.info, "Card type"): draft.card = String(kv.value)
        case (.info, "Bus info"): draft.busInfo = String(kv.value)
        case (.info, "Driver version"): draft.version = String(kv.value)
        case (.info, "Capabilities"):
            guard let v = hex(kv.value) else { return try malformed(n, "'Capabilities' is not a hex value: '\(kv.value)'") }
            draft.capabilities = v
        case (.info, "Device Caps"):
            guard let v = hex(kv.value) else { return try malformed(n, "'Device Caps' is not a hex value: '\(kv.value)'") }
            draft.deviceCaps = v
        case (.media, "Serial"): draft.serial = kv.value.isEmpty ? nil : String(kv.value)
        case (.media, "Model"): draft.card = draft.card ?? String(kv.value)
        case (.media, "Bus info"): draft.busInfo = draft.busInfo ?? String(kv.value)
        default: break
        }
    }

    /// `Format Video Capture:` of `--all` / `--get-fmt-video`.
    mutating func activeFormatLine(_ t: Substring) {
        guard let kv = t.keyValue, var a = draft.activeFormat else { return }
        switch kv.key {
        case "Width/Height":
            let p = kv.value.split(separator: "/").compactMap { UInt32($0) }
            if p.count == 2 {
                a.width = p[0]
                a.height = p[1]
            }
        case "Pixel Format": if let f = quotedFourCC(kv.value) { a.fourcc = f }
        case "Field": a.field = kv.value.lowercased().split(separator: " ").joined(separator: "-")
        case "Bytes per Line": a.bytesPerLine = UInt32(kv.value) ?? 0
        case "Size Image": a.sizeImage = UInt32(kv.value) ?? 0
        case "Colorspace": a.colorspace = Self.colorspace(kv.value)
        case "Quantization":
            a.quantization = kv.value.hasPrefix("Full") ? "full-range" : kv.value.hasPrefix("Limited") ? "limited-range" : "default"
        default: break
        }
        draft.activeFormat = a
    }

    static func colorspace(_ v: Substring) -> String {
        let table = [
            "SMPTE 170M": "smpte170m", "SMPTE 240M": "smpte240m", "Rec. 709": "rec709", "Broken Bt878": "bt878",
            "470 System M": "470-system-m", "470 System BG": "470-system-bg", "JPEG": "jpeg", "sRGB": "srgb", "SRGB": "srgb",
            "opRGB": "oprgb", "BT.2020": "bt2020", "Raw": "raw", "DCI-P3": "dci-p3", "Default": "default",
        ]
        return table[String(v)] ?? v.lowercased()
    }

    /// `Streaming Parameters Video Capture:` — `Frames per second: 30.000 (30/1)` is the exact rate.
    mutating func parameterLine(_ t: Substring) {
        guard let kv = t.keyValue else { return }
        if kv.key == "Capabilities" { draft.supportsFrameInterval = kv.value.contains("timeperframe") }
        if kv.key == "Frames per second" {
            if let open = kv.value.firstIndex(of: "("), let close = kv.value.lastIndex(of: ")"), open < close {
                let p = kv.value[kv.value.index(after: open)..<close].split(separator: "/").compactMap { UInt32($0) }
                if p.count == 2, p[0] != 0 { draft.frameInterval = FrameDuration(p[1], p[0]) }  // fps n/d → interval d/n
            } else if let fps = Double(kv.value.split(separator: " ").first ?? ""), let iv = RateText.interval(fps: fps) {
                draft.frameInterval = FrameDuration(iv)
            }
        }
    }

    /// A control or a menu entry under one; true when the line was one of them.
    mutating func controlLine(_ line: Substring, n: Int) throws(TextImportError) -> Bool {
        if let m = lastMenu, let item = ControlLineParser.menuItem(line, intMenu: m.intMenu) {
            try count(n)
            draft.controls[m.index].menu.append(item)
            return true
        }
        guard let c = ControlLineParser.parse(line) else { return false }
        try count(n)
        note("controls")
        let f = ControlLineParser.fields(c.fields)
        let id = c.id ?? StandardControlIDs.byName[c.name]
        if id == nil {
            draft.problems.append(
                Problem(
                    kind: "imported", call: "v4l2-ctl text",
                    message: "\(file):\(n): '\(c.name)' has no ID in the text and is not a standard control; its ID is unknown (0)"))
        }
        func int(_ k: String) -> Int64? { f[k].flatMap { Int64($0) } }
        var value: ControlValue?
        if let v = f["value"] { value = Int64(v).map(ControlValue.integer) ?? .string(String(v)) }
        let flagNames = (f["flags"] ?? "").split(separator: ",").map { String($0.trimmed) }
        var flags = ControlFlags(rawValue: 0)
        for name in flagNames {
            if let bit = ControlFlags.names.first(where: { $0.1 == name })?.0 { flags.insert(ControlFlags(rawValue: bit)) }
        }
        let dims = (f["dims"] ?? "").split(separator: "[").compactMap { UInt32($0.dropLast()) }
        let type = c.type
        var control = Control(
            id: id ?? 0, name: c.name, type: type, typeCode: StandardControlIDs.typeCodes[type] ?? 0,
            minimum: int("min") ?? 0, maximum: int("max") ?? (type == "bool" ? 1 : 0),
            step: f["step"].flatMap { UInt64($0) } ?? (type == "bool" || type == "menu" || type == "intmenu" ? 1 : 0),
            defaultValue: int("default") ?? 0, value: value, flags: flags,
            elementSize: 0, elements: dims.isEmpty ? 1 : dims.reduce(1) { $0 &* $1 }, dimensions: dims)
        control.key = c.name
        draft.controls.append(control)
        lastMenu = type == "menu" || type == "intmenu" ? (draft.controls.count - 1, type == "intmenu") : nil
        return true
    }
}
