import FoundationEssentials

/// A `Decoder` over a `JSONValue` tree already parsed by `JSONValue.parse`,
/// so a profile's bytes are parsed once: the `Codable` conformances of the
/// model stay the single description of the document.
///
/// It reads values as `JSONDecoder` (default strategies) reads the same
/// text: a JSON number decodes as any numeric type that holds it exactly,
/// `Bool` only from `true`/`false`, `String` only from a string, and a
/// missing key or a value of the wrong kind throws a `DecodingError` whose
/// `codingPath` names the JSON path. Where the tree does not say what
/// `JSONDecoder` would give it throws `JSONValueDecoder.Undecidable`
/// instead, so the caller can ask `JSONDecoder`: a zero read as a
/// floating-point number (`-0` and `0` are one `JSONValue`), and the types
/// `JSONDecoder` decodes with a strategy (`Data`, `Date`, `URL`, `Decimal`).
struct JSONValueDecoder {
    /// The tree does not tell what `JSONDecoder` would decode here.
    struct Undecidable: Error, CustomStringConvertible {
        var codingPath: [any CodingKey]
        var description: String
    }

    /// `type` decoded from `value`.
    static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try JSONValueDecoding(value).decodeValue(type)
    }
}

/// A step from a value to one inside it, for `codingPath`.
enum JSONValueStep {
    case member(String)
    case index(Int)
}

/// A key of `codingPath`: a member's name, or an array element's index
/// spelt as `JSONDecoder` spells it (`Index 3`).
struct JSONValuePathKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(_ step: JSONValueStep) {
        switch step {
        case .member(let name): (stringValue, intValue) = (name, nil)
        case .index(let i): (stringValue, intValue) = ("Index \(i)", i)
        }
    }
    init?(stringValue: String) { (self.stringValue, intValue) = (stringValue, nil) }
    init?(intValue: Int) { (stringValue, self.intValue) = ("Index \(intValue)", intValue) }
}

/// The `Decoder` handed to each `init(from:)`: one value and its place.
final class JSONValueDecoding: Decoder, SingleValueDecodingContainer {
    let value: JSONValue
    /// The value this one is in, and the step from there; nil at the root.
    let parent: JSONValueDecoding?
    let step: JSONValueStep?

    init(_ value: JSONValue, in parent: JSONValueDecoding? = nil, at step: JSONValueStep? = nil) {
        self.value = value
        self.parent = parent
        self.step = step
    }

    /// The steps from the root, built only when asked (errors, and conformances that look).
    var codingPath: [any CodingKey] {
        var out: [any CodingKey] = []
        var n: JSONValueDecoding? = self
        while let at = n, let step = at.step {
            out.append(JSONValuePathKey(step))
            n = at.parent
        }
        return out.reversed()
    }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw mismatch([String: JSONValue].self) }
        return KeyedDecodingContainer(JSONValueKeyedContainer<Key>(members, of: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value else { throw mismatch([JSONValue].self) }
        return JSONValueUnkeyedContainer(items, of: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    /// The error `JSONDecoder` throws for a value of the wrong kind.
    func mismatch(_ type: Any.Type) -> DecodingError {
        .typeMismatch(
            type,
            DecodingError.Context(
                codingPath: codingPath, debugDescription: "Expected to decode \(type) but found \(value.kindName) instead."))
    }

    func decodeNil() -> Bool { value == .null }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let b) = value else { throw mismatch(type) }
        return b
    }

    func decode(_ type: String.Type) throws -> String {
        guard case .string(let s) = value else { throw mismatch(type) }
        return s
    }

    func decode(_ type: Double.Type) throws -> Double {
        switch value {
        case .integer(0): throw JSONValueDecoder.Undecidable(codingPath: codingPath, description: "a zero read as Double may be -0")
        case .integer(let i): return Double(i)
        case .unsigned(let u): return Double(u)
        case .double(let d): return d
        default: throw mismatch(type)
        }
    }

    func decode(_ type: Float.Type) throws -> Float {
        let d = try decode(Double.self)
        let f = Float(d)
        guard f.isFinite else { throw notRepresentable(type) }
        // Rounding twice (text → Double → Float) may differ from JSONDecoder's one rounding.
        guard Double(f) == d else { throw JSONValueDecoder.Undecidable(codingPath: codingPath, description: "\(d) read as Float") }
        return f
    }

    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(type) }

    /// `type` from this value: the primitives directly, anything else by its `init(from:)`.
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        // Metatype identity, not `is` casts: this runs for every value.
        if type == String.self { return try decode(String.self) as! T }
        if type == UInt32.self { return try decode(UInt32.self) as! T }
        if type == Bool.self { return try decode(Bool.self) as! T }
        if type == Int.self { return try decode(Int.self) as! T }
        if type == Double.self { return try decode(Double.self) as! T }
        if type == Data.self || type == Date.self || type == URL.self || type == Decimal.self {
            throw JSONValueDecoder.Undecidable(codingPath: codingPath, description: "JSONDecoder decodes \(type) with a strategy")
        }
        return try T(from: self)
    }

    private func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let exact: T?
        switch value {
        case .integer(let i): exact = T(exactly: i)
        case .unsigned(let u): exact = T(exactly: u)
        case .double(let d): exact = T(exactly: d)
        default: throw mismatch(type)
        }
        guard let v = exact else { throw notRepresentable(type) }
        return v
    }

    private func notRepresentable(_ type: Any.Type) -> DecodingError {
        .dataCorrupted(DecodingError.Context(codingPath: codingPath, debugDescription: "Number \(value.brief) does not fit in \(type)."))
    }
}

extension JSONValue {
    /// What a value is, for a type mismatch message.
    var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "bool"
        case .integer, .unsigned, .double: "number"
        case .string: "a string"
        case .array: "an array"
        case .object: "a dictionary"
        }
    }
}
