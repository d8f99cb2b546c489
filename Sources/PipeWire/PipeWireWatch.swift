/// What a watch of a PipeWire daemon's registry reports: camera (`Video/Source`) nodes as they are announced and
/// removed, before any meaning is given to them.
package enum PipeWireWatchEvent: Sendable, Equatable {
    /// A camera node: the global as the registry announced it (its properties bounded as a read bounds them).
    case added(PipeWireObject)
    /// The camera node with this id went away.
    case removed(UInt32)
    /// Every node present when the watch connected has been announced.
    case settled
    /// The daemon closed the connection (stopped, restarted): why. Nothing follows on this watch.
    case lost(String)
    /// This many events were dropped: more came than the bound keeps queued.
    case dropped(Int)
}

/// One open watch: a long-lived connection to a daemon. Used by the one thread that opened it, then dropped (which
/// disconnects).
package protocol PipeWireWatch: AnyObject {
    /// The next event, waiting at most `timeoutMilliseconds` (nil: none came in that time).
    func next(timeoutMilliseconds: Int) -> PipeWireWatchEvent?
    /// Ends a `next` waiting on another thread at once, and every later one (nil or `.lost`): how the watch's owner
    /// stops it without looking at a flag in steps. Called from any thread, only while the watch is kept.
    var interrupter: @Sendable () -> Void { get }
}

extension PipeWirePort {
    /// Ports that cannot watch say so.
    package func watch(_ options: PipeWireReadOptions) -> Result<any PipeWireWatch, PipeWireReadError> {
        .failure(PipeWireReadError(.failed, "this PipeWire port cannot watch"))
    }
}
