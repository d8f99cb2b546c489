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
        windowWidth: windowWidth)

    /// The rule, over its inputs (so it can be tested).
    static func columns(environment: String?, isTerminal: Bool, windowWidth: () -> Int?) -> Int? {
        if let e = environment, let n = Int(e), n > 0 { return n }
        guard isTerminal else { return nil }
        return windowWidth() ?? 80
    }

    /// The terminal's width in columns from `TIOCGWINSZ` on stdout, nil when it does not say.
    static func windowWidth() -> Int? {
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
