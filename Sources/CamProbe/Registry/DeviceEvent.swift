import CaptureModel

/// What the registry tells its subscribers: one event per physical device.
package enum DeviceEvent: Sendable, Hashable {
    /// A device appeared; its capabilities are already read.
    case connected(Device)
    /// A device went away (all its capture nodes are gone).
    case disconnected(DeviceID, name: String)
    /// A known device's nodes changed (e.g. its metadata node arrived late).
    case changed(Device)
    /// The subscriber was too slow: this many events were dropped before the
    /// next one. Re-read `DeviceRegistry.devices` to resynchronise.
    case overflow(dropped: Int)

    /// "connected", "disconnected", "changed" or "overflow".
    package var kind: String {
        switch self {
        case .connected: "connected"
        case .disconnected: "disconnected"
        case .changed: "changed"
        case .overflow: "overflow"
        }
    }

    /// The stable ID the event is about (nil for overflow).
    package var deviceID: DeviceID? {
        switch self {
        case .connected(let d), .changed(let d): d.id
        case .disconnected(let id, _): id
        case .overflow: nil
        }
    }
}

/// Why the registry refused a request about a device.
package struct RegistryError: Error, Sendable, CustomStringConvertible {
    package var id: DeviceID
    package var message: String
    package var description: String { message }
}
