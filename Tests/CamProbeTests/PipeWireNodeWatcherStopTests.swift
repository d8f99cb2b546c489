import CamProbeTesting
import HostSystem
import PipeWire
import Testing

@testable import CamProbe

/// The PipeWire watch's thread stops on its stop flag's event (P26 item 4): raised while it waits on a quiet daemon,
/// or between tries, it ends at once, not at the end of a wait step (it looked at the flag every 200 ms before).
struct PipeWireNodeWatcherStopTests {
    /// Runs the watcher's thread body on `port`, raises the stop flag 30 ms in, and says whether the body returned
    /// within `withinMilliseconds` of that.
    static func stopsAtOnce(_ port: FakePipeWirePort, timeoutMilliseconds: Int, withinMilliseconds: Int = 100) -> Bool {
        var o = PipeWireReadOptions(remote: nil)
        o.timeoutMilliseconds = timeoutMilliseconds
        let options = o
        let stop = PipeWireNodeWatcher.StopFlag()
        let work = BackgroundWork<Bool> {
            PipeWireNodeWatcher.run(options, port: port, stop: stop) { _ in }
            return true
        }
        _ = Latch().wait(milliseconds: 30)
        stop.raise()
        return work.wait(milliseconds: withinMilliseconds) == true
    }

    /// A daemon that never answers: the thread waits in the watch's `next` and is woken by the interrupter.
    @Test func stopsWhileTheDaemonIsSilent() {
        #expect(Self.stopsAtOnce(FakePipeWirePort(spec: .init(answer: "never")), timeoutMilliseconds: 3000))
    }

    /// A daemon that has settled and is quiet: the same, past the answer's bound.
    @Test func stopsWhileTheDaemonIsQuiet() {
        #expect(Self.stopsAtOnce(FakePipeWirePort(spec: .init()), timeoutMilliseconds: 3000))
    }

    /// No daemon: the thread waits a second between tries, on the stop flag's latch.
    @Test func stopsBetweenTries() {
        #expect(Self.stopsAtOnce(FakePipeWirePort(spec: .init(answer: "noDaemon")), timeoutMilliseconds: 3000))
    }

    /// The daemon's silence is still told once its bound has passed (and only then).
    @Test func aSilentDaemonIsToldLateOnce() {
        var o = PipeWireReadOptions(remote: nil)
        o.timeoutMilliseconds = 150
        let options = o
        let stop = PipeWireNodeWatcher.StopFlag()
        let work = BackgroundWork<[PipeWireNodeEvent]> {
            var seen: [PipeWireNodeEvent] = []
            PipeWireNodeWatcher.run(options, port: FakePipeWirePort(spec: .init(answer: "never")), stop: stop) { seen.append($0) }
            return seen
        }
        _ = Latch().wait(milliseconds: 500)
        stop.raise()
        let seen = work.wait(milliseconds: 2000)
        #expect(seen == [.unavailable(.timedOut, "the PipeWire daemon did not answer within 150 ms; still waiting")])
    }
}
