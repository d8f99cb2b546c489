internal import CLibXML2

/// A parsed XML document (`xmlDocPtr`), freed with `xmlFreeDoc`. Confined to
/// the call that parsed it.
final class XMLDocument {
    let doc: xmlDocPtr

    private init(_ doc: xmlDocPtr) { self.doc = doc }
    deinit { cxml_xmlFreeDoc(doc) }

    /// The root element.
    var root: XMLNode? { cxml_xmlDocGetRootElement(doc).map(XMLNode.init) }

    /// Parses with `xmlCtxtReadMemory`: UTF-8 forced, `XML_PARSE_NONET` and
    /// `XML_PARSE_BIG_LINES` only (no `NOENT`, no `DTDLOAD`, no `HUGE`).
    /// Raw bytes are screened first (`XMLInputGuard`); after parsing, a DTD,
    /// an entity reference or nesting deeper than `XMLInputGuard.maximumDepth`
    /// is refused.
    static func parse(_ bytes: [UInt8]) -> Result<XMLDocument, ProfileReadError> {
        do { try LibXML.prepare() } catch { return .failure(error) }
        let screened = XMLInputGuard.check(bytes)
        guard screened.isEmpty else { return .failure(ProfileReadError(issues: screened)) }
        guard let ctxt = cxml_xmlNewParserCtxt() else { return .failure(ProfileReadError(ProfileIssue(message: "libxml2: out of memory"))) }
        defer { cxml_xmlFreeParserCtxt(ctxt) }
        let sink = XMLErrorSink()
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_BIG_LINES.rawValue)
        let parsed: xmlDocPtr? = sink.withContext { context in
            ctxt.pointee._private = context
            ctxt.pointee.sax.pointee.serror = XMLErrorSink.parserHandler
            defer { ctxt.pointee._private = nil }
            return bytes.withUnsafeBufferPointer { buf in
                buf.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buf.count) {
                    cxml_xmlCtxtReadMemory(ctxt, $0, Int32(buf.count), "profile.xml", "UTF-8", options)
                }
            }
        }
        guard let parsed else {
            let issues = sink.issues.isEmpty ? [ProfileIssue(message: "not a well-formed XML document")] : sink.issues
            return .failure(ProfileReadError(issues: issues))
        }
        let document = XMLDocument(parsed)
        if parsed.pointee.intSubset != nil || parsed.pointee.extSubset != nil {
            return .failure(ProfileReadError(ProfileIssue(message: "the document has a DTD; profiles must not")))
        }
        if let bad = document.root?.firstStructuralProblem(maximumDepth: XMLInputGuard.maximumDepth) {
            return .failure(ProfileReadError(bad))
        }
        return .success(document)
    }
}

/// One node of an `XMLDocument`, valid while the document lives.
struct XMLNode {
    let node: xmlNodePtr

    /// The local name (`node->name`).
    var name: String { String(cString: node.pointee.name) }
    /// The line it starts on (`xmlGetLineNo`).
    var line: Int { Int(cxml_xmlGetLineNo(node)) }

    /// The element children, in order (text, comments and PIs skipped).
    var elements: [XMLNode] {
        var out: [XMLNode] = []
        var c = node.pointee.children
        while let n = c {
            if n.pointee.type == XML_ELEMENT_NODE { out.append(XMLNode(node: n)) }
            c = n.pointee.next
        }
        return out
    }

    /// An attribute without a namespace (`xmlGetNoNsProp`).
    func attribute(_ name: String) -> String? {
        guard let v = cxml_xmlGetNoNsProp(node, name) else { return nil }
        defer { cxml_free(v) }
        return String(cString: v)
    }

    /// The text content (`xmlNodeGetContent`).
    var text: String {
        guard let v = cxml_xmlNodeGetContent(node) else { return "" }
        defer { cxml_free(v) }
        return String(cString: v)
    }

    /// An entity reference, a DTD node or elements nested deeper than
    /// `maximumDepth`, found without recursion.
    func firstStructuralProblem(maximumDepth: Int) -> ProfileIssue? {
        var stack: [(xmlNodePtr, Int)] = [(node, 1)]
        while let (n, depth) = stack.popLast() {
            switch n.pointee.type {
            case XML_ENTITY_REF_NODE, XML_ENTITY_NODE, XML_ENTITY_DECL, XML_DTD_NODE:
                return ProfileIssue(line: Int(cxml_xmlGetLineNo(n)), message: "entity references and DTDs are not allowed in a profile")
            case XML_ELEMENT_NODE:
                if depth > maximumDepth {
                    return ProfileIssue(
                        line: Int(cxml_xmlGetLineNo(n)), message: "elements nested deeper than \(maximumDepth) levels; not a profile")
                }
                var c = n.pointee.children
                while let child = c {
                    stack.append((child, depth + 1))
                    c = child.pointee.next
                }
            default: break
            }
        }
        return nil
    }
}
