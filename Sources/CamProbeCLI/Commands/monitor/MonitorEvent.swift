import CamProbe
import CaptureModel

/// The records of `camprobe monitor --json`, one JSON Lines object each, as
/// `Profiles/schema/camprobe-event.schema.json` describes them. `EventPrinter` writes these types and nothing
/// else (the `levels` record is `LevelsRenderer`'s, shared with `camprobe levels --json`); `OutputSchemaTests`
/// checks a sample of every one against the schema, and that the schema names no other kind.
enum MonitorEvent {
    /// `present`, `connected`, `capabilities`, `changed` (with the device) and `disconnected` (without).
    struct DeviceLine: Encodable {
        var event: String
        var time: String
        var id: DeviceID
        var name: String
        var device: Device?
        /// "pending" on a `connected` line: the device is announced with identity and nodes; a `capabilities`
        /// line with its formats and controls follows.
        var capabilities: String?
    }

    /// Events the output was too slow for; `camprobe list` resynchronises.
    struct Overflow: Encodable {
        var event = "overflow"
        var time: String
        var dropped: Int
    }

    /// A control changed (`--controls`).
    struct ControlChanged: Encodable {
        var event = "control"
        var time: String
        var id: DeviceID
        var control: ControlEvent
    }

    /// A saved control profile was put back (`--restore`).
    struct Restored: Encodable {
        var event = "restored"
        var time: String
        var id: DeviceID
        var profile: String
        var applied: Int
        var refused: [String]
        var leftAutomatic: [String]
    }

    /// A restored control another program changed was put back (`--reassert`).
    struct Reasserted: Encodable {
        var event = "reasserted"
        var time: String
        var id: DeviceID
        var control: String
        var value: Int64
        var was: Int64
        var count: Int
    }

    /// `--reassert` stopped holding a control another program keeps changing.
    struct ReassertGaveUp: Encodable {
        var event = "reassert-gave-up"
        var time: String
        var id: DeviceID
        var control: String
        var value: Int64
        var count: Int
        var message: String
    }

    /// `--reassert` could not write a control back.
    struct ReassertFailed: Encodable {
        var event = "reassert-failed"
        var time: String
        var id: DeviceID
        var control: String
        var message: String
    }

    /// The device `--hold` keeps open failed.
    struct HolderError: Encodable {
        var event = "holder-error"
        var time: String
        var id: DeviceID
        var kind: String
        var message: String
    }

    /// Metering a microphone stopped (`--levels`).
    struct LevelsEnded: Encodable {
        var event = "levels-ended"
        var time: String
        var id: DeviceID
        var pcm: String
        var message: String
    }

    /// A PipeWire camera node: `present` when the watch connected, `added` or `removed` later; `id` and `join` name
    /// the device it stands for (absent when none is listed).
    struct PipeWireNodeLine: Encodable {
        var event = "pipewire-node"
        var state: String
        var time: String
        var id: DeviceID?
        var node: PipeWireNode
        var join: PipeWireJoin?
    }

    /// The PipeWire watch: `connected`, `lost` (the daemon went away), `unavailable` (none to watch yet, or no
    /// session: `status`) or `dropped` (events missed; it reconnects).
    struct PipeWireLine: Encodable {
        var event = "pipewire"
        var state: String
        var time: String
        var status: String?
        var message: String
    }
}
