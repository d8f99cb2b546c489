// SIGINT and SIGTERM ask the recorder to finish its files: the handler only
// notes the signal (an atomic store, async-signal-safe), and a task polling
// every 50 ms turns it into a stop. A second signal of either kind kills the
// process at once (the handler puts the default action back): the files,
// written to survive SIGKILL, then hold every frame but the last.
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The first stop signal received, 0 until then.
private let receivedSignal = Atomic<Int32>(0)

enum StopSignals {
    /// Installs the handlers for SIGINT and SIGTERM.
    static func install() {
        _ = receivedSignal.load(ordering: .relaxed)  // initialise the global here, never in the handler
        for number in [SIGINT, SIGTERM] {
            signal(number) { number in
                _ = receivedSignal.compareExchange(expected: 0, desired: number, ordering: .relaxed)
                signal(SIGINT, SIG_DFL)
                signal(SIGTERM, SIG_DFL)
            }
        }
    }

    /// The signal received, if any.
    static var received: Int32? {
        let number = receivedSignal.load(ordering: .relaxed)
        return number == 0 ? nil : number
    }
}
