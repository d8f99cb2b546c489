#if canImport(Glibc)
    import Glibc
#endif

/// Keeps ^C, SIGTERM and SIGHUP from ending the process in the middle of
/// something that must not be left half done (a temporary file before its
/// rename). The command line does this, never the library: a library call
/// must not change a process's signal dispositions behind its back.
enum InterruptsHeldOff {
    /// Runs `body` with SIGINT, SIGTERM and SIGHUP ignored, and restores each
    /// disposition as it was on every path. The corresponding C call is `signal(2)`.
    static func during<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        let before = [SIGINT, SIGTERM, SIGHUP].map { ($0, signal($0, SIG_IGN)) }
        defer { for (s, h) in before { signal(s, h) } }
        return try body()
    }
}
