import CaptureModel

/// A device profile as XML, namespace `https://camprobe.dev/schema/profile/1`,
/// described by `ProfileSchemas.xsd` (`Profiles/schema/camprobe-profile.xsd`).
package enum XMLProfile {
    /// The document as XML, written with libxml2's `xmlTextWriter`
    /// (`xmlNewTextWriterMemory`, `xmlTextWriterStartElement`,
    /// `xmlTextWriterWriteAttribute`, `xmlTextWriterWriteElement`).
    ///
    /// Characters XML 1.0 cannot carry at all (NUL and other C0 controls
    /// except tab, LF and CR) are written as U+FFFD. libxml2 is loaded with
    /// `dlopen` on first use; this throws only when it cannot be loaded.
    package static func write(_ document: DeviceDocument) throws(ProfileReadError) -> String {
        try XMLProfileWriter.write(document)
    }

    /// Parses (`xmlCtxtReadMemory` with `XML_PARSE_NONET` only), validates
    /// against the XSD (`xmlSchemaValidateDoc`) and maps the result to the model.
    ///
    /// Refuses input over 64 MiB, a DOCTYPE (so no entity is ever declared or
    /// expanded), non-UTF-8 input and nesting deeper than 32 elements. Every
    /// issue carries a line number.
    package static func read(_ bytes: [UInt8]) throws(ProfileReadError) -> DeviceDocument {
        let document = try XMLDocument.parse(bytes).get()
        let issues = XSDValidator.validate(document)
        guard issues.isEmpty else { throw ProfileReadError(issues: issues) }
        guard let root = document.root else { throw ProfileReadError(ProfileIssue(message: "the document has no root element")) }
        do {
            return try XMLProfileReader.read(root)
        } catch {
            throw ProfileReadError(error.issue)
        }
    }

    /// Issues found by parsing, by validating against the XSD
    /// (`xmlSchemaValidateDoc`, messages from `xmlSchemaSetValidStructuredErrors`)
    /// and by reading the document as `read` does, so `validate` and `read`
    /// agree on every file; empty when the document is valid.
    package static func validate(_ bytes: [UInt8]) -> [ProfileIssue] {
        do throws(ProfileReadError) {
            _ = try read(bytes)
            return []
        } catch {
            return error.issues
        }
    }
}
