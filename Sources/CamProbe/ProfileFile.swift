import CaptureModel
import FoundationEssentials
import HostSystem
import ProfileFormat

/// A device profile — the JSON document `camprobe show --json` or `camprobe
/// profile` writes, or its XML form — loaded back as a virtual device that
/// answers read-only commands exactly as the live device did.
public enum ProfileFile {
    /// Why a profile could not be loaded.
    public struct LoadError: Error, CustomStringConvertible {
        public var path: String
        public var message: String
        /// The path and the message, any input they repeat clipped (`Quote`).
        public var description: String { Quote.clipMessage("\(path): \(message)") }
    }

    /// Profiles larger than this are refused rather than read into memory.
    public static let maximumSize = 64 * 1024 * 1024

    /// Loads one profile, in any encoding of `ProfileCodecs.all` (told apart by the first bytes), after
    /// checking it against its schema.
    public static func load(_ path: String) throws(LoadError) -> Device { try loadDocument(path).device }

    /// The whole document `load` reads: the device, and the PipeWire view a profile written on a live system
    /// carries beside it. The encoding is the one of `codecs` that claims the file's first bytes.
    package static func loadDocument(_ path: String, codecs: [any ProfileCodec] = ProfileCodecs.all) throws(LoadError) -> DeviceDocument {
        if ProfileDirectory.isDirectory(path) {
            throw LoadError(
                path: path,
                message: "a folder, not a profile: name one file in it, or give the folder to --profile (which reads every profile in it)")
        }
        let bytes: [UInt8]
        do throws(FileReadError) {
            bytes = try ReadFile.bytes(path, limit: maximumSize)
        } catch {
            throw LoadError(path: path, message: error.message)
        }
        guard let codec = ProfileCodecs.detect(bytes, among: codecs) else {
            throw LoadError(
                path: path,
                message: "not a camprobe profile: it \(ProfileCodecs.startsWithNone(among: codecs)). "
                    + "For v4l2-ctl output, run 'camprobe import v4l2-ctl \(path)' first")
        }
        // Opened once: the schemaVersion it declares is looked at before it is validated.
        let draft = codec.open(bytes)
        if let v = draft.declaredSchemaVersion, v > CaptureModelSchema.version {
            throw LoadError(
                path: path,
                message: "schemaVersion \(v) is newer than this camprobe understands (\(CaptureModelSchema.version)); update camprobe")
        }
        do throws(ProfileReadError) {
            return try draft.read()
        } catch {
            let shown = error.issues.prefix(5).map { Quote.clipMessage($0.description) }.joined(separator: "; ")
            let more =
                error.issues.count > 5 ? " (and \(error.issues.count - 5) more; 'camprobe profile validate \(path)' lists them all)" : ""
            throw LoadError(path: path, message: "invalid \(codec.displayName) profile: \(shown)\(more)")
        }
    }
}
