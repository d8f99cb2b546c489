import CaptureModel
import DeviceFixtures
import FoundationEssentials
import HostSystem
import PipeWire

/// A PipeWire daemon at the seam: a registry described in JSON (what `pw-dump` shows, with each node's formats
/// given plainly and encoded as the SPA PODs a daemon sends), or a daemon that is absent or never answers.
///
///     {"core": {"name": "pipewire-0", "version": "0.3.65"},
///      "objects": [{"id": 36, "type": "PipeWire:Interface:Node", "props": {"media.class": "Video/Source", …},
///                   "formats": [{"format": "YUY2", "width": 640, "height": 480, "rates": ["30/1", "15/1"]},
///                               {"subtype": "mjpg", "width": 1280, "height": 720, "rates": ["30/1"]}],
///                   "paramResult": -2}],
///      "answer": "ok" | "noDaemon" | "never",
///      "watch": [{"afterMs": 200, "add": {"id": 50, "type": "PipeWire:Interface:Node", "props": {…}}},
///                {"afterMs": 100, "remove": 50}, {"afterMs": 100, "lose": "the daemon closed the connection"}]}
///
/// A watch announces the `Video/Source` nodes of `objects`, settles, then plays `watch` in order, each step
/// `afterMs` after the one before; `lose` ends that connection (the next watch starts again from `objects`).
package struct FakePipeWirePort: PipeWirePort {
    package struct Spec: Sendable, Codable {
        package struct Core: Sendable, Codable {
            var name: String
            var version: String
        }
        package struct Format: Sendable, Codable {
            var format: String?
            var subtype: String?
            var width: UInt32
            var height: UInt32
            var rates: [String]
        }
        package struct Object: Sendable, Codable {
            var id: UInt32
            var type: String
            var props: [String: String]?
            var formats: [Format]?
            var paramResult: Int32?
        }
        /// One step of a watch.
        package struct WatchStep: Sendable, Codable {
            var afterMs: Int?
            var add: Object?
            var remove: UInt32?
            var lose: String?
        }
        var core: Core?
        var objects: [Object]?
        var answer: String?
        var watch: [WatchStep]?
        package init(answer: String? = nil) { self.answer = answer }
    }

    let spec: Spec

    package init(spec: Spec) { self.spec = spec }

    /// Reads a fixture file (see the type's description).
    package init(file: String) throws {
        spec = try JSONDecoder().decode(Spec.self, from: Data(contentsOf: URL(fileURLWithPath: file)))
    }

    package func read(_ options: PipeWireReadOptions) -> Result<PipeWireSnapshot, PipeWireReadError> {
        switch spec.answer ?? "ok" {
        case "noDaemon": return .failure(PipeWireReadError(.noDaemon, "no PipeWire daemon on the remote (fake)"))
        case "never":
            // As the real reader: the whole bound passes, then it gives up.
            FakeClock.sleep(milliseconds: options.timeoutMilliseconds)
            return .failure(PipeWireReadError(.timedOut, "the PipeWire daemon did not answer within \(options.timeoutMilliseconds) ms"))
        default: break
        }
        let objects = (spec.objects ?? []).prefix(options.maxObjects).map { Self.object($0, options) }
        return .success(
            PipeWireSnapshot(
                coreName: spec.core?.name ?? "pipewire-0", coreVersion: spec.core?.version ?? "0.3.65", libraryVersion: "0.3.65 (fake)",
                objects: objects, droppedObjects: max(0, (spec.objects?.count ?? 0) - options.maxObjects)))
    }

    /// A global of the spec, bounded by `options`.
    static func object(_ o: Spec.Object, _ options: PipeWireReadOptions) -> PipeWireObject {
        let props = (o.props ?? [:]).sorted { $0.key < $1.key }.map { (key: $0.key, value: String($0.value.prefix(options.maxString))) }
        let params = options.enumFormats ? (o.formats ?? []).prefix(options.maxParams).map(Self.pod) : []
        return PipeWireObject(
            id: o.id, type: o.type, props: Array(props.prefix(options.maxProps)), params: params, paramResult: o.paramResult ?? 0)
    }

    package func watch(_ options: PipeWireReadOptions) -> Result<any PipeWireWatch, PipeWireReadError> {
        switch spec.answer ?? "ok" {
        case "noDaemon": return .failure(PipeWireReadError(.noDaemon, "no PipeWire daemon on the remote (fake)"))
        case "never": return .success(FakePipeWireWatch(events: []))
        default: break
        }
        let present = (spec.objects ?? []).filter { $0.type.hasSuffix(":Node") && $0.props?["media.class"] == "Video/Source" }
        var events: [(afterMs: Int, event: PipeWireWatchEvent)] = present.map { (0, .added(Self.object($0, options))) }
        events.append((0, .settled))
        for step in spec.watch ?? [] {
            let after = step.afterMs ?? 0
            if let o = step.add { events.append((after, .added(Self.object(o, options)))) }
            if let id = step.remove { events.append((after, .removed(id))) }
            if let why = step.lose {
                events.append((after, .lost(why)))
                break
            }
        }
        return .success(FakePipeWireWatch(events: events))
    }

    /// One EnumFormat entry as the v4l2 source makes it.
    static func pod(_ f: Spec.Format) -> [UInt8] {
        let rates = f.rates.compactMap(Rational.init(parsing:)).map { ($0.numerator, $0.denominator) }
        if let s = f.subtype {
            let subtype = s == "h264" ? SPAVideoFormat.subtypeH264 : SPAVideoFormat.subtypeMJPG
            return PodBuilder.object([
                (SPAVideoFormat.keyMediaType, PodBuilder.id(SPAVideoFormat.mediaTypeVideo)),
                (SPAVideoFormat.keyMediaSubtype, PodBuilder.id(subtype)),
                (SPAVideoFormat.keySize, PodBuilder.rect(f.width, f.height)),
                (
                    SPAVideoFormat.keyFramerate,
                    PodBuilder.choice(
                        .enum, type: SPAType.fraction, ([rates.first ?? (1, 1)] + rates).map { PodBuilder.u32($0.0) + PodBuilder.u32($0.1) }
                    )
                ),
            ])
        }
        let number = UInt32(SPAVideoFormat.names.firstIndex(of: f.format ?? "YUY2") ?? 0)
        return PodBuilder.raw(number, f.width, f.height, rates: [rates.first ?? (1, 1)] + rates)
    }
}

/// A fake watch: its events in order, each `afterMs` after the one before (real time: the monitor's timing is
/// what is tested); then nothing, or `lost` again after a loss, as the real one. Interrupted, it waits no more.
final class FakePipeWireWatch: PipeWireWatch {
    private var events: [(afterMs: Int, event: PipeWireWatchEvent)]
    private var lost: PipeWireWatchEvent?
    private var waited = 0
    private let interrupted = Latch()

    init(events: [(afterMs: Int, event: PipeWireWatchEvent)]) { self.events = events }

    var interrupter: @Sendable () -> Void { { [interrupted] in interrupted.open() } }

    func next(timeoutMilliseconds: Int) -> PipeWireWatchEvent? {
        if let lost { return lost }
        guard let first = events.first else {
            _ = interrupted.wait(milliseconds: timeoutMilliseconds)
            return nil
        }
        let due = first.afterMs - waited
        if due > timeoutMilliseconds {
            if interrupted.wait(milliseconds: timeoutMilliseconds) { return nil }
            waited += timeoutMilliseconds
            return nil
        }
        if due > 0 && interrupted.wait(milliseconds: due) { return nil }
        events.removeFirst()
        waited = 0
        if case .lost = first.event { lost = first.event }
        return first.event
    }
}
