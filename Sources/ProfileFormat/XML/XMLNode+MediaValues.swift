import CaptureModel

/// Media-controller values for `XMLSensorReader` and `XMLMediaGraphReader`, in
/// the spellings the writers use (the model's `description`s): media-bus
/// codes, entity functions and interface types by their kernel names
/// (`SRGGB10_1X10`, `CAM_SENSOR`, `V4L_SUBDEV`) or `0x…`, link kinds as
/// `data`, `interface`, `ancillary` or `type-N`.
extension XMLNode {
    /// The media-bus code in attribute `name`.
    func mediaBusCode(_ name: String) throws(Failure) -> MediaBusCode {
        let raw = try required(name)
        guard let c = Self.mediaBusCode(parsing: raw.trimmingXMLSpace) else { throw failure("\(name): \"\(raw)\" is not a media-bus code") }
        return c
    }

    /// The space-separated media-bus codes in attribute `name`.
    func mediaBusCodes(_ name: String) throws(Failure) -> [MediaBusCode] {
        var out: [MediaBusCode] = []
        for c in try required(name).split(whereSeparator: \.isWhitespace) {
            guard let code = Self.mediaBusCode(parsing: String(c)) else { throw failure("\(name): \"\(c)\" is not a media-bus code") }
            out.append(code)
        }
        return out
    }

    /// A kernel name (`SRGGB10_1X10`) or `0x…`, as `MediaBusCode`'s decoder reads them.
    private static func mediaBusCode(parsing s: String) -> MediaBusCode? {
        if let c = MediaBusCode(name: s) { return c }
        guard s.hasPrefix("0x"), let v = UInt32(s.dropFirst(2), radix: 16) else { return nil }
        return MediaBusCode(rawValue: v)
    }

    func entityFunction(_ name: String) throws(Failure) -> MediaEntityFunction {
        let raw = try required(name)
        guard let f = MediaEntityFunction(named: raw.trimmingXMLSpace) else { throw failure("\(name): unknown entity function \"\(raw)\"") }
        return f
    }

    func interfaceType(_ name: String) throws(Failure) -> MediaInterfaceType {
        let raw = try required(name)
        guard let t = MediaInterfaceType(named: raw.trimmingXMLSpace) else { throw failure("\(name): unknown interface type \"\(raw)\"") }
        return t
    }

    func linkKind(_ name: String) throws(Failure) -> MediaLinkKind {
        let raw = try required(name)
        let s = raw.trimmingXMLSpace
        switch s {
        case "data": return .data
        case "interface": return .interface
        case "ancillary": return .ancillary
        default:
            guard s.hasPrefix("type-"), let v = UInt32(s.dropFirst(5)) else { throw failure("\(name): unknown link kind \"\(raw)\"") }
            return MediaLinkKind(rawValue: v)
        }
    }

    func padDirection(_ name: String) throws(Failure) -> MediaPadDirection {
        let raw = try required(name)
        guard let d = MediaPadDirection(rawValue: raw.trimmingXMLSpace) else { throw failure("\(name): unknown pad direction \"\(raw)\"") }
        return d
    }

    /// A space-separated list of unsigned 32-bit integers (`linkIDs`).
    func unsignedList(_ name: String) throws(Failure) -> [UInt32] {
        var out: [UInt32] = []
        for d in (attribute(name) ?? "").split(whereSeparator: \.isWhitespace) {
            guard let n = UInt32(d) else { throw failure("\(name): \"\(d)\" is not an unsigned 32-bit integer") }
            out.append(n)
        }
        return out
    }
}
