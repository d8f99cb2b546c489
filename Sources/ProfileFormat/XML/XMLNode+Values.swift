import CaptureModel

/// Typed attribute and child access for `XMLProfileReader`; every failure
/// carries the element's line.
extension XMLNode {
    typealias Failure = XMLProfileReader.Failure

    func failure(_ message: String) -> Failure { Failure(issue: ProfileIssue(line: line, path: name, message: message)) }

    func children(_ name: String) -> [XMLNode] { elements.filter { $0.name == name } }
    func optionalChild(_ name: String) -> XMLNode? { elements.first { $0.name == name } }
    func child(_ name: String) throws(Failure) -> XMLNode {
        guard let c = optionalChild(name) else { throw failure("missing <\(name)>") }
        return c
    }
    /// `<list><item/>…</list>` items; none when the wrapper is absent.
    func listItems(_ list: String, _ item: String) -> [XMLNode] { optionalChild(list)?.children(item) ?? [] }

    func required(_ name: String) throws(Failure) -> String {
        guard let v = attribute(name) else { throw failure("missing attribute \(name)") }
        return v
    }

    func integer<T: FixedWidthInteger>(_ name: String) throws(Failure) -> T {
        try parseInteger(try required(name), name)
    }
    func optionalInteger<T: FixedWidthInteger>(_ name: String) throws(Failure) -> T? {
        guard let v = attribute(name) else { return nil }
        return try parseInteger(v, name)
    }
    func integerText<T: FixedWidthInteger>() throws(Failure) -> T { try parseInteger(text, "content") }

    private func parseInteger<T: FixedWidthInteger>(_ raw: String, _ what: String) throws(Failure) -> T {
        let s = raw.trimmingXMLSpace
        guard let v = T(s.hasPrefix("+") ? String(s.dropFirst()) : s) else {
            throw failure("\(what): \"\(raw)\" is not \(T.isSigned ? "a signed" : "an unsigned") \(T.bitWidth)-bit integer")
        }
        return v
    }

    func bool(_ name: String) throws(Failure) -> Bool {
        let raw = try required(name)
        guard let v = XMLScalars.bool(parsing: raw.trimmingXMLSpace) else { throw failure("\(name): \"\(raw)\" is not a boolean") }
        return v
    }

    func optionalDouble(_ name: String) throws(Failure) -> Double? {
        guard let raw = attribute(name) else { return nil }
        guard let v = XMLScalars.double(parsing: raw.trimmingXMLSpace) else { throw failure("\(name): \"\(raw)\" is not a number") }
        return v
    }

    func rational(_ raw: String) throws(Failure) -> Rational {
        let parts = raw.trimmingXMLSpace.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let n = UInt32(parts[0]), let d = UInt32(parts[1]) else {
            throw failure("\"\(raw)\" is not a fraction of two unsigned 32-bit integers like \"1001/30000\"")
        }
        return Rational(n, d)
    }

    func fourcc(_ name: String) throws(Failure) -> FourCC {
        let raw = try required(name)
        guard let f = FourCC(raw) else { throw failure("\(name): \"\(raw)\" is not a fourcc") }
        return f
    }

    func bufferType() throws(Failure) -> BufferType {
        let raw = try required("bufferType")
        guard let t = BufferType(rawValue: raw) else { throw failure("bufferType: unknown \"\(raw)\"") }
        return t
    }

    func dimensions() throws(Failure) -> Dimensions {
        Dimensions(width: try integer("width"), height: try integer("height"))
    }

    /// A space-separated list of flag names (`0x…` for unnamed bits).
    func flags<F: NamedFlags>(_ raw: String, _: F.Type) throws(Failure) -> F {
        var v: UInt32 = 0
        for n in raw.split(whereSeparator: \.isWhitespace) {
            if let (bit, _) = F.names.first(where: { $0.1 == n }) {
                v |= bit
            } else if n.hasPrefix("0x"), let bit = UInt32(n.dropFirst(2), radix: 16) {
                v |= bit
            } else {
                throw failure("unknown flag \"\(n)\"")
            }
        }
        return F(rawValue: v)
    }
}

extension StringProtocol {
    /// Without the XML blanks (space, tab, CR, LF) around it, as XSD's whiteSpace="collapse" reads numbers.
    var trimmingXMLSpace: String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        guard let first = firstIndex(where: { !blank($0) }), let last = lastIndex(where: { !blank($0) }) else { return "" }
        return String(self[first...last])
    }
}
