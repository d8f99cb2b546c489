import CaptureModel

/// What the registry tells its subscribers: one event per physical device.
package enum DeviceEvent: Sendable, Hashable {
    /// A device appeared, announced as soon as its nodes are complete: identity, nodes (each capture node's
    /// `VIDIOC_QUERYCAP`), its microphone's cards and, for a media-controller camera, its sensor's place in the graph.
    /// Its formats and controls are not read yet: `capabilitiesRead` follows with them (or `disconnected`, if it
    /// goes first). `captures` is empty until then, which says "not read", never "none".
    case connected(Device)
    /// A device announced by `connected` has had its formats, sizes, intervals and controls read (the
    /// `VIDIOC_ENUM_FMT` / `ENUM_FRAMESIZES` / `ENUM_FRAMEINTERVALS` / `QUERY_EXT_CTRL` walk): the same device, whole.
    case capabilitiesRead(Device)
    /// A device went away (all its capture nodes are gone).
    case disconnected(DeviceID, name: String)
    /// A known device's nodes changed (e.g. its metadata node arrived late).
    case changed(Device)
    /// The subscriber was too slow: this many events were dropped before the
    /// next one. Re-read `DeviceRegistry.devices` to resynchronise.
    case overflow(dropped: Int)

    /// "connected", "capabilities", "disconnected", "changed" or "overflow".
    package var kind: String {
        switch self {
        case .connected: "connected"
        case .capabilitiesRead: "capabilities"
        case .disconnected: "disconnected"
        case .changed: "changed"
        case .overflow: "overflow"
        }
    }

    /// The stable ID the event is about (nil for overflow).
    package var deviceID: DeviceID? {
        switch self {
        case .connected(let d), .capabilitiesRead(let d), .changed(let d): d.id
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

extension Device {
    /// True for a device announced by `DeviceEvent.connected` whose `capabilitiesRead` is still to come: it has
    /// capture nodes and no capture capabilities yet. A microphone of its own is whole when connected.
    package var awaitsCapabilities: Bool { captures.isEmpty && nodes.contains { $0.role == .capture } }
}
