/// Joins a schema that refers to definitions in other published schema files
/// (`"$ref": "camprobe-profile.schema.json#/$defs/device"`) with those files, so
/// `JSONSchemaValidator` (which resolves `#/$defs/…` only) can check it: every
/// `$defs` entry of each other file is added to the schema's own `$defs` (its own
/// entries win a name clash), and each `FILE#/$defs/NAME` reference becomes
/// `#/$defs/NAME`, in the schema and in the definitions brought in (which may name a
/// third file's). Each file's references to its own definitions are already `#/$defs/…`.
enum SchemaBundle {
    /// `schema` with the `$defs` of `files` (file name → parsed schema) merged in.
    static func merged(_ schema: JSONValue, files: [String: JSONValue]) -> JSONValue {
        guard case .object(var root) = rewritten(schema, files: Set(files.keys)) else { return schema }
        var defs = JSONMembers()
        if case .object(let own)? = root["$defs"] { defs = own }
        for name in files.keys.sorted() {
            guard case .object(let theirs)? = files[name]?["$defs"] else { continue }
            for (key, value) in theirs { defs.addFirst(key, value) }
        }
        root["$defs"] = .object(defs)
        // Definitions brought in from one file may refer to another file's (negotiate's `choice` names the profile's `fourcc`).
        return rewritten(.object(root), files: Set(files.keys))
    }

    /// `value` with every `$ref` into one of `files` pointed at the merged `$defs`.
    private static func rewritten(_ value: JSONValue, files: Set<String>) -> JSONValue {
        switch value {
        case .object(let members):
            var out = JSONMembers()
            for (key, member) in members {
                if key == "$ref", case .string(let ref) = member, let hash = ref.firstIndex(of: "#"),
                    files.contains(String(ref[..<hash]))
                {
                    out[key] = .string(String(ref[hash...]))
                } else {
                    out[key] = rewritten(member, files: files)
                }
            }
            return .object(out)
        case .array(let items): return .array(items.map { rewritten($0, files: files) })
        default: return value
        }
    }
}
