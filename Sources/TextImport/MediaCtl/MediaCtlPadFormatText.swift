import CaptureModel

/// The fields of one `media-ctl -p` pad format bracket:
/// `stream:0 fmt:SBGGR10_1X10/1536x864 field:none colorspace:raw … crop.bounds:(0,0)/4608x2592 crop:(768,432)/3072x1728`.
struct MediaCtlPadFormatText {
    var format: SubdevPadFormat?
    var cropBounds: PixelRect?
    var crop: PixelRect?
    var nativeSize: PixelRect?
    /// What could not be read, in words.
    var issues: [String] = []

    /// libv4l2subdev's names of `enum v4l2_field`, by number.
    static let fields = [
        "any": 0, "none": 1, "top": 2, "bottom": 3, "interlaced": 4, "seq-tb": 5, "seq-bt": 6, "alternate": 7, "interlaced-tb": 8,
        "interlaced-bt": 9,
    ]
    /// libv4l2subdev's names of `enum v4l2_colorspace`, by number.
    static let colorspaces = [
        "default": 0, "smpte170m": 1, "smpte240m": 2, "rec709": 3, "bt878": 4, "470m": 5, "470bg": 6, "jpeg": 7, "srgb": 8,
        "oprgb": 9, "adobergb": 9, "bt2020": 10, "raw": 11, "dcip3": 12,
    ]

    init(_ text: String) {
        var code: MediaBusCode?
        var size: (UInt32, UInt32)?
        var field: UInt32 = 1
        var colorspace: UInt32 = 0
        for token in text.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
            guard let colon = token.firstIndex(of: ":") else { continue }
            let key = token[token.startIndex..<colon]
            let value = token[token.index(after: colon)...]
            switch key {
            case "fmt":
                let body = value.split(separator: "@", maxSplits: 1).first ?? value
                guard let slash = body.lastIndex(of: "/"), let wh = Self.size(body[body.index(after: slash)...]) else {
                    issues.append("cannot read the format '\(value)'")
                    continue
                }
                let name = body[body.startIndex..<slash]
                code = MediaBusCode(name: String(name))
                if code == nil, name.hasPrefix("0x"), let v = UInt32(name.dropFirst(2), radix: 16) { code = MediaBusCode(rawValue: v) }
                if code == nil { issues.append("unknown media-bus code '\(name)'") }
                size = wh
            case "field":
                if let f = Self.fields[String(value)] { field = UInt32(f) } else { issues.append("unknown field '\(value)'") }
            case "colorspace":
                if let c = Self.colorspaces[String(value)] { colorspace = UInt32(c) }
            case "crop.bounds": cropBounds = Self.rect(value)
            case "crop": crop = Self.rect(value)
            case "native_size", "native-size": nativeSize = Self.rect(value)
            default: continue
            }
        }
        if let code, let (w, h) = size { format = SubdevPadFormat(code: code, width: w, height: h, field: field, colorspace: colorspace) }
    }

    /// `1536x864`
    static func size(_ s: Substring) -> (UInt32, UInt32)? {
        let p = s.split(separator: "x")
        guard p.count == 2, let w = UInt32(p[0]), let h = UInt32(p[1]) else { return nil }
        return (w, h)
    }

    /// `(0,0)/4608x2592`
    static func rect(_ s: Substring) -> PixelRect? {
        guard let m = s.wholeMatch(of: /\((-?\d+),(-?\d+)\)\/(\d+)x(\d+)/), let l = Int32(m.1), let t = Int32(m.2), let w = UInt32(m.3),
            let h = UInt32(m.4)
        else { return nil }
        return PixelRect(left: l, top: t, width: w, height: h)
    }
}
