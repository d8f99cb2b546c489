import CamProbe
import HostSystem
import ProfileFormat

#if canImport(Glibc)
    import Glibc
#endif

/// Writes one profile document where `-o` says: standard output for `-`, else a
/// file (named after the stable ID in a directory), atomically; returns the path.
enum ProfileOutput {
    /// `overwrite: false` refuses to replace an existing file (imports: two pastes must not silently become one).
    static func write(_ doc: DeviceDocument, format: any ProfileCodec, output: String?, overwrite: Bool = true) throws -> String? {
        let text = try format.encode(doc)
        if output == "-" {
            // A document, written as it is (each encoding escapes what it must).
            let bytes = Array(text.utf8) + (text.hasSuffix("\n") ? [] : [0x0A])
            StandardOutput.raw(forStandardOutput(bytes, format))
            return nil
        }
        let path = ProfilePaths.destination(output, id: doc.device.id, format: format)
        if !overwrite && access(path, F_OK) == 0 {
            throw CLIError(message: "\(path) already exists: not overwritten (--force replaces it, -o names another file)")
        }
        do throws(FileWriteError) { try AtomicFile.write(text, to: path) } catch { throw CLIError(message: error.description) }
        return path
    }

    /// `bytes` with DEL and the C1 controls escaped as the encoding escapes characters (as `JSONText` does for
    /// JSON and XML), and, under a locale that is not UTF-8, every non-ASCII character too (as `ASCIIDocuments`
    /// does): the same document, and nothing a terminal would act on.
    static func forStandardOutput(_ bytes: [UInt8], _ codec: any ProfileCodec) -> [UInt8] {
        let safe = JSONText.escapingControls(bytes) { b in Array(codec.escape(Unicode.Scalar(b)).utf8) }
        guard TerminalText.asciiOnly, safe.contains(where: { $0 >= 0x80 }) else { return safe }
        var out: [UInt8] = []
        out.reserveCapacity(safe.count + 64)
        for s in String(decoding: safe, as: UTF8.self).unicodeScalars {
            if s.isASCII { out.append(UInt8(s.value)) } else { out += Array(codec.escape(s).utf8) }
        }
        return out
    }
}
