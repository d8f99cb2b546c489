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
    static func write(_ doc: DeviceDocument, format: ProfileEncoding, output: String?, overwrite: Bool = true) throws -> String? {
        let text = try format == .json ? JSONProfile.write(doc) : XMLProfile.write(doc)
        if output == "-" {
            // A document, written as it is (JSON and XML escape what they must).
            let bytes = Array(text.utf8) + (text.hasSuffix("\n") ? [] : [0x0A])
            let safe = format == .json ? JSONText.escapingControls(bytes) : JSONText.escapingXMLControls(bytes)
            StandardOutput.raw(ASCIIDocuments.forStandardOutput(safe, xml: format == .xml))
            return nil
        }
        let path = ProfilePaths.destination(output, id: doc.device.id, format: format)
        if !overwrite && access(path, F_OK) == 0 {
            throw CLIError(message: "\(path) already exists: not overwritten (--force replaces it, -o names another file)")
        }
        do throws(FileWriteError) { try AtomicFile.write(text, to: path) } catch { throw CLIError(message: error.description) }
        return path
    }
}
