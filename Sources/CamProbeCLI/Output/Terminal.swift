#if canImport(Glibc)
import Glibc
#endif

/// Writing to the terminal: colour only when stdout is a TTY and NO_COLOR is unset.
enum Terminal {
    static let colour: Bool = isatty(1) == 1 && getenv("NO_COLOR") == nil && String(cString: getenv("TERM") ?? strdup("")) != "dumb"

    static func bold(_ s: String) -> String { colour ? "\u{1B}[1m\(s)\u{1B}[0m" : s }
    static func dim(_ s: String) -> String { colour ? "\u{1B}[2m\(s)\u{1B}[0m" : s }
    static func yellow(_ s: String) -> String { colour ? "\u{1B}[33m\(s)\u{1B}[0m" : s }

    /// `camprobe: error: …` on stderr.
    static func error(_ message: String) { writeErr("camprobe: error: \(message)\n") }
    /// `camprobe: warning: …` on stderr.
    static func warning(_ message: String) { writeErr("camprobe: warning: \(message)\n") }
    /// `camprobe: note: …` on stderr.
    static func note(_ message: String) { writeErr("camprobe: note: \(message)\n") }

    static func writeErr(_ s: String) {
        var bytes = Array(s.utf8)
        bytes.withUnsafeMutableBytes { _ = write(2, $0.baseAddress, $0.count) }
    }

    /// Visible width of a string (ignores ANSI escapes; counts characters).
    static func width(_ s: String) -> Int {
        var n = 0
        var inEscape = false
        for c in s.unicodeScalars {
            if inEscape { if c == "m" { inEscape = false }; continue }
            if c == "\u{1B}" { inEscape = true; continue }
            n += 1
        }
        return n
    }

    static func pad(_ s: String, _ w: Int) -> String { s + String(repeating: " ", count: max(0, w - width(s))) }
}

/// Aligned columns.
struct TextTable {
    var header: [String]
    var rows: [[String]] = []

    func render() -> String {
        let all = [header] + rows
        let widths = header.indices.map { c in all.map { Terminal.width($0[c]) }.max() ?? 0 }
        return all.enumerated().map { i, row in
            let line = row.indices.map { c in c == row.count - 1 ? row[c] : Terminal.pad(row[c], widths[c]) }.joined(separator: "  ")
            return i == 0 ? Terminal.bold(line) : line
        }.joined(separator: "\n")
    }
}
