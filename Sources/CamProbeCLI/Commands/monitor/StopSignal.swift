import Dispatch

#if canImport(Glibc)
    import Glibc
#endif

/// SIGINT / SIGTERM as an awaitable event (Dispatch signal sources; the default handlers are ignored so the
/// process can finish cleanly). Made by `install()`, once per long-running command.
final class StopSignal: Sendable {
    private let stream: AsyncStream<Void>
    /// The signal sources, kept as long as this value (the command's run). `nonisolated(unsafe)` is true here:
    /// the array is written once, in `init`, before the value is shared, and never read after.
    private nonisolated(unsafe) let sources: [any DispatchSourceSignal]

    private init() {
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        self.stream = stream
        sources = [SIGINT, SIGTERM].map { sig in
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler { continuation.yield() }
            source.resume()
            return source
        }
    }

    /// Ignores SIGINT and SIGTERM's default handlers and delivers them to `wait()` instead.
    static func install() -> StopSignal { StopSignal() }

    func wait() async {
        for await _ in stream { return }
    }
}
