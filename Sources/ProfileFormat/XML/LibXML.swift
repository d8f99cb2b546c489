internal import CLibXML2

/// libxml2 set-up shared by the writer, the reader and the validator.
enum LibXML {
    /// `dlopen("libxml2.so.2")` and `xmlInitParser`, once per process (Swift runs
    /// a static initializer once, thread-safely). libxml2 (and the ICU it loads)
    /// is mapped only when a command first reads, writes or validates XML, so
    /// start-up does not pay for it; nil when it loaded, else why it did not.
    static let loadFailure: ProfileIssue? = {
        guard cxml_load() == 1 else {
            let why = String(cString: cxml_load_error())
            return ProfileIssue(
                message:
                    "XML needs libxml2, which could not be loaded (\(why)); install it (Debian: apt install libxml2) or use JSON profiles")
        }
        cxml_xmlInitParser()
        return nil
    }()

    /// Loads and initialises libxml2 and, for the calling thread (libxml2 keeps
    /// its error handler per thread), replaces the default handler that prints to
    /// stderr with a silent one: every message camprobe wants comes back through
    /// the per-context structured handlers as a `ProfileIssue`. Throws when
    /// libxml2 cannot be loaded.
    static func prepare() throws(ProfileReadError) {
        if let loadFailure { throw ProfileReadError(loadFailure) }
        cxml_xmlSetStructuredErrorFunc(nil, XMLErrorSink.silent)
    }
}

/// Collects libxml2's structured errors (`xmlError`) as `ProfileIssue`s.
///
/// Handed to C as an unretained `void *` for the length of one call; it is
/// never shared between threads, so it needs no Sendable conformance.
final class XMLErrorSink {
    var issues: [ProfileIssue] = []

    /// Runs `body` with the sink's address as libxml2's user-data pointer.
    func withContext<R>(_ body: (UnsafeMutableRawPointer) -> R) -> R {
        withExtendedLifetime(self) { body(Unmanaged.passUnretained(self).toOpaque()) }
    }

    /// The one `xmlStructuredErrorFunc` of the module.
    ///
    /// The C signature differs between libxml2 versions: 2.9 passes
    /// `xmlErrorPtr` (`UnsafeMutablePointer<xmlError>`), 2.12 and later
    /// `const xmlError *` (`UnsafePointer<xmlError>`). The closure's parameter
    /// types are inferred from the imported typedef and the body only goes
    /// through `UnsafeRawPointer`, which both convert to, so this compiles
    /// against either; nothing else in the module names the type.
    /// Its user data is the sink (schema parser and validator contexts).
    static let handler: xmlStructuredErrorFunc = { context, error in
        guard let context, let raw = UnsafeRawPointer(error) else { return }
        Unmanaged<XMLErrorSink>.fromOpaque(context).takeUnretainedValue().record(raw)
    }

    /// Swallows what no context asked for (libxml2's global, per-thread handler).
    static let silent: xmlStructuredErrorFunc = { _, _ in }

    /// The same for a parser context's `sax->serror`, whose user data is the
    /// `xmlParserCtxt` itself; the sink rides in the context's `_private`.
    static let parserHandler: xmlStructuredErrorFunc = { context, error in
        guard let context, let raw = UnsafeRawPointer(error),
            let sink = context.assumingMemoryBound(to: xmlParserCtxt.self).pointee._private
        else { return }
        Unmanaged<XMLErrorSink>.fromOpaque(sink).takeUnretainedValue().record(raw)
    }

    private func record(_ raw: UnsafeRawPointer) {
        let e = raw.assumingMemoryBound(to: xmlError.self).pointee
        var text = e.message.map { String(cString: $0) } ?? "libxml2 error \(e.code)"
        while let last = text.last, last.isWhitespace { text.removeLast() }
        issues.append(ProfileIssue(line: e.line > 0 ? Int(e.line) : nil, message: text))
    }
}
