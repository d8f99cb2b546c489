import HTTPTypes

/// Request bodies turned into the arguments of the command that answers them, each value one argument (`--name=value`),
/// so nothing in a body can become an option of its own.
enum Requests {
    /// A negotiation's options: `preset`, or `width`+`height` (or `size`), `fps`, `minFps`, `maxFps`, `format`
    /// (a string or a list), `aspect`, and the flags `atLeast`, `nearest`, `raw`, `compressed`, `nativeOnly`,
    /// `strict`, `ignoreBus`, `explain`.
    static func negotiation(_ body: [String: JSONValue]) throws(ConsoleError) -> [String] {
        var args: [String] = []
        let options = ["preset": "preset", "size": "size", "fps": "fps", "minFps": "min-fps", "maxFps": "max-fps", "aspect": "aspect"]
        let flags = [
            "atLeast": "at-least", "nearest": "nearest", "raw": "raw", "compressed": "compressed", "nativeOnly": "native-only",
            "strict": "strict", "ignoreBus": "ignore-bus", "explain": "explain",
        ]
        let known = Set(options.keys).union(flags.keys).union(["width", "height", "format"])
        if let unknown = body.keys.sorted().first(where: { !known.contains($0) }) {
            throw ConsoleError(.badRequest, "unknown field '\(unknown)'; the fields are " + known.sorted().joined(separator: ", "))
        }
        for (key, option) in options.sorted(by: { $0.key < $1.key }) {
            guard let v = body[key], v != .null else { continue }
            if case .bool = v { throw ConsoleError(.badRequest, "'\(key)' must be a string or a number") }
            guard let text = v.argumentText else { throw ConsoleError(.badRequest, "'\(key)' must be a string or a number") }
            args.append("--\(option)=\(text)")
        }
        switch (body["width"], body["height"]) {
        case (nil, nil): break
        case (.some(let w), .some(let h)):
            guard case .number = w, case .number = h, let wt = w.argumentText, let ht = h.argumentText else {
                throw ConsoleError(.badRequest, "'width' and 'height' must be numbers")
            }
            if body["size"] != nil { throw ConsoleError(.badRequest, "give 'size' or 'width' and 'height', not both") }
            args.append("--size=\(wt)x\(ht)")
        default: throw ConsoleError(.badRequest, "give both 'width' and 'height'")
        }
        switch body["format"] {
        case nil, .null?: break
        case .string(let f)?: args.append("--format=\(f)")
        case .array(let list)?:
            for item in list {
                guard case .string(let f) = item else { throw ConsoleError(.badRequest, "'format' must be a string or a list of strings") }
                args.append("--format=\(f)")
            }
        default: throw ConsoleError(.badRequest, "'format' must be a string or a list of strings")
        }
        for (key, flag) in flags.sorted(by: { $0.key < $1.key }) {
            switch body[key] {
            case nil, .null?, .bool(false)?: continue
            case .bool(true)?: args.append("--\(flag)")
            default: throw ConsoleError(.badRequest, "'\(key)' must be true or false")
            }
        }
        return args
    }

    /// `ctl`'s assignments from `{"brightness": 100, "focus": "locked:120"}`: each name a control's key or a
    /// semantic name (letters, digits, `_`, `-`, `.`), each value a number, a string or true/false.
    static func assignments(_ body: [String: JSONValue]) throws(ConsoleError) -> [String] {
        guard !body.isEmpty else { throw ConsoleError(.badRequest, "give at least one control, e.g. {\"brightness\": 100}") }
        guard body.count <= 64 else { throw ConsoleError(.badRequest, "at most 64 controls in one request") }
        var out: [String] = []
        for (name, value) in body.sorted(by: { $0.key < $1.key }) {
            guard !name.isEmpty, name.count <= 64, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "_-.".contains($0)) })
            else { throw ConsoleError(.badRequest, "'\(name.prefix(64))' is not a control name") }
            guard let text = value.argumentText, !text.contains(where: { $0 == "\n" || $0 == "\0" }) else {
                throw ConsoleError(.badRequest, "the value of '\(name)' must be a number, a string or true/false")
            }
            out.append("\(name)=\(text)")
        }
        return out
    }

    /// The IDs in field `key` (a list of strings), each one of `known`; else 400 or 404.
    static func deviceIDs(_ body: [String: JSONValue], _ key: String, known: Set<String>, required: Bool) throws(ConsoleError) -> [String] {
        guard let v = body[key], v != .null else {
            if required { throw ConsoleError(.badRequest, "give '\(key)': a list of device IDs (GET /api/devices lists them)") }
            return []
        }
        guard case .array(let list) = v, list.count <= 32 else {
            throw ConsoleError(.badRequest, "'\(key)' must be a list of at most 32 device IDs")
        }
        var ids: [String] = []
        for item in list {
            guard case .string(let id) = item else { throw ConsoleError(.badRequest, "'\(key)' must hold device IDs as strings") }
            guard known.contains(id) else {
                throw ConsoleError(.notFound, "no device '\(id.prefix(80))' here; GET /api/devices lists them")
            }
            ids.append(id)
        }
        return ids
    }
}
