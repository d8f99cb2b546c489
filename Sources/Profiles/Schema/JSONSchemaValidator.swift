/// A JSON Schema (draft 2020-12) validator for the keywords the profile
/// schema uses, and no others: `type`, `properties`, `required`,
/// `additionalProperties`, `items`, `enum`, `const`, `pattern` (see
/// `SchemaRegex`), `minimum`, `maximum`, `$ref` to `#/$defs/…`, `oneOf`,
/// `anyOf`; `$schema`, `$id`, `$defs`, `title`, `description` and `$comment`
/// are annotations. `unsupportedKeywords` lists any other keyword a schema uses.
///
/// Issues name the JSON path: `device.captures[0].formats[3].sizes[0].intervals.type: expected one of …`.
struct JSONSchemaValidator: Sendable {
    static let supportedKeywords: Set<String> = [
        "$schema", "$id", "$defs", "title", "description", "$comment",
        "type", "properties", "required", "additionalProperties", "items", "enum", "const", "pattern",
        "minimum", "maximum", "$ref", "oneOf", "anyOf",
    ]
    /// Strings longer than this fail a `pattern` without being matched (the
    /// matcher backtracks; the schema's patterns are for short tokens).
    static let longestPatternSubject = 1024

    let schema: JSONValue
    private let patterns: [String: SchemaRegex]
    /// Patterns that did not compile, and keywords not implemented; empty for a usable schema.
    let schemaProblems: [String]

    init(schema: JSONValue) {
        self.schema = schema
        var patterns: [String: SchemaRegex] = [:]
        var problems: [String] = []
        JSONSchemaValidator.walk(schema, "#") { s, where_ in
            guard case .object(let o) = s else { return }
            for key in o.keys.sorted() where !JSONSchemaValidator.supportedKeywords.contains(key) {
                problems.append("\(where_): unsupported keyword \(key)")
            }
            if case .string(let p)? = o["pattern"], patterns[p] == nil {
                do { patterns[p] = try SchemaRegex(p) } catch { problems.append("\(where_): \(error)") }
            }
        }
        self.patterns = patterns
        schemaProblems = problems
    }

    /// Every subschema of `s` (not the instance-shaped maps under `properties` / `$defs` themselves).
    private static func walk(_ s: JSONValue, _ at: String, _ visit: (JSONValue, String) -> Void) {
        visit(s, at)
        guard case .object(let o) = s else { return }
        for key in o.keys.sorted() {
            switch (key, o[key]!) {
            case ("properties", .object(let m)), ("$defs", .object(let m)):
                for k in m.keys.sorted() { walk(m[k]!, "\(at)/\(key)/\(k)", visit) }
            case ("items", let sub), ("additionalProperties", let sub):
                walk(sub, "\(at)/\(key)", visit)
            case ("oneOf", .array(let list)), ("anyOf", .array(let list)):
                for (i, sub) in list.enumerated() { walk(sub, "\(at)/\(key)/\(i)", visit) }
            default: break
            }
        }
    }

    /// Keywords used by the schema that this validator ignores.
    var unsupportedKeywords: [String] { schemaProblems.filter { $0.contains("unsupported keyword") } }

    /// All issues of `instance`, in document order; empty when it is valid.
    func validate(_ instance: JSONValue) -> [ProfileIssue] {
        var issues = schemaProblems.map { ProfileIssue(message: "schema: \($0)") }
        issues += check(instance, schema, path: .root)
        return issues
    }

    /// Where a value is in the instance, spelt out only when an issue names it.
    private indirect enum Path {
        case root
        case member(Path, String)
        case index(Path, Int)

        var text: String {
            switch self {
            case .root: ""
            case .member(let parent, let key):
                // As the paths were joined before: an empty parent (a root key "") adds no dot.
                parent.text.isEmpty ? key : "\(parent.text).\(key)"
            case .index(let parent, let i): "\(parent.text)[\(i)]"
            }
        }
    }

    private func issue(_ path: Path, _ message: String) -> ProfileIssue {
        let text = path.text
        return ProfileIssue(path: text.isEmpty ? nil : text, message: message)
    }

    private func resolve(_ s: JSONValue) -> JSONValue? {
        guard case .string(let ref)? = s["$ref"] else { return s }
        let prefix = "#/$defs/"
        guard ref.hasPrefix(prefix) else { return nil }
        return schema["$defs"]?[String(ref.dropFirst(prefix.count))]
    }

    private func check(_ x: JSONValue, _ s: JSONValue, path: Path) -> [ProfileIssue] {
        guard case .object(let k) = s else {
            if case .bool(false) = s { return [issue(path, "not allowed here")] }
            return []
        }
        var out: [ProfileIssue] = []
        if case .string(let ref)? = k["$ref"] {
            guard let target = resolve(s) else { return [issue(path, "schema: unresolvable $ref \(ref)")] }
            out += check(x, target, path: path)
        }
        if let t = k["type"] {
            let names: [String]
            switch t {
            case .string(let n): names = [n]
            case .array(let a): names = a.compactMap { if case .string(let n) = $0 { n } else { nil } }
            default: names = []
            }
            if !names.contains(where: x.isOfType) {
                return out + [issue(path, "expected \(names.joined(separator: " or ")), found \(x.typeName) \(x.brief)")]
            }
        }
        if let c = k["const"], !x.schemaEquals(c) { out.append(issue(path, "expected \(c.brief), found \(x.brief)")) }
        if case .array(let options)? = k["enum"], !options.contains(where: x.schemaEquals) {
            out.append(issue(path, "expected one of \(options.map(\.brief).joined(separator: ", ")), found \(x.brief)"))
        }
        if let m = k["minimum"], let c = JSONValue.compareNumbers(x, m), c < 0 {
            out.append(issue(path, "\(x.brief) is below the minimum \(m.brief)"))
        }
        if let m = k["maximum"], let c = JSONValue.compareNumbers(x, m), c > 0 {
            out.append(issue(path, "\(x.brief) is above the maximum \(m.brief)"))
        }
        if case .string(let p)? = k["pattern"], case .string(let str) = x {
            if str.unicodeScalars.count > JSONSchemaValidator.longestPatternSubject || !(patterns[p]?.matches(str) ?? false) {
                out.append(issue(path, "\(x.brief) does not match the pattern \(p)"))
            }
        }
        if case .object(let members) = x { out += checkObject(members, k, path: path) }
        if case .array(let items) = x, let itemSchema = k["items"] {
            for (i, item) in items.enumerated() { out += check(item, itemSchema, path: .index(path, i)) }
        }
        if case .array(let branches)? = k["oneOf"] { out += alternatives(x, branches, exactlyOne: true, path: path) }
        if case .array(let branches)? = k["anyOf"] { out += alternatives(x, branches, exactlyOne: false, path: path) }
        return out
    }

    private func member(_ path: Path, _ key: String) -> Path { .member(path, key) }

    private func checkObject(_ members: [String: JSONValue], _ k: [String: JSONValue], path: Path) -> [ProfileIssue] {
        var out: [ProfileIssue] = []
        if case .array(let required)? = k["required"] {
            for case .string(let name) in required where members[name] == nil {
                out.append(issue(member(path, name), "required property is missing"))
            }
        }
        var properties: [String: JSONValue] = [:]
        if case .object(let p)? = k["properties"] { properties = p }
        for name in members.keys.sorted() {
            let value = members[name]!
            if let sub = properties[name] {
                out += check(value, sub, path: member(path, name))
            } else if let extra = k["additionalProperties"] {
                if case .bool(false) = extra {
                    out.append(
                        issue(member(path, name), "unknown property (expected one of \(properties.keys.sorted().joined(separator: ", ")))"))
                } else {
                    out += check(value, extra, path: member(path, name))
                }
            }
        }
        return out
    }

    /// `oneOf` / `anyOf`. When every branch fails, the branches are told
    /// apart by their `const` properties (the `type` discriminator): the one
    /// branch whose constants match reports its own issues, and when none
    /// matches, the discriminator itself is reported with the values it may take.
    ///
    /// A branch with a `const` property that `x` has with another value
    /// fails without being checked (its issues are worked out only if they
    /// are reported), so a discriminated `oneOf` checks one branch.
    private func alternatives(_ x: JSONValue, _ branches: [JSONValue], exactlyOne: Bool, path: Path) -> [ProfileIssue] {
        var known: [[ProfileIssue]?] = branches.map { b in failsOnAConstant(x, b) ? nil : check(x, b, path: path) }
        let passing = known.filter { $0?.isEmpty ?? false }.count
        if passing == 1 || (passing > 1 && !exactlyOne) { return [] }
        if passing > 1 { return [issue(path, "matches \(passing) alternatives, expected exactly one")] }

        var discriminator: String? = nil
        var allowed: [JSONValue] = []
        var candidates: [Int] = []
        for (i, b) in branches.enumerated() {
            guard let r = resolve(b), case .object(let props)? = r["properties"] else {
                candidates.append(i)
                continue
            }
            let consts = props.compactMap { key, sub in sub["const"].map { (key, $0) } }
            if consts.count == 1 {
                discriminator = discriminator ?? consts[0].0
                allowed.append(consts[0].1)
            }
            if consts.allSatisfy({ key, c in x[key].map { $0.schemaEquals(c) } ?? false }) { candidates.append(i) }
        }
        // A candidate's constants all match, so it was checked.
        if candidates.count == 1 { return known[candidates[0]] ?? check(x, branches[candidates[0]], path: path) }
        if candidates.isEmpty, let key = discriminator, case .object = x {
            let at = member(path, key)
            guard let found = x[key] else { return [issue(at, "required property is missing")] }
            return [issue(at, "expected one of \(allowed.map(\.brief).joined(separator: ", ")), found \(found.brief)")]
        }
        for (i, b) in branches.enumerated() where known[i] == nil { known[i] = check(x, b, path: path) }
        let best = known.map { $0 ?? [] }.min { $0.count < $1.count } ?? []
        return [issue(path, "\(x.brief) matches none of the \(branches.count) alternatives")] + best
    }

    /// Whether `x` is an object with a property that the branch `b`
    /// (through its `$ref`) gives a `const` other than its value: then
    /// checking `x` against `b` reports at least that property.
    private func failsOnAConstant(_ x: JSONValue, _ b: JSONValue) -> Bool {
        guard case .object(let members) = x, let r = resolve(b), case .object(let props)? = r["properties"] else { return false }
        for (key, sub) in props {
            if let c = sub["const"], let v = members[key], !v.schemaEquals(c) { return true }
        }
        return false
    }
}
