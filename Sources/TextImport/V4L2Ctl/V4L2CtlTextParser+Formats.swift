import CaptureModel

extension V4L2CtlTextParser {
    /// A line of `--list-formats-ext`, either layout.
    mutating func formatLine(_ t: Substring, n: Int) throws(TextImportError) {
        if t.hasPrefix("["), let close = t.firstIndex(of: "]"), let index = UInt32(t[t.index(after: t.startIndex)..<close]) {
            // New layout: [0]: 'MJPG' (Motion-JPEG, compressed)
            try count(n)
            formats.startFormat(index: index)
            let rest = t[t.index(after: close)...].drop { $0 == ":" || $0 == " " }
            guard let fourcc = quotedFourCC(rest) else {
                return try malformed(n, "expected a quoted four-character code after '[\(index)]:'")
            }
            formats.setFourCC(fourcc)
            if let open = rest.firstIndex(of: "("), let end = rest.lastIndex(of: ")"), open < end {
                var desc = rest[rest.index(after: open)..<end]
                for (suffix, flag) in [(", compressed", FormatFlags.compressed), (", emulated", FormatFlags.emulated)]
                where desc.hasSuffix(suffix) {
                    formats.addFlags(flag)
                    desc = desc.dropLast(suffix.count)
                }
                formats.setDescription(String(desc))
            }
            return
        }
        if t.hasPrefix("Size:") { return try sizeLine(t, n: n) }
        if t.hasPrefix("Interval:") { return try intervalLine(t, n: n) }
        guard let kv = t.keyValue else { return try malformed(n, "cannot read this line of --list-formats-ext: '\(t.prefix(80))'") }
        switch kv.key {
        case "Type":
            formats.bufferType = kv.value.contains("Multiplanar") ? .videoCaptureMultiplanar : .videoCapture
        case "Index":
            guard let i = UInt32(kv.value) else { return try malformed(n, "'Index' is not a number: '\(kv.value)'") }
            try count(n)
            formats.startFormat(index: i)
        case "Pixel Format":
            guard formats.hasFormat, let f = quotedFourCC(kv.value) else {
                return try malformed(n, "expected 'Pixel Format: 'XXXX'' inside a format")
            }
            formats.setFourCC(f)
            if kv.value.contains("(compressed") || kv.value.contains(", compressed") { formats.addFlags(.compressed) }
            if kv.value.contains("emulated") { formats.addFlags(.emulated) }
        case "Name":
            formats.setDescription(String(kv.value))
        default:
            try malformed(n, "unexpected '\(kv.key)' in --list-formats-ext")
        }
    }

    /// `'MJPG'` (v4l2-ctl prints the four characters between quotes; spaces included).
    func quotedFourCC(_ s: Substring) -> FourCC? {
        guard let q = s.firstIndex(of: "'") else { return nil }
        let body = s[s.index(after: q)...]
        guard let end = body.firstIndex(of: "'") else { return nil }
        let code = String(body[body.startIndex..<end])
        guard code.utf8.count == 4 || code.utf8.count == 3 else { return nil }
        return FourCC(code.utf8.count == 3 ? code + " " : code)
    }

    mutating func sizeLine(_ t: Substring, n: Int) throws(TextImportError) {
        guard formats.hasFormat else { return try malformed(n, "a size outside any format") }
        let words = t.split(separator: " ")
        guard words.count >= 3 else { return try malformed(n, "truncated size line: '\(t)'") }
        try count(n)
        switch words[1] {
        case "Discrete":
            guard let d = Dimensions(parsing: words[2]) else { return try malformed(n, "'\(words[2])' is not WIDTHxHEIGHT") }
            formats.startSize(kind: "discrete", min: d, max: d, step: Dimensions(width: 0, height: 0))
        case "Stepwise", "Continuous":
            // Stepwise 16x16 - 16384x8640 with step 2/2
            guard words.count >= 5, let lo = Dimensions(parsing: words[2]), let hi = Dimensions(parsing: words[4]) else {
                return try malformed(n, "expected '\(words[1]) WxH - WxH': '\(t)'")
            }
            var step = Dimensions(width: 1, height: 1)
            if words[1] == "Stepwise" {
                let parts = words.count >= 8 ? words[7].split(separator: "/").compactMap { UInt32($0) } : []
                guard parts.count == 2 else { return try malformed(n, "expected 'with step W/H': '\(t)'") }
                step = Dimensions(width: parts[0], height: parts[1])
            }
            formats.startSize(kind: words[1] == "Stepwise" ? "stepwise" : "continuous", min: lo, max: hi, step: step)
        default:
            try malformed(n, "unknown size type '\(words[1])'")
        }
    }

    mutating func intervalLine(_ t: Substring, n: Int) throws(TextImportError) {
        guard formats.hasSize else { return try malformed(n, "an interval outside any size") }
        let words = t.split(separator: " ")
        guard words.count >= 3 else { return try malformed(n, "truncated interval line: '\(t)'") }
        try count(n)
        let fps = RateText.fpsValues(t)
        switch words[1] {
        case "Discrete":
            let iv =
                fps.first.flatMap { RateText.interval(fps: $0) } ?? RateText.seconds(words[2]).flatMap { RateText.interval(seconds: $0) }
            guard let iv else { return try malformed(n, "cannot read the interval '\(words[2])'") }
            formats.addInterval(FrameDuration(iv))
        case "Stepwise", "Continuous":
            // Stepwise 0.033s - 1.000s with step 0.001s (1.000-30.000 fps)
            guard words.count >= 5, let lo = RateText.seconds(words[2]), let hi = RateText.seconds(words[4]),
                let a = (fps.count == 2 ? RateText.interval(fps: fps[1]) : RateText.interval(seconds: lo)),
                let b = (fps.count == 2 ? RateText.interval(fps: fps[0]) : RateText.interval(seconds: hi))
            else {
                return try malformed(n, "expected '\(words[1]) Ns - Ns': '\(t)'")
            }
            if words[1] == "Stepwise" {
                let step =
                    words.count >= 8
                    ? RateText.seconds(words[7]).flatMap { s -> Rational? in
                        guard s.isFinite, s > 0, s < 4000 else { return nil }
                        return Rational(UInt32((s * 1e6).rounded()), 1_000_000).reduced
                    } : nil
                formats.setIntervalRange(
                    .stepwise(min: FrameDuration(a), max: FrameDuration(b), step: FrameDuration(step ?? Rational(1, 1_000_000))))
            } else {
                formats.setIntervalRange(.continuous(min: FrameDuration(a), max: FrameDuration(b)))
            }
        default:
            try malformed(n, "unknown interval type '\(words[1])'")
        }
    }
}
