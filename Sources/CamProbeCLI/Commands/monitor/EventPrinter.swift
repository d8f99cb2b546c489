import CamProbe
import FoundationEssentials
import KeptControls
import ProfileFormat

#if canImport(Glibc)
    import Glibc
#endif

/// Lines `camprobe monitor` prints: text with a UTC timestamp, or JSON Lines.
struct EventPrinter: Sendable {
    var json: Bool

    func present(_ d: Device) { emit("present", device: d, id: d.id, name: d.name) }

    func event(_ e: DeviceEvent) {
        switch e {
        case .connected(let d): emit("connected", device: d, id: d.id, name: d.name, pending: d.awaitsCapabilities)
        case .capabilitiesRead(let d): emit("capabilities", device: d, id: d.id, name: d.name)
        case .changed(let d): emit("changed", device: d, id: d.id, name: d.name)
        case .disconnected(let id, let name): emit("disconnected", device: nil, id: id, name: name)
        case .overflow(let n):
            if json {
                jsonLine(MonitorEvent.Overflow(time: EventPrinter.timestamp(), dropped: n))
            } else {
                line(
                    "\(EventPrinter.timestamp())  overflow      \(n) events dropped (output too slow); run 'camprobe list' to resynchronise"
                )
            }
        }
    }

    /// A control changed (see `monitor --controls`).
    func control(_ id: DeviceID, _ e: ControlEvent) {
        if json {
            jsonLine(MonitorEvent.ControlChanged(time: EventPrinter.timestamp(), id: id, control: e))
        } else if e.deviceGone {
            line(
                "\(EventPrinter.timestamp())  \(Terminal.pad("control", 12)) \(id)  the device went away; its controls are no longer followed"
            )
        } else {
            let flags = e.flags.names.isEmpty ? "" : " [" + e.flags.names.joined(separator: ", ") + "]"
            line(
                "\(EventPrinter.timestamp())  \(Terminal.pad("control", 12)) \(id)  \(e.control)=\(e.value)\(flags) (\(e.changes.map(\.rawValue).joined(separator: ", ")) changed)"
            )
        }
    }

    /// A saved control profile was put back on a device (see `monitor --restore`).
    func restored(_ id: DeviceID, name: String, applied: Int, refused: [String], kept: [String]) {
        if json {
            jsonLine(
                MonitorEvent.Restored(
                    time: EventPrinter.timestamp(), id: id, profile: name, applied: applied, refused: refused, leftAutomatic: kept))
        } else {
            line(
                "\(EventPrinter.timestamp())  \(Terminal.pad("restored", 12)) \(id)  '\(name)': \(applied) controls applied"
                    + (refused.isEmpty ? "" : ", refused: " + refused.joined(separator: ", ")))
        }
    }

    /// A restored control was put back, given up on, or could not be written (see `monitor --restore NAME --reassert`).
    func reasserted(_ id: DeviceID, _ r: ControlReasserter.Report) {
        let time = EventPrinter.timestamp()
        switch r {
        case .reasserted(let control, let value, let was, let count):
            if json {
                jsonLine(MonitorEvent.Reasserted(time: time, id: id, control: control, value: value, was: was, count: count))
            } else {
                line(
                    "\(time)  \(Terminal.pad("reasserted", 12)) \(id)  \(control)=\(value) (another program set \(was); \(count) this minute)"
                )
            }
        case .gaveUp(let control, let value, let count):
            let message =
                "gave up holding \(control)=\(value): another program changed it back \(count) times within a minute; it is left alone now"
            if json {
                jsonLine(MonitorEvent.ReassertGaveUp(time: time, id: id, control: control, value: value, count: count, message: message))
            } else {
                line("\(time)  \(Terminal.pad("gave-up", 12)) \(id)  \(message)")
                Terminal.warning("\(id): \(message)")
            }
        case .failed(let control, let message):
            if json {
                jsonLine(MonitorEvent.ReassertFailed(time: time, id: id, control: control, message: message))
            } else {
                line("\(time)  \(Terminal.pad("reassert", 12)) \(id)  could not put back \(message)")
            }
        }
    }

    /// A held device failed (see `monitor --hold`).
    func holderError(_ e: CaptureDeviceError) {
        if json {
            jsonLine(MonitorEvent.HolderError(time: EventPrinter.timestamp(), id: e.id, kind: e.kind.rawValue, message: e.message))
        } else {
            line("\(EventPrinter.timestamp())  \(Terminal.pad("holder", 12)) \(e.id)  \(e.kind.rawValue): \(e.message)")
        }
    }

    /// A microphone's levels (see `monitor --levels`): `{"event":"levels","id":…,"pcm":…,"time":…,"channels":[…]}`.
    func levels(_ id: DeviceID, pcm: String, _ r: AudioLevels) {
        let time = EventPrinter.timestamp()
        if json {
            let extra = #""event":"levels","id":\#(LevelsRenderer.quoted(id.rawValue)),"pcm":\#(LevelsRenderer.quoted(pcm)),"#
            line(LevelsRenderer.json(r, time: time, extra: extra))
        } else {
            line(
                "\(time)  \(Terminal.pad("levels", 12)) \(id)  \(TerminalText.field(pcm))  \(LevelsRenderer.plain(r, unicode: LevelsRenderer.unicode))"
            )
        }
    }

    /// Metering a microphone stopped (it went away, is busy, …).
    func levelsEnded(_ id: DeviceID, pcm: String, message: String) {
        if json {
            jsonLine(MonitorEvent.LevelsEnded(time: EventPrinter.timestamp(), id: id, pcm: pcm, message: message))
        } else {
            line("\(EventPrinter.timestamp())  \(Terminal.pad("levels", 12)) \(id)  stopped: \(message)")
        }
    }

    /// One JSON Lines record: the bytes JSONEncoder writes with [.sortedKeys, .withoutEscapingSlashes].
    func jsonLine<T: Encodable>(_ value: T) {
        if let text = Self.jsonText(value) { line(text) }
    }

    private static func jsonText<T: Encodable>(_ value: T) -> String? {
        (try? SortedJSONEncoder(prettyPrinted: false).encode(value)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// `pending`: a connect announced before its capabilities are read (`"capabilities": "pending"`; a
    /// `capabilities` line follows).
    private func emit(_ kind: String, device: Device?, id: DeviceID, name: String, pending: Bool = false) {
        if let text = render(kind, device: device, id: id, name: name, pending: pending) { line(text) }
    }

    private func render(_ kind: String, device: Device?, id: DeviceID, name: String, pending: Bool) -> String? {
        let time = EventPrinter.timestamp()
        if json {
            let value = MonitorEvent.DeviceLine(
                event: kind, time: time, id: id, name: name, device: device, capabilities: pending ? "pending" : nil)
            return Self.jsonText(value)
        }
        var text = "\(time)  \(Terminal.pad(kind, 12)) \(id)  \"\(TerminalText.field(name))\""
        if let d = device {
            text += "  nodes " + d.nodes.map(\.path).joined(separator: ",")
            let modes = d.modeSummary
            if !modes.isEmpty { text += "  best " + modes.joined(separator: ", ") }
            if pending { text += "  (reading capabilities)" }
        }
        return text
    }

    /// Renders a `connected` line for a made-up USB camera and prints nothing. The first line of a kind makes
    /// the Swift runtime find the metadata and conformances of every type in it, each lookup a scan of all the
    /// binary's conformance records; under qemu that made the first connect after `monitor` started 100 ms
    /// slower than the others (Reports/benchmarks.md §18). Done before waiting, it is not done while a
    /// device is being announced.
    func prepare() {
        let identity = DeviceIdentity(
            vendorID: "0000", productID: "0000", serial: "-", portPath: "-", udevIDPath: "-", byID: ["-"], byPath: ["-"],
            busInfo: "-", driver: "-", physicalPath: "-")
        let nodes = [NodeRole.capture, .metadata, .media, .audio].map { DeviceNode(role: $0, path: "-") }
        let d = Device(
            id: DeviceID("-"), name: "-", modelID: "0000:0000", transport: Transport(kind: .usb, speedMbps: 480), identity: identity,
            nodes: nodes, captures: [])
        _ = render("connected", device: d, id: d.id, name: d.name, pending: true)
        _ = render("disconnected", device: nil, id: d.id, name: d.name, pending: false)
    }

    /// One line, written at once (a failed write ends the process: `StandardOutput`).
    func line(_ s: String) {
        if json {
            StandardOutput.raw(ASCIIDocuments.forStandardOutput(JSONText.escapingControls(Array(s.utf8))) + [0x0A])
        } else {
            print(s)
        }
        StandardOutput.flush()
    }

    /// UTC, millisecond precision: 2026-11-22T17:05:01.123Z
    static func timestamp() -> String {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        var t = ts.tv_sec
        var tm = tm()
        gmtime_r(&t, &tm)
        func two(_ v: Int32) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let ms = Int(ts.tv_nsec / 1_000_000)
        let msText = ms < 10 ? "00\(ms)" : ms < 100 ? "0\(ms)" : "\(ms)"
        return
            "\(tm.tm_year + 1900)-\(two(tm.tm_mon + 1))-\(two(tm.tm_mday))T\(two(tm.tm_hour)):\(two(tm.tm_min)):\(two(tm.tm_sec)).\(msText)Z"
    }
}
