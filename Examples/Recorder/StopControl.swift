import Synchronization

/// What every part of a recording consults to know whether to go on: the first
/// reason to stop (a signal, a limit reached by the video or the audio loop, the
/// free-space watch) wins, and every loop ends at its next frame or buffer.
///
/// Shared by the frame loop (the stream's thread), the audio task and the
/// signal watch; a mutex guards the state (uncontended: a lock and an unlock per frame).
final class StopControl: Sendable {
    private struct State {
        var reason: StopReason?
        var recording = 0  // recordings in progress: a camera's take, an audio file
        var stopper: (@Sendable () async -> Void)?
    }
    private let state = Mutex(State())

    /// The reason to stop, once there is one.
    var reason: StopReason? { state.withLock { $0.reason } }

    /// True between `begin` and `end`: files are open and the stop must finish them.
    var isRecording: Bool { state.withLock { $0.recording > 0 } }

    /// Records `reason` unless another came first; returns the reason in force.
    @discardableResult
    func stop(_ reason: StopReason) -> StopReason {
        state.withLock { s in
            if s.reason == nil { s.reason = reason }
            return s.reason!
        }
    }

    /// A recording starts (a camera's take or an audio file); `stopper` ends a take's frames
    /// if no frame comes to notice a stop.
    func begin(stopper: (@Sendable () async -> Void)? = nil) {
        state.withLock {
            $0.recording += 1
            if let stopper { $0.stopper = stopper }
        }
    }

    /// A recording's files are finished; `stopper` says it was a take's (its stopper goes).
    func end(stopper: Bool = false) {
        state.withLock {
            $0.recording -= 1
            if stopper { $0.stopper = nil }
        }
    }

    /// Ends the frames of a recording that was asked to stop but saw no frame since
    /// (a camera that stopped delivering): the loop then finishes its files.
    func stopStalled() async {
        let stopper = state.withLock { $0.reason != nil && $0.recording > 0 ? $0.stopper : nil }
        await stopper?()
    }
}
