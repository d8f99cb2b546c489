internal import CLibXML2

/// Validates a parsed document against `ProfileSchemas.xsd`.
enum XSDValidator {
    /// `xmlSchemaNewMemParserCtxt` → `xmlSchemaParse` → `xmlSchemaNewValidCtxt`
    /// → `xmlSchemaSetValidStructuredErrors` → `xmlSchemaValidateDoc`.
    /// Every libxml2 message comes back with its line; empty means valid.
    static func validate(_ document: XMLDocument) -> [ProfileIssue] {
        LibXML.prepare()
        let sink = XMLErrorSink()
        return sink.withContext { context -> [ProfileIssue] in
            // The schema text must outlive xmlSchemaParse, which reads the memory the
            // parser context was given: parse inside the buffer's scope.
            let xsd = Array(ProfileSchemas.xsd.utf8)
            let parsed: OpaquePointer? = xsd.withUnsafeBufferPointer { buf -> OpaquePointer? in
                buf.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buf.count) { base -> OpaquePointer? in
                    guard let parserContext = xmlSchemaNewMemParserCtxt(base, Int32(buf.count)) else { return nil }
                    defer { xmlSchemaFreeParserCtxt(parserContext) }
                    xmlSchemaSetParserStructuredErrors(parserContext, XMLErrorSink.handler, context)
                    return xmlSchemaParse(parserContext)
                }
            }
            guard let schema = parsed else {
                return [ProfileIssue(message: "the embedded XSD does not parse")] + sink.issues
            }
            defer { xmlSchemaFree(schema) }
            guard let validator = xmlSchemaNewValidCtxt(schema) else {
                return [ProfileIssue(message: "libxml2 could not create a schema validator")]
            }
            defer { xmlSchemaFreeValidCtxt(validator) }
            xmlSchemaSetValidStructuredErrors(validator, XMLErrorSink.handler, context)
            let result = xmlSchemaValidateDoc(validator, document.doc)
            if result != 0 && sink.issues.isEmpty {
                return [
                    ProfileIssue(message: result < 0 ? "libxml2 internal error while validating" : "the document does not match the schema")
                ]
            }
            return result == 0 ? [] : sink.issues
        }
    }
}
