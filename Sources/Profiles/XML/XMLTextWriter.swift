internal import CLibXML2

/// A thin owner of libxml2's `xmlTextWriter` writing UTF-8 into memory.
/// Confined to one call; no C type leaves it.
final class XMLTextWriter {
    private let buffer: xmlBufferPtr
    private var writer: xmlTextWriterPtr?

    /// `xmlBufferCreate` → `xmlNewTextWriterMemory` → `xmlTextWriterSetIndent`
    /// → `xmlTextWriterStartDocument(w, nil, "UTF-8", nil)`.
    init() {
        LibXML.prepare()
        buffer = xmlBufferCreate()
        writer = xmlNewTextWriterMemory(buffer, 0)
        xmlTextWriterSetIndent(writer, 1)
        xmlTextWriterSetIndentString(writer, "  ")
        xmlTextWriterStartDocument(writer, nil, "UTF-8", nil)
    }

    deinit {
        if let writer { xmlFreeTextWriter(writer) }
        xmlBufferFree(buffer)
    }

    /// `xmlTextWriterStartElement`.
    func start(_ name: String) { xmlTextWriterStartElement(writer, name) }
    /// `xmlTextWriterEndElement`.
    func end() { xmlTextWriterEndElement(writer) }

    /// `xmlTextWriterWriteAttribute`; nothing when `value` is nil.
    func attribute(_ name: String, _ value: String?) {
        guard let value else { return }
        xmlTextWriterWriteAttribute(writer, name, XMLTextWriter.clean(value))
    }
    func attribute(_ name: String, _ value: (some BinaryInteger)?) { attribute(name, value.map { String($0) }) }
    func attribute(_ name: String, _ value: Bool) { attribute(name, value ? "true" : "false") }

    /// `xmlTextWriterWriteElement`: `<name>text</name>`.
    func element(_ name: String, _ text: String) { xmlTextWriterWriteElement(writer, name, XMLTextWriter.clean(text)) }

    /// `xmlTextWriterWriteString`: escaped character data inside the open element.
    func text(_ text: String) { xmlTextWriterWriteString(writer, XMLTextWriter.clean(text)) }

    /// `xmlTextWriterEndDocument`, then `xmlFreeTextWriter` (which flushes),
    /// then `xmlBufferContent`.
    func finish() -> String {
        xmlTextWriterEndDocument(writer)
        if let writer { xmlFreeTextWriter(writer) }
        writer = nil
        return String(cString: xmlBufferContent(buffer))
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
