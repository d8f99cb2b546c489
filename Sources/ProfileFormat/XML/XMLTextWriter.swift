internal import CLibXML2

/// A thin owner of libxml2's `xmlTextWriter` writing UTF-8 into memory.
/// Confined to one call; no C type leaves it.
final class XMLTextWriter {
    private let buffer: xmlBufferPtr
    private var writer: xmlTextWriterPtr?

    /// `xmlBufferCreate` → `xmlNewTextWriterMemory` → `xmlTextWriterSetIndent`
    /// → `xmlTextWriterStartDocument(w, nil, "UTF-8", nil)`.
    /// Throws when libxml2 cannot be loaded.
    init() throws(ProfileReadError) {
        try LibXML.prepare()
        buffer = cxml_xmlBufferCreate()
        writer = cxml_xmlNewTextWriterMemory(buffer, 0)
        cxml_xmlTextWriterSetIndent(writer, 1)
        cxml_xmlTextWriterSetIndentString(writer, "  ")
        cxml_xmlTextWriterStartDocument(writer, nil, "UTF-8", nil)
    }

    deinit {
        if let writer { cxml_xmlFreeTextWriter(writer) }
        cxml_xmlBufferFree(buffer)
    }

    /// `xmlTextWriterStartElement`.
    func start(_ name: String) { cxml_xmlTextWriterStartElement(writer, name) }
    /// `xmlTextWriterEndElement`.
    func end() { cxml_xmlTextWriterEndElement(writer) }

    /// `xmlTextWriterWriteAttribute`; nothing when `value` is nil.
    func attribute(_ name: String, _ value: String?) {
        guard let value else { return }
        cxml_xmlTextWriterWriteAttribute(writer, name, XMLTextWriter.clean(value))
    }
    func attribute(_ name: String, _ value: (some BinaryInteger)?) { attribute(name, value.map { String($0) }) }
    func attribute(_ name: String, _ value: Bool) { attribute(name, value ? "true" : "false") }

    /// `xmlTextWriterWriteElement`: `<name>text</name>`.
    func element(_ name: String, _ text: String) { cxml_xmlTextWriterWriteElement(writer, name, XMLTextWriter.clean(text)) }

    /// `xmlTextWriterWriteString`: escaped character data inside the open element.
    func text(_ text: String) { cxml_xmlTextWriterWriteString(writer, XMLTextWriter.clean(text)) }

    /// `xmlTextWriterEndDocument`, then `xmlFreeTextWriter` (which flushes),
    /// then `xmlBufferContent`.
    func finish() -> String {
        cxml_xmlTextWriterEndDocument(writer)
        if let writer { cxml_xmlFreeTextWriter(writer) }
        writer = nil
        return String(cString: cxml_xmlBufferContent(buffer))
    }

    /// XML 1.0 cannot carry NUL, most C0 controls, lone surrogates or U+FFFE/U+FFFF,
    /// not even as character references; they become U+FFFD so the output
    /// always parses.
    static func clean(_ s: String) -> String {
        func allowed(_ u: Unicode.Scalar) -> Bool {
            switch u.value {
            case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
            default: false
            }
        }
        guard !s.unicodeScalars.allSatisfy(allowed) else { return s }
        var out = String.UnicodeScalarView()
        for u in s.unicodeScalars { out.append(allowed(u) ? u : "\u{FFFD}") }
        return String(out)
    }
}
