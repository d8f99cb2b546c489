import CamProbe
import HostSystem
import ProfileFormat
import TextImport

/// The pasted text files an `import` command reads (`-` is standard input), each bounded like a profile.
/// A folder stands for the files directly in it, sorted by name; those that are not text of a kind
/// the command reads are skipped, each with a note saying why.
enum ImportInputs {
    typealias Input = (name: String, text: String)

    /// - Parameter kinds: the kinds of text the command reads; a folder's files of other kinds are skipped.
    static func read(_ files: [String], kinds: Set<PasteKind> = Set(PasteKind.all())) throws -> [Input] {
        var inputs: [Input] = []
        for f in files {
            if f != "-" && ProfileDirectory.isDirectory(f) {
                inputs += try folder(f, kinds: kinds)
                continue
            }
            inputs.append(try one(f))
        }
        return inputs
    }

    static func one(_ f: String) throws -> Input {
        do throws(FileReadError) {
            let bytes =
                f == "-"
                ? try ReadFile.standardInput(limit: ProfileFile.maximumSize) : try ReadFile.bytes(f, limit: ProfileFile.maximumSize)
            return (f == "-" ? "<stdin>" : f, String(decoding: bytes, as: UTF8.self))
        } catch {
            throw CLIError(message: error.description)
        }
    }

    /// The readable files of `directory` whose text is of one of `kinds`; what is left out is noted.
    static func folder(_ directory: String, kinds: Set<PasteKind>) throws -> [Input] {
        let (files, skipped) = ProfileDirectory.files(in: directory)
        var notes = skipped.map { (path: $0.path, text: "skipped \($0.path): \($0.reason)") }
        var read: [(input: Input, kind: PasteKind)] = []
        var others: [PasteKind] = []
        for f in files {
            let input: Input
            do { input = try one(f) } catch let e as CLIError {
                notes.append((f, "skipped \(f): \(e.message)"))
                continue
            }
            let kind = PasteKind.detect(input.text)
            if kinds.contains(kind) {
                read.append((input, kind))
            } else {
                others.append(kind)
                notes.append((f, "skipped \(f): \(kind.rawValue) output, which 'camprobe import \(f)' reads"))
            }
        }
        // v4l2-ctl is what text no other reader knows is taken for: it counts only when it reads as v4l2-ctl, on its
        // own or (a sensor's subdevice listing) with the folder's media-ctl -p.
        let media = read.filter { $0.kind == .mediactl }.map(\.input)
        let inputs = read.filter { r in
            guard r.kind == .v4l2ctl else { return true }
            let reads: Bool
            if media.isEmpty {
                reads = (try? V4L2CtlImporter.importText([r.input], partial: true)) != nil
            } else {
                reads = (try? MediaCtlImporter.importText(media + [r.input])) != nil
            }
            if !reads { notes.append((r.input.name, "skipped \(r.input.name): not text camprobe can import (nor v4l2-ctl output)")) }
            return reads
        }.map(\.input)
        for n in notes.sorted(by: { $0.path < $1.path }) { Terminal.note(n.text) }
        guard !inputs.isEmpty else {
            let instead =
                others.isEmpty
                ? "" : "; its files are \(others.map(\.rawValue).sorted().first!) output: did you mean 'camprobe import \(directory)'?"
            throw CLIError(
                message: "\(directory): no file in this folder is text this command imports"
                    + (files.isEmpty ? " (it holds no files)" : " (\(files.count) looked at)") + instead)
        }
        return inputs
    }
}
