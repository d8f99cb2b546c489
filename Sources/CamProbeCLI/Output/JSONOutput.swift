import FoundationEssentials

/// Pretty-printed JSON on stdout.
enum JSONOutput {
    static func print<T: Encodable>(_ value: T) throws {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try e.encode(value)
        Swift.print(String(decoding: data, as: UTF8.self))
    }
}
