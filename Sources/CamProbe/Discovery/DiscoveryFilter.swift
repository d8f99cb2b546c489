import CaptureModel

/// Which devices a `DiscoverySession` reports.
public struct DiscoveryFilter: Sendable, Hashable {
    /// A device is reported when it captures any of these: `.video`, it has a video capture node (a camera);
    /// `.audio`, it has a capture PCM (a microphone of its own, or a camera's).
    public var mediaTypes: Set<MediaType>
    /// When set, only devices on these transports (`.usb`, `.platform`, …).
    public var transports: Set<TransportKind>?

    public init(mediaTypes: Set<MediaType> = [.video], transports: Set<TransportKind>? = nil) {
        self.mediaTypes = mediaTypes
        self.transports = transports
    }

    /// Whether `device` passes the filter.
    public func matches(_ device: Device) -> Bool {
        if let transports, !transports.contains(device.transport.kind) { return false }
        // A device just arrived has no `captures` yet: its capture nodes tell it is a camera.
        let video = !device.captures.isEmpty || device.nodes.contains { $0.role == .capture }
        return (mediaTypes.contains(.video) && video) || (mediaTypes.contains(.audio) && !device.audio.isEmpty)
    }
}
