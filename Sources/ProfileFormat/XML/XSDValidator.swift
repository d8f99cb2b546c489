internal import CLibXML2

/// Validates a parsed document against `ProfileSchemas.xsd`.
enum XSDValidator {
    /// `xmlSchemaNewMemParserCtxt` → `xmlSchemaParse` → `xmlSchemaNewValidCtxt`
    /// → `xmlSchemaSetValidStructuredErrors` → `xmlSchemaValidateDoc`.
    /// Every libxml2 message comes back with its line; empty means valid.
    static func validate(_ document: XMLDocument) -> [ProfileIssue] {
        do { try LibXML.prepare() } catch { return error.issues }
        let sink = XMLErrorSink()
        return sink.withContext { context -> [ProfileIssue] in
            // The schema text must outlive xmlSchemaParse, which reads the memory the
            // parser context was given: parse inside the buffer's scope.
            let xsd = Array(ProfileSchemas.xsd.utf8)
            let parsed: OpaquePointer? = xsd.withUnsafeBufferPointer { buf -> OpaquePointer? in
                buf.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buf.count) { base -> OpaquePointer? in
                    guard let parserContext = cxml_xmlSchemaNewMemParserCtxt(base, Int32(buf.count)) else { return nil }
                    defer { cxml_xmlSchemaFreeParserCtxt(parserContext) }
                    cxml_xmlSchemaSetParserStructuredErrors(parserContext, XMLErrorSink.handler, context)
                    return cxml_xmlSchemaParse(parserContext)
                }
            }
            guard let schema = parsed else {
                return [ProfileIssue(message: "the embedded XSD does not parse")] + sink.issues
            }
            defer { cxml_xmlSchemaFree(schema) }
            guard let validator = cxml_xmlSchemaNewValidCtxt(schema) else {
                return [ProfileIssue(message: "libxml2 could not create a schema validator")]
            }
            defer { cxml_xmlSchemaFreeValidCtxt(validator) }
            cxml_xmlSchemaSetValidStructuredErrors(validator, XMLErrorSink.handler, context)
            let result = cxml_xmlSchemaValidateDoc(validator, document.doc)
            if result != 0 && sink.issues.isEmpty {
                return [
                    ProfileIssue(message: result < 0 ? "libxml2 internal error while validating" : "the document does not match the schema")
                ]
            }
            return result == 0 ? [] : sink.issues
        }
    }
}
