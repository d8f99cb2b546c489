import CaptureModel

extension PipeWireFormat {
    /// The video formats of one `EnumFormat` POD (several when its format is a choice); empty when it is not video
    /// or cannot be read.
    package static func from(_ pod: SPAPod) -> [PipeWireFormat] {
        guard case .object(let type, _, _) = pod, type == SPAType.objectFormat,
            case .id(SPAVideoFormat.mediaTypeVideo) = pod.property(SPAVideoFormat.keyMediaType),
            case .id(let subtype) = pod.property(SPAVideoFormat.keyMediaSubtype)
        else { return [] }
        var names: [(fourcc: String, spa: String)] = []
        switch subtype {
        case SPAVideoFormat.subtypeRaw:
            for case .id(let f) in values(pod.property(SPAVideoFormat.keyFormat)) {
                let spa = SPAVideoFormat.name(f)
                names.append((SPAVideoFormat.fourcc[spa] ?? spa, spa))
            }
        case SPAVideoFormat.subtypeJPEG: names = [("JPEG", "jpeg")]
        case (SPAVideoFormat.subtypeH264)..<(SPAVideoFormat.subtypeH264 + UInt32(SPAVideoFormat.videoSubtypes.count)):
            let name = SPAVideoFormat.videoSubtypes[Int(subtype - SPAVideoFormat.subtypeH264)]
            names = [(SPAVideoFormat.subtypeFourcc[name] ?? name, name)]
        default: return []
        }
        var width: UInt32?
        var height: UInt32?
        var sizeRange: SizeRange?
        switch pod.property(SPAVideoFormat.keySize) {
        case .rectangle(let w, let h): (width, height) = (w, h)
        case .choice(.none, let v), .choice(.enum, let v):
            if case .rectangle(let w, let h) = v.first { (width, height) = (w, h) }
        case .choice(.range, let v), .choice(.step, let v):
            if v.count >= 3, case .rectangle(let w0, let h0) = v[1], case .rectangle(let w1, let h1) = v[2] {
                sizeRange = SizeRange(minWidth: w0, minHeight: h0, maxWidth: w1, maxHeight: h1)
            }
        default: break
        }
        var rates: [Rational] = []
        var rateRange: RateRange?
        let framerate = pod.property(SPAVideoFormat.keyFramerate)
        if case .choice(let kind, let v) = framerate, kind == .range || kind == .step, v.count >= 3,
            case .fraction(let n0, let d0) = v[1], case .fraction(let n1, let d1) = v[2], d0 != 0, d1 != 0
        {
            rateRange = RateRange(min: Rational(n0, d0), max: Rational(n1, d1))
        } else {
            // One fraction, or an enum's alternatives (its default is among them), each once.
            for case .fraction(let n, let d) in values(framerate) where d != 0 && !rates.contains(Rational(n, d)) {
                rates.append(Rational(n, d))
            }
        }
        rates.sort { Double($0.numerator) / Double($0.denominator) > Double($1.numerator) / Double($1.denominator) }
        return names.map {
            PipeWireFormat(
                fourcc: $0.fourcc, spaFormat: $0.spa, width: width, height: height, sizeRange: sizeRange, frameRates: rates,
                frameRateRange: rateRange)
        }
    }

    /// A property's values: the value itself, or a choice's alternatives (its default first when alone).
    static func values(_ p: SPAPod?) -> [SPAPod] {
        switch p {
        case .choice(.enum, let v) where v.count > 1: Array(v.dropFirst())
        case .choice(_, let v): Array(v.prefix(1))
        case let x?: [x]
        case nil: []
        }
    }
}
