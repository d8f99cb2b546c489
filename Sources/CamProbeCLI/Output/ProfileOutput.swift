import CamProbe
import Profiles

/// Writes one profile document where `-o` says: standard output for `-`, else a
/// file (named after the stable ID in a directory), atomically; returns the path.
enum ProfileOutput {
    static func write(_ doc: DeviceDocument, format: ProfileFormat, output: String?) throws -> String? {
        let text = format == .json ? JSONProfile.write(doc) : XMLProfile.write(doc)
        if output == "-" {
            // A document, written as it is (JSON and XML escape what they must).
            let bytes = Array(text.utf8) + (text.hasSuffix("\n") ? [] : [0x0A])
            StandardOutput.raw(format == .json ? JSONText.escapingControls(bytes) : JSONText.escapingXMLControls(bytes))
            return nil
        }
        let path = ProfilePaths.destination(output, id: doc.device.id, format: format)
        do throws(FileWriteError) { try AtomicFile.write(text, to: path) } catch { throw CLIError(message: error.description) }
        return path
    }
}
