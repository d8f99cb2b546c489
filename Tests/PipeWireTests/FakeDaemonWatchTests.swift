import Foundation
import Glibc
import Testing

@testable import PipeWire

/// The native watch (`NativeWatch`, behind `SystemPipeWirePort.watch`) against `FakeDaemon`: camera nodes present,
/// settled, added and removed; the daemon's end is the watch's loss; the queue's bound is told as dropped events.
@Suite("Native watch against a fake daemon", .serialized)
struct FakeDaemonWatchTests {
    typealias Global = FakeDaemon.Global

    /// The next event within `seconds` (nil: none).
    static func next(_ w: any PipeWireWatch, within seconds: Int = 3) -> PipeWireWatchEvent? {
        let end = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < end { if let e = w.next(timeoutMilliseconds: 100) { return e } }
        return nil
    }

    static func options(_ daemon: FakeDaemon, maxObjects: Int = 64) -> PipeWireReadOptions {
        var o = PipeWireReadOptions(remote: daemon.path)
        o.timeoutMilliseconds = 2000
        o.maxObjects = maxObjects
        return o
    }

    @Test("Cameras present, settled, then removed and added; the daemon closing is lost, on every later call")
    func follows() throws {
        var script = FakeDaemon.Script()
        script.globals = [.camera(40, "a"), Global(id: 41, props: [("media.class", "Audio/Source")]), .camera(42, "b")]
        script.afterSettle = [.remove(41), .remove(40), .add(.camera(43, "c")), .close]
        let daemon = try FakeDaemon(script)
        defer { daemon.stop() }
        let w = try SystemPipeWirePort().watch(Self.options(daemon)).get()
        var ids: [String] = []
        while let e = Self.next(w) {
            switch e {
            case .added(let o): ids.append("+\(o.id):\(o["node.name"] ?? "")")
            case .removed(let id): ids.append("-\(id)")
            case .settled: ids.append("settled")
            case .dropped(let n): ids.append("dropped \(n)")
            case .lost(let why):
                ids.append("lost")
                #expect(why.contains("closed the connection"), "\(why)")
            }
            if case .lost = e { break }
        }
        #expect(ids == ["+40:a", "+42:b", "settled", "-40", "+43:c", "lost"])
        #expect(w.next(timeoutMilliseconds: 0) == .lost("the PipeWire daemon closed the connection"))
    }

    @Test("More cameras than maxObjects: the excess is told as dropped, before anything queued")
    func queueBound() throws {
        var script = FakeDaemon.Script()
        script.globals = [.camera(40, "a"), .camera(42, "b"), .camera(44, "c")]
        let daemon = try FakeDaemon(script)
        defer { daemon.stop() }
        let w = try SystemPipeWirePort().watch(Self.options(daemon, maxObjects: 1)).get()
        guard case .dropped(let n)? = Self.next(w) else {
            Issue.record("no dropped event first")
            return
        }
        #expect(n >= 2)
        guard case .added(let first)? = Self.next(w) else {
            Issue.record("no camera after the drop")
            return
        }
        #expect(first.id == 40)
    }

    @Test("No daemon: the watch does not open, and says so")
    func noDaemon() throws {
        let directory = try RealDaemon.temporaryDirectory()
        defer { rmdir(directory) }
        var o = PipeWireReadOptions(remote: directory + "/pipewire-0")
        o.timeoutMilliseconds = 300
        guard case .failure(let e) = SystemPipeWirePort().watch(o) else {
            Issue.record("a watch opened without a daemon")
            return
        }
        #expect(e.kind == .noDaemon)
    }
}
