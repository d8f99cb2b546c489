/// A JSON Schema turned once into the form `JSONSchemaValidator` checks
/// against: each subschema a node whose keywords are fields, `$ref`s
/// resolved to node numbers, `type` names to a set of kinds, and, for the
/// branches of a `oneOf` / `anyOf`, the `const` properties that tell them apart.
struct CompiledSchema: Sendable {
    /// Node 0 is the root schema.
    let nodes: [Node]

    /// The kinds of JSON value a `type` keyword names.
    struct Kinds: OptionSet, Sendable {
        let rawValue: UInt8
        static let null = Kinds(rawValue: 1)
        static let boolean = Kinds(rawValue: 2)
        static let integer = Kinds(rawValue: 4)
        /// A number that is not whole (`number` also takes `integer`).
        static let fraction = Kinds(rawValue: 8)
        static let string = Kinds(rawValue: 16)
        static let array = Kinds(rawValue: 32)
        static let object = Kinds(rawValue: 64)

        /// The kinds `type: name` accepts; none for a name JSON Schema does not have.
        init(typeName name: String) {
            switch name {
            case "null": self = .null
            case "boolean": self = .boolean
            case "integer": self = .integer
            case "number": self = [.integer, .fraction]
            case "string": self = .string
            case "array": self = .array
            case "object": self = .object
            default: self = []
            }
        }

        init(rawValue: UInt8) { self.rawValue = rawValue }

        /// The kind of `x`, as `JSONValue.typeName` names it.
        init(of x: JSONValue) {
            switch x {
            case .null: self = .null
            case .bool: self = .boolean
            case .integer, .unsigned: self = .integer
            case .double(let d): self = d.rounded() == d && d.isFinite ? .integer : .fraction
            case .string: self = .string
            case .array: self = .array
            case .object: self = .object
            }
        }
    }

    /// Where a `$ref` leads.
    enum Reference: Sendable {
        case node(Int)
        case unresolvable(String)
    }

    /// One subschema. A schema that is not an object is `false` (nothing
    /// passes) or anything else (everything passes).
    final class Node: Sendable {
        let isObject: Bool
        let isFalse: Bool
        let ref: Reference?
        /// The names of `type`, and the kinds they accept; nil without `type`.
        let typeNames: [String]?
        let kinds: Kinds
        let const: JSONValue?
        let enumOptions: [JSONValue]?
        let minimum: JSONValue?
        let maximum: JSONValue?
        /// The `pattern` text, and its matcher when it compiled.
        let pattern: String?
        let matcher: SchemaRegex?
        let required: [String]
        let properties: [String: Int]
        /// `properties`' names, sorted and joined, for the unknown-property message.
        let propertyList: String
        let additional: Int?
        let additionalIsFalse: Bool
        let items: Int?
        let oneOf: [Int]?
        let anyOf: [Int]?
        /// The `const` of each property of this schema (through its `$ref`,
        /// one level, as a branch of `oneOf` / `anyOf` is read); nil when
        /// that has no `properties` object.
        let branchConstants: [(key: String, value: JSONValue)]?

        init(_ spec: Spec) {
            isObject = spec.isObject
            isFalse = spec.isFalse
            ref = spec.ref
            typeNames = spec.typeNames
            kinds = spec.typeNames.map { $0.reduce(into: Kinds()) { $0.formUnion(Kinds(typeName: $1)) } } ?? []
            const = spec.const
            enumOptions = spec.enumOptions
            minimum = spec.minimum
            maximum = spec.maximum
            pattern = spec.pattern
            matcher = spec.matcher
            required = spec.required
            properties = spec.properties
            propertyList = spec.properties.keys.sorted().joined(separator: ", ")
            additional = spec.additional
            additionalIsFalse = spec.additionalIsFalse
            items = spec.items
            oneOf = spec.oneOf
            anyOf = spec.anyOf
            branchConstants = spec.branchConstants
        }
    }

    /// A node while the schema is being compiled.
    struct Spec {
        var isObject = false
        var isFalse = false
        var ref: Reference? = nil
        var typeNames: [String]? = nil
        var const: JSONValue? = nil
        var enumOptions: [JSONValue]? = nil
        var minimum: JSONValue? = nil
        var maximum: JSONValue? = nil
        var pattern: String? = nil
        var matcher: SchemaRegex? = nil
        var required: [String] = []
        var properties: [String: Int] = [:]
        var additional: Int? = nil
        var additionalIsFalse = false
        var items: Int? = nil
        var oneOf: [Int]? = nil
        var anyOf: [Int]? = nil
        var branchConstants: [(key: String, value: JSONValue)]? = nil
    }

    /// `schema` compiled; `patterns` are its `pattern`s that compiled.
    init(_ schema: JSONValue, patterns: [String: SchemaRegex]) {
        var c = SchemaCompiler(root: schema, patterns: patterns)
        _ = c.compile(schema)
        nodes = c.specs.map(Node.init)
    }
}
