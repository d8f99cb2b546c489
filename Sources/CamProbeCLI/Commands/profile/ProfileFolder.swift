import CamProbe
import ProfileFormat

/// What `--profile PATH` names: one profile file, or a folder whose every profile is one device.
enum ProfileFolder {
    /// The profiles of `path` (each a device and what it carries beside it): the file's one, or, for a folder, one
    /// per profile in it (sorted by name), what is not a profile skipped with a note. A folder without any profile
    /// is an error.
    static func load(_ path: String) throws -> [DeviceDocument] {
        guard ProfileDirectory.isDirectory(path) else {
            do throws(ProfileFile.LoadError) { return [try ProfileFile.loadDocument(path)] } catch {
                throw CLIError(message: error.description)
            }
        }
        let (files, skipped) = ProfileDirectory.files(in: path)
        var loaded: [(file: String, document: DeviceDocument)] = []
        var notes = skipped.map { (path: $0.path, text: "skipped \($0.path): \($0.reason)") }
        for file in files {
            do throws(ProfileFile.LoadError) {
                loaded.append((file, try ProfileFile.loadDocument(file)))
            } catch {
                notes.append((file, "skipped \(file): not a profile (\(reason(error.message)))"))
            }
        }
        let twins = ProfileTwins.twins(loaded)
        if let (twin, kept) = twins.min(by: { $0.key < $1.key }) {
            let first = "." + (ProfileCodecs.standard.fileExtensions.first ?? "")
            let others = ProfileCodecs.sentence(ProfileCodecs.all.dropFirst().flatMap { $0.fileExtensions.map { "NAME." + $0 } })
            let text =
                twins.count == 1
                ? "\(kept) and \(twin) hold the same profile: read once, from the \(first)"
                : "\(path): \(twins.count) profiles are saved twice, as NAME\(first) and \(others) holding the same profile: each is read once, from its \(first)"
            notes.append((path, text))
        }
        let devices = loaded.filter { twins[$0.file] == nil }.map(\.document)
        guard !devices.isEmpty else {
            throw CLIError(
                message: "--profile \(path): no camprobe profile in this folder"
                    + (files.isEmpty ? " (it holds no files)" : " (\(files.count) file\(files.count == 1 ? "" : "s") read, none a profile)")
                    + ". Give a folder of files written by 'camprobe profile' or 'show --json'; for tools' text, run 'camprobe import \(path)' first"
            )
        }
        for n in notes.sorted(by: { $0.path < $1.path }) { Terminal.note(n.text) }
        return devices
    }

    /// The loader's first sentence, without its leading "not a camprobe profile: " (the note says that).
    static func reason(_ message: String) -> String {
        let prefix = "not a camprobe profile: "
        let text = message.hasPrefix(prefix) ? String(message.dropFirst(prefix.count)) : message
        guard let end = text.firstRange(of: ". ") else { return text }
        return String(text[..<end.lowerBound])
    }
}
