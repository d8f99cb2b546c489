import CamProbe
import HostSystem
import ProfileFormat
import TextImport

#if canImport(Glibc)
    import Glibc
#endif

/// "Did you mean" for `import`: a kind word mistyped or forgotten (`import v4l2ctl cam.txt`,
/// `import arecord cards.txt`), or text given to the subcommand of another kind; the right
/// command is proposed from what the files hold.
enum ImportHints {
    /// The subcommand words, and the tools whose text `camprobe import FILE` reads.
    static let words = ["v4l2-ctl", "media-ctl", "files", "udevadm", "arecord", "lsusb", "asound"]

    /// When the first argument is no file but looks like a kind word, and the others are files: the error naming the
    /// command that reads them.
    static func misspeltWord(_ files: [String]) -> CLIError? {
        guard files.count >= 2, let word = files.first, word != "-", access(word, F_OK) != 0 else { return nil }
        let near = Suggestion.nearest(word, among: words, limit: 1)
        guard !near.isEmpty || !word.contains(where: { $0 == "/" || $0 == "." }) else { return nil }
        let rest = Array(files.dropFirst())
        guard rest.allSatisfy({ $0 == "-" || access($0, F_OK) == 0 }) else { return nil }
        return CLIError(
            message: "'\(word)' is neither a file nor a kind of text: did you mean '\(command(for: rest))'?", status: 2)
    }

    /// `camprobe import v4l2-ctl FILE…` when every file is v4l2-ctl text, `… media-ctl …` when one is media-ctl -p,
    /// else `camprobe import FILE…` (each file's kind told from its content).
    static func command(for files: [String]) -> String {
        let kinds = files.map { f in f == "-" || ProfileDirectory.isDirectory(f) ? nil : sniff(f) }
        let word: String =
            if kinds.contains(.mediactl) { "media-ctl " } else if !kinds.isEmpty && kinds.allSatisfy({ $0 == .v4l2ctl }) {
                "v4l2-ctl "
            } else { "" }
        return "camprobe import " + word + files.map(shellWord).joined(separator: " ")
    }

    /// The kind of a readable file's text; nil when it cannot be read.
    static func sniff(_ path: String) -> PasteKind? {
        do throws(FileReadError) {
            return PasteKind.detect(String(decoding: try ReadFile.bytes(path, limit: 1 << 20), as: UTF8.self))
        } catch {
            return nil
        }
    }

    /// For a subcommand that could not read `files`: when one of them is text of another kind, the command that reads it.
    static func otherKind(_ files: [String], reads: Set<PasteKind>) -> String {
        for f in files where f != "-" && !ProfileDirectory.isDirectory(f) {
            guard let k = sniff(f), !reads.contains(k) else { continue }
            return "; \(f) is \(k.rawValue) output: did you mean '\(command(for: files))'?"
        }
        let named = files.filter { $0 != "-" && !ProfileDirectory.isDirectory($0) }
        if reads.contains(.mediactl), !named.isEmpty, named.allSatisfy({ sniff($0) == .v4l2ctl }) {
            return "; did you mean '\(command(for: files))'?"
        }
        return ""
    }

    /// `word` as one shell word: as it is when it holds only safe characters, else in single quotes.
    static func shellWord(_ word: String) -> String {
        if !word.isEmpty && word.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_./=:@+,".contains($0)) }) { return word }
        return "'" + word.replacing("'", with: "'\\''") + "'"
    }
}
