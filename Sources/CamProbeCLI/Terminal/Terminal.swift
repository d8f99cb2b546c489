import ProfileFormat

#if canImport(Glibc)
    import Glibc
#endif

/// Writing to the terminal: colour only when stdout is a TTY and NO_COLOR is unset.
enum Terminal {
    static let stdoutIsTerminal: Bool = isatty(1) == 1
    static let colour: Bool = isatty(1) == 1 && getenv("NO_COLOR") == nil && (getenv("TERM").map { String(cString: $0) } ?? "") != "dumb"

    /// Style marks, not ESC sequences: they become ESC sequences only when the
    /// line is written (`TerminalText.render`), after the text's own control
    /// characters have been escaped.
    static func bold(_ s: String) -> String { colour ? TerminalText.mark("1") + s + TerminalText.mark("0") : s }
    static func dim(_ s: String) -> String { colour ? TerminalText.mark("2") + s + TerminalText.mark("0") : s }
    static func yellow(_ s: String) -> String { colour ? TerminalText.mark("33") + s + TerminalText.mark("0") : s }

    /// `camprobe: error: …` on stderr (input it repeats clipped: `Quote.clipMessage`).
    static func error(_ message: String) { writeErr(fitted("camprobe: error: \(Quote.clipMessage(message))")) }
    /// `camprobe: warning: …` on stderr.
    static func warning(_ message: String) { writeErr(fitted("camprobe: warning: \(Quote.clipMessage(message))")) }
    /// `camprobe: note: …` on stderr.
    static func note(_ message: String) { writeErr(fitted("camprobe: note: \(Quote.clipMessage(message))")) }

    /// A message line for stderr, broken at word boundaries with a 4-column hanging indent when
    /// stderr is a terminal, so a long message is not cut into fragments.
    static func fitted(_ line: String) -> String {
        guard let width = TerminalSize.stderrColumns else { return line + "\n" }
        return TextWrap.lines(line, width: width, hang: 4).joined(separator: "\n") + "\n"
    }

    /// Writes to stderr, control characters escaped. When stdout is a terminal,
    /// what it holds is written first, so the two stay in order on screen (as
    /// line-buffered stdio did); into a file or pipe stdout stays buffered, as
    /// stdio's full buffering did.
    static func writeErr(_ s: String) {
        if stdoutIsTerminal { StandardOutput.flush() }
        _ = StandardOutput.writeAll(TerminalText.render(s), to: 2)
    }

    /// Visible width of a string as written (style marks count nothing,
    /// escaped control characters their escape's width; one column per scalar).
    static func width(_ s: String) -> Int { TerminalText.width(s) }

    static func pad(_ s: String, _ w: Int) -> String { s + String(repeating: " ", count: max(0, w - width(s))) }
}

/// Aligned columns, fitted to the terminal (`TableLayout`, `TerminalSize`):
/// on a terminal (or with `COLUMNS` set) the widest columns are cut with an
/// ellipsis, or the rows become records when even that does not fit; into a
/// pipe or a file every row is one line at full width, for scripts.
/// `#` and `ID` columns are never cut.
struct TextTable {
    var header: [String]
    var rows: [[String]] = []

    func render(width: Int? = TerminalSize.columns, ascii: Bool = TerminalText.asciiOnly) -> String {
        let keep = Set(header.indices.filter { header[$0] == "#" || header[$0] == "ID" })
        return TableLayout.lines(
            header: header, rows: rows.map { $0.map(TerminalText.field) }, keep: keep, width: width, ascii: ascii
        ).joined(separator: "\n")
    }
}
