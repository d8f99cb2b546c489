import HostSystem
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Standard output, written with `write(2)` from a buffer of our own so that
/// every failure is seen: a full disk, a closed pipe, an I/O error.
///
/// - A write error (`ENOSPC`, `EIO`, …) is reported as
///   `camprobe: error: cannot write to standard output: <reason>` and the
///   process exits with status 1 (nothing after it is written).
/// - A closed pipe (`EPIPE`, e.g. `camprobe show 0 | head -1`) ends the
///   process quietly, as if by `SIGPIPE` — what `cat`, `ls` or `git` do: no
///   message, and the shell sees status 141 (128 + SIGPIPE). This holds even
///   when the parent process left `SIGPIPE` ignored.
///
/// Text goes through `TerminalText.render` (control characters escaped, our
/// colours applied); JSON and profile documents are written as they are.
enum StandardOutput {
    private static let buffer = Mutex<[UInt8]>([])
    private static let flushThreshold = 1 << 16
    /// What threads running a command for the console (`captured(_:)`) printed, by thread: their output goes there,
    /// not to fd 1. `captures` counts them, so a plain command's write never takes the lock.
    private static let captured = Mutex<[pthread_t: [UInt8]]>([:])
    private static let captures = Atomic<Int>(0)

    /// Runs `body` on this thread with its standard output kept, not written: what it printed, and the error it threw.
    /// Other threads' output is untouched (`camprobe-serve` runs several commands at once, each on a thread of its own).
    static func capturing(_ body: () throws -> Void) -> (printed: [UInt8], error: (any Error)?) {
        let me = pthread_self()
        captured.withLock { $0[me] = [] }
        captures.add(1, ordering: .releasing)
        var failure: (any Error)?
        do { try body() } catch { failure = error }
        captures.subtract(1, ordering: .releasing)
        return (captured.withLock { $0.removeValue(forKey: me) ?? [] }, failure)
    }

    /// Keeps `bytes` when this thread's output is being captured; false when it is not (they are to be written).
    private static func keep(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard captures.load(ordering: .acquiring) > 0 else { return false }
        let me = pthread_self()
        return captured.withLock { c in
            guard c[me] != nil else { return false }
            c[me]!.append(contentsOf: bytes)
            return true
        }
    }

    /// Appends text (escaped for the terminal) to standard output.
    static func text(_ s: String) { append(TerminalText.render(s)) }

    /// Appends one line of text (escaped for the terminal).
    static func line(_ s: String) { text(s + "\n") }

    /// Appends bytes as they are (JSON, profile documents).
    static func raw(_ bytes: [UInt8]) { append(bytes) }

    /// Appends bytes as they are, from a buffer (a large one is written without a copy).
    static func raw(_ bytes: UnsafeRawBufferPointer) {
        if keep(bytes) { return }
        if bytes.count >= flushThreshold {
            flush()
            if let error = writeAll(bytes, to: 1) { fail(errno: error) }
        } else {
            append(Array(bytes))
        }
    }

    private static func append(_ bytes: [UInt8]) {
        if bytes.withUnsafeBytes({ keep($0) }) { return }
        if bytes.count >= flushThreshold {  // a large document: no second copy
            flush()
            if let error = writeAll(bytes, to: 1) { fail(errno: error) }
            return
        }
        let full = buffer.withLock { b -> Bool in
            b.append(contentsOf: bytes)
            return b.count >= flushThreshold
        }
        if full { flush() }
    }

    /// Writes what is buffered; on failure reports it and exits (see the type).
    static func flush() {
        buffer.withLock { b in
            guard !b.isEmpty else { return }
            let error = writeAll(b, to: 1)
            b.removeAll(keepingCapacity: true)
            if let error { fail(errno: error) }
        }
    }

    /// Writes all of `bytes` to `fd`, retrying on `EINTR` and short writes;
    /// the `errno` of the first failure, nil when everything was written.
    static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Int32? {
        bytes.withUnsafeBytes { writeAll($0, to: fd) }
    }

    /// `writeAll` from a buffer.
    static func writeAll(_ p: UnsafeRawBufferPointer, to fd: Int32) -> Int32? {
        var offset = 0
        while offset < p.count {
            let n = Glibc.write(fd, p.baseAddress! + offset, p.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if n == 0 { return EIO }
            offset += n
        }
        return nil
    }

    /// Ends the process after a failed write to standard output.
    static func fail(errno e: Int32) -> Never {
        if e == EPIPE {
            signal(SIGPIPE, SIG_DFL)
            raise(SIGPIPE)
            _exit(128 + SIGPIPE)
        }
        let message = "camprobe: error: cannot write to standard output: \(Errno.message(e))\n"
        _ = writeAll(TerminalText.render(message), to: 2)
        _exit(1)
    }
}

/// `print` for the whole CamProbeCLI module: shadows `Swift.print`, so every
/// unqualified `print(…)` in a command or renderer goes through
/// `StandardOutput.text` — its control characters escaped, its write failures
/// reported — and no text reaches the terminal raw by oversight.
///
/// On a terminal (`TerminalSize.columns`), a line wider than it is broken at
/// word boundaries with a hanging indent (`TextWrap`) instead of being cut
/// into fragments by the terminal. Lines meant to be copied whole (emitted
/// commands) are written with `StandardOutput.line`; a `print` with another
/// terminator (a document, a meter redraw) is never wrapped.
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    var s = ""
    for (i, item) in items.enumerated() {
        if i > 0 { s += separator }
        if let t = item as? String { s += t } else { s += String(describing: item) }
    }
    guard terminator == "\n", let width = TerminalSize.columns else { return StandardOutput.text(s + terminator) }
    for l in TextWrap.lines(s, width: width) { StandardOutput.line(l) }
}
