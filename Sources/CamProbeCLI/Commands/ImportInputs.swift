import CamProbe
import Profiles

/// The pasted text files an `import` command reads (`-` is standard input), each bounded like a profile.
enum ImportInputs {
    static func read(_ files: [String]) throws -> [(name: String, text: String)] {
        var inputs: [(name: String, text: String)] = []
        for f in files {
            do throws(FileReadError) {
                let bytes =
                    f == "-"
                    ? try ReadFile.standardInput(limit: ProfileFile.maximumSize) : try ReadFile.bytes(f, limit: ProfileFile.maximumSize)
                inputs.append((f == "-" ? "<stdin>" : f, String(decoding: bytes, as: UTF8.self)))
            } catch {
                throw CLIError(message: error.description)
            }
        }
        return inputs
    }
}
