#if canImport(Glibc)
    import Glibc
#endif

/// How wide text output may be: the width tables and long lines are fitted to.
///
/// - `COLUMNS`, when set to a positive number, is used whether or not stdout
///   is a terminal: setting it is asking for that width (`COLUMNS=60 camprobe
///   list | less`).
/// - Otherwise on a terminal, its width (`TIOCGWINSZ` on stdout), else 80.
/// - Otherwise (a pipe or a file, for scripts) `nil`: no limit, every table
///   at its full width on one line per row, as it always was.
enum TerminalSize {
    static let columns: Int? = columns(
        environment: getenv("COLUMNS").map { String(cString: $0) }, isTerminal: Terminal.stdoutIsTerminal,
        windowWidth: { windowWidth(fd: 1) })

    /// The width for standard error (errors, warnings and notes) when it is a terminal: `COLUMNS`, else its
    /// own width, else 80. Into a pipe or a log, nil: a message stays one line there, whatever `COLUMNS` says.
    static let stderrColumns: Int? =
        isatty(2) == 1
        ? columns(environment: getenv("COLUMNS").map { String(cString: $0) }, isTerminal: true, windowWidth: { windowWidth(fd: 2) })
        : nil

    /// The rule, over its inputs (so it can be tested).
    static func columns(environment: String?, isTerminal: Bool, windowWidth: () -> Int?) -> Int? {
        if let e = environment, let n = Int(e), n > 0 { return n }
        guard isTerminal else { return nil }
        return windowWidth() ?? 80
    }

    /// The terminal's width in columns from `TIOCGWINSZ` on `fd`, nil when it does not say.
    static func windowWidth(fd: Int32) -> Int? {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
