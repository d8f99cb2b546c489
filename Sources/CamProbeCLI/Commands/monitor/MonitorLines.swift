import CamProbe
import ProfileFormat

/// `camprobe monitor --json`'s lines as values, for a reader in this process: `camprobe-serve` sends each as one
/// Server-Sent Event (the JSON its `data`, its `event` field the event's name).
package enum MonitorLines {
    /// One line: the record's `event` field and the JSON, as `monitor --json` prints it.
    package struct Line: Sendable {
        /// `present`, `connected`, `capabilities`, `changed`, `disconnected` or `overflow`.
        package var event: String
        /// The record on one line.
        package var json: String
    }

    /// The line `monitor --json` prints for a device present at its start.
    package static func present(_ d: Device) -> Line {
        device("present", device: d, id: d.id, name: d.name, pending: false)
    }

    /// The line `monitor --json` prints for `e`.
    package static func line(_ e: DeviceEvent) -> Line {
        switch e {
        case .connected(let d): device("connected", device: d, id: d.id, name: d.name, pending: d.awaitsCapabilities)
        case .capabilitiesRead(let d): device("capabilities", device: d, id: d.id, name: d.name, pending: false)
        case .changed(let d): device("changed", device: d, id: d.id, name: d.name, pending: false)
        case .disconnected(let id, let name): device("disconnected", device: nil, id: id, name: name, pending: false)
        case .overflow(let n): Line(event: "overflow", json: text(MonitorEvent.Overflow(time: EventPrinter.timestamp(), dropped: n)))
        }
    }

    private static func device(_ kind: String, device: Device?, id: DeviceID, name: String, pending: Bool) -> Line {
        let value = MonitorEvent.DeviceLine(
            event: kind, time: EventPrinter.timestamp(), id: id, name: name, device: device, capabilities: pending ? "pending" : nil)
        return Line(event: kind, json: text(value))
    }

    private static func text<T: Encodable>(_ value: T) -> String {
        (try? SortedJSONEncoder(prettyPrinted: false).encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
