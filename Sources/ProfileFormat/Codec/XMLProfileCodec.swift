import CaptureModel

/// Profiles as XML (`XMLProfile`), namespace `https://camprobe.dev/schema/profile/1`, read and written with
/// libxml2.
package struct XMLProfileCodec: ProfileCodec {
    package init() {}
    package var name: String { "xml" }
    package var fileExtensions: [String] { ["xml"] }
    package var mediaType: String { "application/xml" }
    package var opening: String { "'<'" }
    package func claims(_ content: ArraySlice<UInt8>) -> Bool { content.first == UInt8(ascii: "<") }
    package var schemaLanguage: String { "XSD" }
    package var schemaFile: String { "Profiles/schema/camprobe-profile.xsd" }
    package var schemaText: String { ProfileSchemas.xsd }

    /// `xmlTextWriter`, libxml2 loaded with `dlopen` on first use (`XMLProfile.write`).
    package func encode(_ document: DeviceDocument) throws(ProfileReadError) -> String { try XMLProfile.write(document) }
    /// `xmlCtxtReadMemory`, then `xmlSchemaValidateDoc` (`XMLProfile.read`); every issue carries a line.
    package func decode(_ bytes: [UInt8]) throws(ProfileReadError) -> DeviceDocument { try XMLProfile.read(bytes) }
    package func validate(_ bytes: [UInt8]) -> [ProfileIssue] { XMLProfile.validate(bytes) }

    /// `&#xB5;`: a character reference in upper-case hex.
    package func escape(_ scalar: Unicode.Scalar) -> String { "&#x" + String(scalar.value, radix: 16, uppercase: true) + ";" }
}
