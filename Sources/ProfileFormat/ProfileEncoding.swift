/// The two on-disk forms of a device profile.
package enum ProfileEncoding: String, Sendable, CaseIterable, Codable {
    /// The document `camprobe show --json` writes; schema `Profiles/schema/camprobe-profile.schema.json`.
    case json
    /// The same model as XML; schema `Profiles/schema/camprobe-profile.xsd`.
    case xml

    /// The form of a document from its first non-blank byte (`{` JSON, `<` XML),
    /// nil when it is neither.
    package static func detect(_ bytes: some Sequence<UInt8>) -> ProfileEncoding? {
        var skippedBOM = 0
        for b in bytes {
            switch b {
            case 0xEF, 0xBB, 0xBF:
                guard skippedBOM < 3 else { return nil }
                skippedBOM += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): continue
            case UInt8(ascii: "{"): return .json
            case UInt8(ascii: "<"): return .xml
            default: return nil
            }
        }
        return nil
    }

    /// The usual file extension.
    package var fileExtension: String { rawValue }
}
