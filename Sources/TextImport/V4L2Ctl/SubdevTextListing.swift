import CaptureModel

/// One v4l2-ctl subdevice listing as read: `--list-subdev-mbus-codes`,
/// `--list-subdev-framesizes` or `--list-subdev-frameintervals`, with what the
/// text says about the subdevice, pad, code and size it was asked about (from
/// the `ioctl:` line, a pasted command line or a `# /dev/v4l-subdevN pad=0` header).
struct SubdevTextListing {
    enum Kind: String {
        case codes = "--list-subdev-mbus-codes"
        case sizes = "--list-subdev-framesizes"
        case intervals = "--list-subdev-frameintervals"
    }
    var kind: Kind
    var file: String
    var line: Int
    var context: SubdevTextContext
    var codes: [MediaBusCode] = []
    var sizes: [SubdevFrameSize] = []
    var intervals: [Rational] = []
}

/// What a command line or header comment says a listing is about.
struct SubdevTextContext: Hashable {
    /// `/dev/v4l-subdev1`, `/dev/video0`, `/dev/media0`.
    var device: String?
    var pad: UInt32?
    var code: MediaBusCode?
    var width: UInt32?
    var height: UInt32?
    /// `media-ctl` or `v4l2-ctl` when a command line was pasted.
    var tool: String?

    /// Where the first prompt sign ends: a `$` or `#` at the start or after a blank, followed by a
    /// blank (what `/(?:^|\s)[$#]\s/` matches); the index after that blank.
    static func afterPrompt(_ t: Substring) -> Substring.Index? {
        var previousIsBlank = true  // the start counts as a blank before the sign
        var i = t.startIndex
        while i < t.endIndex {
            let c = t[i]
            let next = t.index(after: i)
            if c == "$" || c == "#", previousIsBlank, next < t.endIndex, t[next].isWhitespace { return t.index(after: next) }
            previousIsBlank = c.isWhitespace
            i = next
        }
        return nil
    }

    /// Reads `$ v4l2-ctl -d /dev/v4l-subdev1 --list-subdev-framesizes pad=0,code=0x3007`,
    /// `# /dev/v4l-subdev1 pad=0` or `media-ctl -d /dev/media0 -p`; nil when the line says none of this.
    init?(commandOrHeader line: Substring) {
        var t = line.trimmed
        if let after = Self.afterPrompt(t) {
            t = t[after...]
        } else if t.first == "#" || t.first == "$" {
            t = t.dropFirst()
        }
        let words = t.split(whereSeparator: { $0 == " " || $0 == "\t" })
        if let tool = words.first(where: { $0.hasSuffix("v4l2-ctl") || $0.hasSuffix("media-ctl") }) {
            self.tool = tool.hasSuffix("media-ctl") ? "media-ctl" : "v4l2-ctl"
        }
        for (i, w) in words.enumerated() {
            if w == "-d" || w == "--device", i + 1 < words.count {
                device = String(words[i + 1])
            } else if w.hasPrefix("--device=") {
                device = String(w.dropFirst("--device=".count))
            } else if w.hasPrefix("/dev/") {
                device = String(w)
            } else if w.hasPrefix("--list-subdev-"), i + 1 < words.count, let p = UInt32(words[i + 1]) {
                pad = p  // v4l2-ctl before 1.24: `--list-subdev-mbus-codes 0`
            }
            for kv in w.split(separator: ",") {
                let p = kv.split(separator: "=", maxSplits: 1)
                guard p.count == 2 else { continue }
                switch p[0] {
                case "pad": pad = UInt32(p[1])
                case "width": width = UInt32(p[1])
                case "height": height = UInt32(p[1])
                case "code":
                    if p[1].hasPrefix("0x"), let v = UInt32(p[1].dropFirst(2), radix: 16) {
                        code = MediaBusCode(rawValue: v)
                    } else if let v = UInt32(p[1]) {
                        code = MediaBusCode(rawValue: v)
                    } else {
                        code = MediaBusCode(name: String(p[1].hasPrefix("MEDIA_BUS_FMT_") ? p[1].dropFirst(14) : p[1]))
                    }
                default: continue
                }
            }
        }
        if device != nil, let d = device, d.allSatisfy(\.isNumber) { device = "/dev/video" + d }
        guard tool != nil || device != nil || pad != nil else { return nil }
    }

    init() {}

    /// The context of a listing: what its own `ioctl:` line or a later line says overrides what came before.
    func overlaid(_ o: SubdevTextContext) -> SubdevTextContext {
        var c = self
        c.device = o.device ?? device
        c.pad = o.pad ?? pad
        c.code = o.code ?? code
        c.width = o.width ?? width
        c.height = o.height ?? height
        c.tool = o.tool ?? tool
        return c
    }
}
