import CaptureModel

/// Profiles as JSON (`JSONProfile`): the document `camprobe show --json` writes.
package struct JSONProfileCodec: ProfileCodec {
    package init() {}
    package var name: String { "json" }
    package var fileExtensions: [String] { ["json"] }
    package var mediaType: String { "application/json" }
    package var opening: String { "'{'" }
    package func claims(_ content: ArraySlice<UInt8>) -> Bool { content.first == UInt8(ascii: "{") }
    package var schemaLanguage: String { "JSON Schema" }
    package var schemaFile: String { "Profiles/schema/camprobe-profile.schema.json" }
    package var schemaText: String { ProfileSchemas.jsonSchema }

    package func encode(_ document: DeviceDocument) -> String { JSONProfile.write(document) }
    package func decode(_ bytes: [UInt8]) throws(ProfileReadError) -> DeviceDocument { try JSONProfile.read(bytes) }
    package func validate(_ bytes: [UInt8]) -> [ProfileIssue] { JSONProfile.validate(bytes) }

    /// Parsed once (`JSONProfile.parse`): its `schemaVersion` is looked at before the schema is checked.
    package func open(_ bytes: [UInt8]) -> ProfileDraft {
        let parsed = JSONProfile.parse(bytes)
        return ProfileDraft(declaredSchemaVersion: parsed.declaredSchemaVersion) { () throws(ProfileReadError) in try parsed.read() }
    }

    /// `\u00b5`: each UTF-16 unit as four lower-case hex digits (a pair above U+FFFF).
    package func escape(_ scalar: Unicode.Scalar) -> String {
        String(scalar).utf16.map { unit in
            let hex = String(unit, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }.joined()
    }
}
