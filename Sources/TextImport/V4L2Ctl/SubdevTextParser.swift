import CaptureModel

/// Reads v4l2-ctl's subdevice listings:
///
///     ioctl: VIDIOC_SUBDEV_ENUM_MBUS_CODE (pad=0,stream=0)
///             0x3007: MEDIA_BUS_FMT_SBGGR10_1X10
///     ioctl: VIDIOC_SUBDEV_ENUM_FRAME_SIZE (pad=0,stream=0)
///             Size Range: 4608x2592 - 4608x2592
///     ioctl: VIDIOC_SUBDEV_ENUM_FRAME_INTERVAL (pad=0,stream=0)
///             Interval: 0.033s (30.000 fps)
///
/// Each `ioctl:` line starts a listing; a listing without one takes its kind from the command line.
struct SubdevTextParser {
    let file: String
    var listings: [SubdevTextListing] = []
    var problems: [Problem] = []
    /// Compiled once per parser (a regex literal is compiled each time it is evaluated).
    let ioctlLine = /ioctl: VIDIOC_SUBDEV_ENUM_(MBUS_CODE|FRAME_SIZE|FRAME_INTERVAL)(?: \((.*)\))?/
    let codeLine = /^0x([0-9a-fA-F]+)(?::\s*(\S+))?/
    let sizeLine = /Size Range: (\d+)x(\d+) - (\d+)x(\d+)/

    init(file: String) { self.file = file }

    func fail(_ n: Int, _ message: String) -> TextImportError { TextImportError(file: file, line: n, message: message) }

    /// Whether text is a subdevice listing (rather than media-ctl or other v4l2-ctl output).
    static func looksLikeListing(_ t: Substring) -> Bool {
        t.hasPrefix("ioctl: VIDIOC_SUBDEV_ENUM") || t.hasPrefix("Size Range:") || t.hasPrefix("Interval:")
            || isCodeLine(t)
    }

    /// `0x3007: MEDIA_BUS_FMT_…`: "0x", hex digits, then ": MEDIA_BUS_FMT_".
    static func isCodeLine(_ t: Substring) -> Bool {
        guard t.hasPrefix("0x") else { return false }
        let digits = t.dropFirst(2).prefix { $0.isHexDigit && $0.isASCII }
        return !digits.isEmpty && t[digits.endIndex...].hasPrefix(": MEDIA_BUS_FMT_")
    }

    static func kind(command: String?) -> SubdevTextListing.Kind? {
        guard let command else { return nil }
        return [SubdevTextListing.Kind.codes, .sizes, .intervals].first { command.contains($0.rawValue) }
    }

    mutating func parse(_ lines: [(n: Int, line: Substring)], context: SubdevTextContext, command: String?) throws(TextImportError) {
        var entries = 0
        for (n, raw) in lines {
            let t = raw.trimmed
            if t.isEmpty { continue }
            entries += 1
            if entries > TextImportLimits.maximumEntries { throw fail(n, "more than \(TextImportLimits.maximumEntries) entries") }
            // Each regex literal is parsed and compiled where it is evaluated: a prefix test first keeps that off most lines.
            if t.hasPrefix("ioctl: VIDIOC_SUBDEV_ENUM_"),
                let m = t.wholeMatch(of: ioctlLine)
            {
                let kind: SubdevTextListing.Kind = m.1 == "MBUS_CODE" ? .codes : m.1 == "FRAME_SIZE" ? .sizes : .intervals
                var c = context
                if let args = m.2, let own = SubdevTextContext(commandOrHeader: "# " + args) { c = context.overlaid(own) }
                listings.append(SubdevTextListing(kind: kind, file: file, line: n, context: c))
                continue
            }
            if listings.isEmpty {
                guard let kind = Self.kind(command: command) ?? Self.guessKind(t) else {
                    throw fail(n, "this is not a v4l2-ctl subdevice listing: '\(t.prefix(80))'")
                }
                listings.append(SubdevTextListing(kind: kind, file: file, line: n, context: context))
            }
            try entry(t, n: n)
        }
    }

    static func guessKind(_ t: Substring) -> SubdevTextListing.Kind? {
        t.hasPrefix("Size Range:") ? .sizes : t.hasPrefix("Interval:") ? .intervals : t.hasPrefix("0x") ? .codes : nil
    }

    mutating func entry(_ t: Substring, n: Int) throws(TextImportError) {
        let i = listings.count - 1
        switch listings[i].kind {
        case .codes:
            // `0x3007: MEDIA_BUS_FMT_SBGGR10_1X10` (newer v4l2-ctl may add flags after the name)
            guard t.hasPrefix("0x"), let m = t.firstMatch(of: codeLine), let v = UInt32(m.1, radix: 16) else {
                return skipped(t, n: n, "expected '0xCODE: MEDIA_BUS_FMT_NAME'")
            }
            listings[i].codes.append(MediaBusCode(rawValue: v))
        case .sizes:
            // `Size Range: 16x16 - 4096x2160`
            guard t.hasPrefix("Size Range: "), let m = t.wholeMatch(of: sizeLine), let a = UInt32(m.1),
                let b = UInt32(m.2),
                let c = UInt32(m.3), let d = UInt32(m.4)
            else { return skipped(t, n: n, "expected 'Size Range: WxH - WxH'") }
            listings[i].sizes.append(
                SubdevFrameSize(min: Dimensions(width: a, height: b), max: Dimensions(width: max(a, c), height: max(b, d))))
        case .intervals:
            // `Interval: 0.033s (30.000 fps)`
            guard t.hasPrefix("Interval:") else { return skipped(t, n: n, "expected 'Interval: 0.033s (30.000 fps)'") }
            let body = t.dropFirst("Interval:".count).trimmed
            let fps = RateText.fpsValues(body)
            let interval =
                fps.count == 1
                ? RateText.interval(fps: fps[0])
                : body.split(separator: " ").first.flatMap(RateText.seconds).flatMap(RateText.interval(seconds:))
            guard let interval else { return skipped(t, n: n, "cannot read the interval") }
            listings[i].intervals.append(interval)
        }
    }

    mutating func skipped(_ t: Substring, n: Int, _ why: String) {
        problems.append(
            Problem(
                kind: .skipped, call: "v4l2-ctl text",
                message: "\(file):\(n): cannot read this line (\(why)): '\(t.prefix(80))'; line skipped"))
    }
}
