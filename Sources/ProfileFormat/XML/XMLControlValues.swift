import CaptureModel

/// A control's value in XML, one element whatever its kind (the XSD group
/// `ControlValueChoice`): `<integerValue>`, `<stringValue>`,
/// `<rectValue left top width height/>`, `<areaValue width height/>` or
/// `<arrayValue>` (space-separated elements). The current value is the
/// element itself; a compound minimum and maximum are wrapped in
/// `<minimumValue>` and `<maximumValue>`.
enum XMLControlValues {
    static func write(_ v: ControlValue, to w: XMLTextWriter) {
        switch v {
        case .integer(let i): w.element("integerValue", String(i))
        case .string(let s): w.element("stringValue", s)
        case .rect(let r):
            w.start("rectValue")
            w.attribute("left", r.left)
            w.attribute("top", r.top)
            w.attribute("width", r.width)
            w.attribute("height", r.height)
            w.end()
        case .area(let a):
            w.start("areaValue")
            w.attribute("width", a.width)
            w.attribute("height", a.height)
            w.end()
        case .array(let a): w.element("arrayValue", a.map(String.init).joined(separator: " "))
        }
    }

    /// Writes `v` inside an element named `wrapper` (`minimumValue`, `maximumValue`).
    static func write(_ v: ControlValue?, wrappedIn wrapper: String, to w: XMLTextWriter) {
        guard let v else { return }
        w.start(wrapper)
        write(v, to: w)
        w.end()
    }

    /// The value among `e`'s children, if any.
    static func read(in e: XMLNode) throws(XMLProfileReader.Failure) -> ControlValue? {
        if let v = e.optionalChild("integerValue") { return .integer(try v.integerText()) }
        if let v = e.optionalChild("stringValue") { return .string(v.text) }
        if let v = e.optionalChild("rectValue") {
            return .rect(
                ControlRect(
                    left: try v.integer("left"), top: try v.integer("top"), width: try v.integer("width"),
                    height: try v.integer("height")))
        }
        if let v = e.optionalChild("areaValue") {
            return .area(ControlArea(width: try v.integer("width"), height: try v.integer("height")))
        }
        if let v = e.optionalChild("arrayValue") {
            var out: [Int64] = []
            for t in v.text.split(whereSeparator: \.isWhitespace) {
                guard let n = Int64(t) else { throw v.failure("arrayValue: \"\(t)\" is not a 64-bit integer") }
                out.append(n)
            }
            return .array(out)
        }
        return nil
    }

    /// The value wrapped in `e`'s child `wrapper`, if any.
    static func read(wrappedIn wrapper: String, in e: XMLNode) throws(XMLProfileReader.Failure) -> ControlValue? {
        guard let inner = e.optionalChild(wrapper) else { return nil }
        return try read(in: inner)
    }
}
