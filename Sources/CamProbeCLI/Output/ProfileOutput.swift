import CamProbe
import Profiles

/// Writes one profile document where `-o` says: standard output for `-`, else a
/// file (named after the stable ID in a directory), atomically; returns the path.
enum ProfileOutput {
    static func write(_ doc: DeviceDocument, format: ProfileFormat, output: String?) throws -> String? {
        let text = format == .json ? JSONProfile.write(doc) : XMLProfile.write(doc)
        if output == "-" { print(text, terminator: text.hasSuffix("\n") ? "" : "\n"); return nil }
        let path = ProfilePaths.destination(output, id: doc.device.id, format: format)
        do throws(FileWriteError) { try AtomicFile.write(text, to: path) } catch { throw CLIError(message: error.description) }
        return path
    }
}
