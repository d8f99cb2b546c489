/// Every profile encoding camprobe reads and writes: a new one is one `ProfileCodec` type and one line in
/// `all`. Each look-up takes the list, `all` unless a caller (a test's toy codec) adds to it.
package enum ProfileCodecs {
    /// JSON first: the encoding written when none is named, and the one a profile saved in several is read from.
    package static let all: [any ProfileCodec] = [JSONProfileCodec(), XMLProfileCodec()]

    /// The encoding written when none is named (`--format` left out): the first of `all`.
    package static var standard: any ProfileCodec { all[0] }

    /// The codec `--format NAME` names.
    package static func named(_ name: String, among codecs: [any ProfileCodec] = all) -> (any ProfileCodec)? {
        codecs.first { $0.name == name }
    }

    /// The codec whose extension `path` ends with (`c525.json`), and the path without it (`c525`).
    package static func file(_ path: String, among codecs: [any ProfileCodec] = all) -> (codec: any ProfileCodec, stem: Substring)? {
        for c in codecs {
            for ext in c.fileExtensions where path.hasSuffix("." + ext) { return (c, path.dropLast(ext.count + 1)) }
        }
        return nil
    }

    /// The codec whose extension `path` ends with.
    package static func codec(forPath path: String, among codecs: [any ProfileCodec] = all) -> (any ProfileCodec)? {
        file(path, among: codecs)?.codec
    }

    /// The codec that claims the document, told from its first byte that is not blank (space, tab, LF, CR, and
    /// at most the three bytes of a UTF-8 byte order mark); nil when none does.
    package static func detect(_ bytes: [UInt8], among codecs: [any ProfileCodec] = all) -> (any ProfileCodec)? {
        var skippedBOM = 0
        for (i, b) in bytes.enumerated() {
            switch b {
            case 0xEF, 0xBB, 0xBF:
                guard skippedBOM < 3 else { return nil }
                skippedBOM += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): continue
            default: return codecs.first { $0.claims(bytes[i...]) }
            }
        }
        return nil
    }

    /// How every codec's documents start, for a file none claims: `starts with neither '{' (JSON) nor '<' (XML)`.
    package static func startsWithNone(among codecs: [any ProfileCodec] = all) -> String {
        let each = codecs.map { "\($0.opening) (\($0.displayName))" }
        switch each.count {
        case 0: return "is no profile encoding's"
        case 1: return "does not start with " + each[0]
        case 2: return "starts with neither \(each[0]) nor \(each[1])"
        default: return "starts with none of " + sentence(each)
        }
    }

    /// The codecs' names as `--format` help says them: `json or xml`.
    package static func names(among codecs: [any ProfileCodec] = all) -> String { sentence(codecs.map(\.name)) }

    /// The codecs' names in sentences: `JSON or XML`.
    package static func displayNames(among codecs: [any ProfileCodec] = all) -> String { sentence(codecs.map(\.displayName)) }

    /// Every file extension, dotted: `.json or .xml`.
    package static func extensions(among codecs: [any ProfileCodec] = all) -> String {
        sentence(codecs.flatMap { $0.fileExtensions.map { "." + $0 } })
    }

    /// `a`, `a or b`, `a, b or c`.
    package static func sentence(_ words: [String]) -> String {
        guard words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1]
    }
}
