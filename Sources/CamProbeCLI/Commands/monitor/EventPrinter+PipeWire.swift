import CamProbe
import CaptureModel

extension EventPrinter {
    /// A PipeWire camera node present when the watch connected, added or removed (`state`), with the device it
    /// stands for.
    func pipeWireNode(_ state: String, _ n: PipeWireNode, _ join: PipeWireJoin?) {
        let time = EventPrinter.timestamp()
        if json {
            jsonLine(MonitorEvent.PipeWireNodeLine(state: state, time: time, id: join?.deviceID, node: n, join: join))
            return
        }
        let target =
            join.map { j in "\(state == "removed" ? "was for" : "for") \(j.deviceID)" + (j.devnode.map { " \($0)" } ?? "") }
            ?? (n.v4l2Path ?? n.libcameraID).map { "\(TerminalText.field($0)), not a listed device" }
            ?? "names no V4L2 node or libcamera camera"
        let api = n.api.map { " (\(TerminalText.field($0)))" } ?? ""
        line("\(time)  \(Terminal.pad("pw-" + state, 12)) node \(n.id) \"\(TerminalText.field(n.description ?? n.name))\"\(api)  \(target)")
    }

    /// The PipeWire watch itself: connected, lost, unavailable (with the report's status) or dropped events.
    func pipeWireDaemon(_ state: String, status: PipeWireReport.Status?, message: String) {
        let time = EventPrinter.timestamp()
        if json {
            jsonLine(MonitorEvent.PipeWireLine(state: state, time: time, status: status?.rawValue, message: message))
        } else {
            line("\(time)  \(Terminal.pad("pipewire", 12)) \(state): \(TerminalText.field(message))")
        }
    }
}
