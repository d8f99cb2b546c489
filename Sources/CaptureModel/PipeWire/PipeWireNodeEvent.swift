/// A change of the camera nodes a PipeWire daemon publishes, as `PipeWireCameras.nodeEvents` reports it.
public enum PipeWireNodeEvent: Sendable, Hashable {
    /// Connected to the daemon: the camera nodes it publishes now. The first event once a daemon answers, and again
    /// after it came back.
    case connected([PipeWireNode])
    /// A camera node was published.
    case added(PipeWireNode)
    /// A camera node went away (as it was when it was announced).
    case removed(PipeWireNode)
    /// No daemon can be watched, or the one watched went away (its nodes with it): the status and one line why.
    /// The watch tries again every second while a session is there to have a daemon.
    case unavailable(PipeWireReport.Status, String)
    /// This many events were dropped (more came at once than the bound keeps); the watch reconnects to resync.
    case dropped(Int)
}
