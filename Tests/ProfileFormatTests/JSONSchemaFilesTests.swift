import CaptureModel
import FoundationEssentials
import Testing

@testable import ProfileFormat

@Suite("Schemas: published files and the model")
struct JSONSchemaFilesTests {
    /// The build-tool plugin embeds `Profiles/schema/*` byte for byte: the
    /// text `ProfileSchemas` returns (and `camprobe profile schema` prints) is the file.
    @Test(arguments: [("camprobe-profile.xsd", ProfileSchemas.xsd), ("camprobe-profile.schema.json", ProfileSchemas.jsonSchema)])
    func embeddedTextEqualsFileOnDisk(name: String, embedded: String) throws {
        let file = try ProfileTestFiles.bytes(ProfileTestFiles.root + "/Profiles/schema/" + name)
        #expect(!file.isEmpty)
        #expect(Array(embedded.utf8) == file)
    }

    /// The flag names the schemas accept are exactly the model's, in both forms.
    @Test func flagNamesMatchTheModel() {
        let defs = JSONProfile.schemaValidator.schema["$defs"]
        func names(_ def: String) -> [String] {
            guard case .array(let any)? = defs?[def]?["items"]?["anyOf"], case .array(let e)? = any.first?["enum"] else { return [] }
            return e.compactMap { if case .string(let s) = $0 { s } else { nil } }
        }
        let model: [(String, [String])] = [
            ("capabilityFlags", CapabilityFlags.names.map(\.1)), ("formatFlags", FormatFlags.names.map(\.1)),
            ("controlFlags", ControlFlags.names.map(\.1)),
        ]
        for (def, expected) in model {
            #expect(names(def) == expected, "\(def)")
            for n in expected { #expect(ProfileSchemas.xsd.contains("<xs:enumeration value=\"\(n)\"/>"), "\(n) missing from the XSD") }
        }
    }
}
