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
    /// `schema` compiled once: what `validate` checks against.
    private let compiled: CompiledSchema
    /// Patterns that did not compile, and keywords not implemented; empty for a usable schema.
    let schemaProblems: [String]

    /// A schema whose `$ref`s name definitions in other schema files
    /// (`"camprobe-profile.schema.json#/$defs/device"`), checked with those files
    /// (file name → parsed schema) joined in (`SchemaBundle`).
    init(schema: JSONValue, files: [String: JSONValue]) {
        self.init(schema: SchemaBundle.merged(schema, files: files))
    }

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
        compiled = CompiledSchema(schema, patterns: patterns)
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
        var path = SchemaInstancePath()
        issues += check(instance, 0, &path)
        return issues
    }

    /// What `check` returns in `quick` mode for a value that fails: no words, only "not empty".
    private static let failed = [ProfileIssue(message: "fails")]

    /// The issues of `x` against node `at`. In `quick` mode only whether
    /// there are any counts: it stops at the first, unworded (`failed`).
    private func check(_ x: JSONValue, _ at: Int, _ path: inout SchemaInstancePath, quick: Bool = false) -> [ProfileIssue] {
        let n = compiled.nodes[at]
        guard n.isObject else {
            if n.isFalse { return quick ? Self.failed : [path.issue("not allowed here")] }
            return []
        }
        var out: [ProfileIssue] = []
        switch n.ref {
        case .node(let target)?:
            out += check(x, target, &path, quick: quick)
            if quick && !out.isEmpty { return Self.failed }
        case .unresolvable(let ref)?: return quick ? Self.failed : [path.issue("schema: unresolvable $ref \(ref)")]
        case nil: break
        }
        if let names = n.typeNames, !n.kinds.contains(CompiledSchema.Kinds(of: x)) {
            if quick { return Self.failed }
            return out + [path.issue("expected \(names.joined(separator: " or ")), found \(x.typeName) \(x.brief)")]
        }
        if let c = n.const, !x.schemaEquals(c) {
            if quick { return Self.failed }
            out.append(path.issue("expected \(c.brief), found \(x.brief)"))
        }
        if let options = n.enumOptions, !options.contains(where: x.schemaEquals) {
            if quick { return Self.failed }
            out.append(path.issue("expected one of \(options.map(\.brief).joined(separator: ", ")), found \(x.brief)"))
        }
        if let m = n.minimum, let c = JSONValue.compareNumbers(x, m), c < 0 {
            if quick { return Self.failed }
            out.append(path.issue("\(x.brief) is below the minimum \(m.brief)"))
        }
        if let m = n.maximum, let c = JSONValue.compareNumbers(x, m), c > 0 {
            if quick { return Self.failed }
            out.append(path.issue("\(x.brief) is above the maximum \(m.brief)"))
        }
        if let p = n.pattern, case .string(let str) = x {
            if str.unicodeScalars.count > JSONSchemaValidator.longestPatternSubject || !(n.matcher?.matches(str) ?? false) {
                if quick { return Self.failed }
                out.append(path.issue("\(x.brief) does not match the pattern \(p)"))
            }
        }
        switch x {
        case .object(let members):
            out += checkObject(members, n, &path, quick: quick)
            if quick && !out.isEmpty { return Self.failed }
        case .array(let items):
            if let itemSchema = n.items {
                for (i, item) in items.enumerated() {
                    path.push(.index(i))
                    out += check(item, itemSchema, &path, quick: quick)
                    path.pop()
                    if quick && !out.isEmpty { return Self.failed }
                }
            }
        default: break
        }
        if let branches = n.oneOf {
            out += alternatives(x, branches, exactlyOne: true, &path, quick: quick)
            if quick && !out.isEmpty { return Self.failed }
        }
        if let branches = n.anyOf { out += alternatives(x, branches, exactlyOne: false, &path, quick: quick) }
        return quick && !out.isEmpty ? Self.failed : out
    }

    private func checkObject(
        _ members: JSONMembers, _ n: CompiledSchema.Node, _ path: inout SchemaInstancePath, quick: Bool
    ) -> [ProfileIssue] {
        var out: [ProfileIssue] = []
        for name in n.required where members[name] == nil {
            if quick { return Self.failed }
            path.push(.member(name))
            out.append(path.issue("required property is missing"))
            path.pop()
        }
        // Members are checked in storage order; their issues are reported in key order.
        var found: [(name: String, issues: [ProfileIssue])] = []
        for (name, value) in members {
            let sub = n.properties[name] ?? (n.additionalIsFalse ? nil : n.additional)
            if let sub {
                path.push(.member(name))
                let issues = check(value, sub, &path, quick: quick)
                path.pop()
                if !issues.isEmpty {
                    if quick { return Self.failed }
                    found.append((name, issues))
                }
            } else if n.additionalIsFalse {
                if quick { return Self.failed }
                path.push(.member(name))
                found.append((name, [path.issue("unknown property (expected one of \(n.propertyList))")]))
                path.pop()
            }
        }
        if found.count > 1 { found.sort { $0.name < $1.name } }
        for f in found { out += f.issues }
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
    private func alternatives(
        _ x: JSONValue, _ branches: [Int], exactlyOne: Bool, _ path: inout SchemaInstancePath, quick: Bool
    ) -> [ProfileIssue] {
        // First only which branches pass (issues are worded below, when they are reported).
        var passing = 0
        for b in branches where !failsOnAConstant(x, b) && check(x, b, &path, quick: true).isEmpty {
            passing += 1
            if !exactlyOne { return [] }
        }
        if passing == 1 { return [] }
        if quick { return Self.failed }
        if passing > 1 { return [path.issue("matches \(passing) alternatives, expected exactly one")] }
        var known: [[ProfileIssue]?] = branches.map { b in failsOnAConstant(x, b) ? nil : check(x, b, &path) }

        var discriminator: String? = nil
        var allowed: [JSONValue] = []
        var candidates: [Int] = []
        for (i, b) in branches.enumerated() {
            guard let consts = compiled.nodes[b].branchConstants else {
                candidates.append(i)
                continue
            }
            if consts.count == 1 {
                discriminator = discriminator ?? consts[0].key
                allowed.append(consts[0].value)
            }
            if consts.allSatisfy({ key, c in x[key].map { $0.schemaEquals(c) } ?? false }) { candidates.append(i) }
        }
        // A candidate's constants all match, so it was checked.
        if candidates.count == 1 { return known[candidates[0]] ?? check(x, branches[candidates[0]], &path) }
        if candidates.isEmpty, let key = discriminator, case .object = x {
            path.push(.member(key))
            defer { path.pop() }
            guard let found = x[key] else { return [path.issue("required property is missing")] }
            return [path.issue("expected one of \(allowed.map(\.brief).joined(separator: ", ")), found \(found.brief)")]
        }
        for (i, b) in branches.enumerated() where known[i] == nil { known[i] = check(x, b, &path) }
        let best = known.map { $0 ?? [] }.min { $0.count < $1.count } ?? []
        return [path.issue("\(x.brief) matches none of the \(branches.count) alternatives")] + best
    }

    /// Whether `x` is an object with a property that the branch `b`
    /// (through its `$ref`) gives a `const` other than its value: then
    /// checking `x` against `b` reports at least that property.
    private func failsOnAConstant(_ x: JSONValue, _ b: Int) -> Bool {
        guard case .object(let members) = x, let consts = compiled.nodes[b].branchConstants else { return false }
        for (key, c) in consts {
            if let v = members[key], !v.schemaEquals(c) { return true }
        }
        return false
    }
}
