/// The two built-in profile encodings by name, for code that reads each its own way (the fuzz harness keeps
/// a corpus per encoding). Everything else picks an encoding from `ProfileCodecs.all`.
package enum ProfileEncoding: String, Sendable, CaseIterable, Codable {
    /// `JSONProfileCodec`.
    case json
    /// `XMLProfileCodec`.
    case xml

    /// The built-in encoding `ProfileCodecs.detect` finds for the document, nil when none claims it.
    package static func detect(_ bytes: some Sequence<UInt8>) -> ProfileEncoding? {
        ProfileCodecs.detect(Array(bytes)).flatMap { ProfileEncoding(rawValue: $0.name) }
    }

    /// The usual file extension.
    package var fileExtension: String { rawValue }
}
