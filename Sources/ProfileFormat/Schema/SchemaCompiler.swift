/// Builds the nodes of a `CompiledSchema`, each `$defs` entry once (so a
/// `$ref` cycle is a cycle of node numbers).
struct SchemaCompiler {
    let root: JSONValue
    let patterns: [String: SchemaRegex]
    var specs: [CompiledSchema.Spec] = []
    private var defs: [String: Int] = [:]

    init(root: JSONValue, patterns: [String: SchemaRegex]) {
        self.root = root
        self.patterns = patterns
    }

    /// The number of the node for `s`.
    mutating func compile(_ s: JSONValue) -> Int {
        specs.append(CompiledSchema.Spec())
        let i = specs.count - 1
        specs[i] = spec(s)
        return i
    }

    /// The node a `$ref` names, compiled the first time.
    private mutating func reference(_ ref: String) -> CompiledSchema.Reference {
        let prefix = "#/$defs/"
        guard ref.hasPrefix(prefix) else { return .unresolvable(ref) }
        let name = String(ref.dropFirst(prefix.count))
        if let i = defs[name] { return .node(i) }
        guard let target = root["$defs"]?[name] else { return .unresolvable(ref) }
        specs.append(CompiledSchema.Spec())
        let i = specs.count - 1
        defs[name] = i
        specs[i] = spec(target)
        return .node(i)
    }

    private mutating func spec(_ s: JSONValue) -> CompiledSchema.Spec {
        var n = CompiledSchema.Spec()
        guard case .object(let k) = s else {
            n.isFalse = s == .bool(false)
            return n
        }
        n.isObject = true
        if case .string(let ref)? = k["$ref"] { n.ref = reference(ref) }
        if let t = k["type"] {
            switch t {
            case .string(let name): n.typeNames = [name]
            case .array(let a): n.typeNames = a.compactMap { if case .string(let name) = $0 { name } else { nil } }
            default: n.typeNames = []
            }
        }
        n.const = k["const"]
        if case .array(let options)? = k["enum"] { n.enumOptions = options }
        n.minimum = k["minimum"]
        n.maximum = k["maximum"]
        if case .string(let p)? = k["pattern"] {
            n.pattern = p
            n.matcher = patterns[p]
        }
        if case .array(let required)? = k["required"] {
            n.required = required.compactMap { if case .string(let name) = $0 { name } else { nil } }
        }
        if case .object(let p)? = k["properties"] {
            for (name, sub) in p { n.properties[name] = compile(sub) }
        }
        if let extra = k["additionalProperties"] {
            n.additionalIsFalse = extra == .bool(false)
            n.additional = compile(extra)
        }
        if let items = k["items"] { n.items = compile(items) }
        if case .array(let branches)? = k["oneOf"] { n.oneOf = branches.map { compile($0) } }
        if case .array(let branches)? = k["anyOf"] { n.anyOf = branches.map { compile($0) } }
        n.branchConstants = constants(of: s)
        return n
    }

    /// The `const` of each property of `b` or of what its `$ref` names (one
    /// level); nil when that is not a schema with a `properties` object.
    private func constants(of b: JSONValue) -> [(key: String, value: JSONValue)]? {
        var r: JSONValue? = b
        if case .string(let ref)? = b["$ref"] {
            let prefix = "#/$defs/"
            r = ref.hasPrefix(prefix) ? root["$defs"]?[String(ref.dropFirst(prefix.count))] : nil
        }
        guard case .object(let props)? = r?["properties"] else { return nil }
        return props.keys.sorted().compactMap { key in props[key]?["const"].map { (key, $0) } }
    }
}
