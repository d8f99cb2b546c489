/// A JSON value as `JSONDecoder` reads it, kept whole for schema validation.
/// Integers stay exact (`Int64`, or `UInt64` above `Int64.max`).
enum JSONValue: Sendable, Hashable, Decodable {
    case null
    case bool(Bool)
    case integer(Int64)
    case unsigned(UInt64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONMembers)

    init(from decoder: any Decoder) throws {
        if var a = try? decoder.unkeyedContainer() {
            var items: [JSONValue] = []
            while !a.isAtEnd { items.append(try a.decode(JSONValue.self)) }
            self = .array(items)
            return
        }
        if let o = try? decoder.container(keyedBy: AnyKey.self) {
            var members = JSONMembers()
            for k in o.allKeys { members[k.stringValue] = try o.decode(JSONValue.self, forKey: k) }
            self = .object(members)
            return
        }
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let i = try? c.decode(Int64.self) {
            self = .integer(i)
        } else if let u = try? c.decode(UInt64.self) {
            self = .unsigned(u)
        } else if let d = try? c.decode(Double.self) {
            self = .double(d)
        } else {
            self = .string(try c.decode(String.self))
        }
    }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// The JSON Schema type name: null, boolean, integer, number, string, array, object.
    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .integer, .unsigned: "integer"
        case .double(let d): d.rounded() == d && d.isFinite ? "integer" : "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// Whether it is of the schema `type` named (`integer` is also a `number`).
    func isOfType(_ t: String) -> Bool {
        let mine = typeName
        return mine == t || (t == "number" && mine == "integer")
    }

    /// Compares two numbers exactly when both are integers; nil when either is not a number.
    static func compareNumbers(_ a: JSONValue, _ b: JSONValue) -> Int? {
        func exact(_ v: JSONValue) -> (negative: Bool, magnitude: UInt64)? {
            switch v {
            case .integer(let i): (i < 0, i.magnitude)
            case .unsigned(let u): (false, u)
            default: nil
            }
        }
        if let x = exact(a), let y = exact(b) {
            if x.negative != y.negative { return x.negative ? -1 : 1 }
            let c = x.magnitude < y.magnitude ? -1 : (x.magnitude > y.magnitude ? 1 : 0)
            return x.negative ? -c : c
        }
        guard let x = a.doubleValue, let y = b.doubleValue else { return nil }
        return x < y ? -1 : (x > y ? 1 : 0)
    }

    var doubleValue: Double? {
        switch self {
        case .integer(let i): Double(i)
        case .unsigned(let u): Double(u)
        case .double(let d): d
        default: nil
        }
    }

    /// Equality as JSON Schema's `const` and `enum` mean it (1 == 1.0).
    func schemaEquals(_ other: JSONValue) -> Bool {
        if let c = JSONValue.compareNumbers(self, other) { return c == 0 }
        return self == other
    }

    /// Short JSON text for messages.
    var brief: String {
        switch self {
        case .null: "null"
        case .bool(let b): "\(b)"
        case .integer(let i): "\(i)"
        case .unsigned(let u): "\(u)"
        case .double(let d): "\(d)"
        case .string(let s): "\"\(s.count > 60 ? String(s.prefix(57)) + "..." : s)\""
        case .array(let a): "an array of \(a.count)"
        case .object: "an object"
        }
    }

    subscript(key: String) -> JSONValue? {
        if case .object(let o) = self { return o[key] }
        return nil
    }
}
