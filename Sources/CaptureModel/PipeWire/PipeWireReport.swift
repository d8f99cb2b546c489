/// The PipeWire view of a listing: the daemon's camera nodes joined to the devices found over V4L2, the devices'
/// capture nodes it does not publish, or why there is no view.
public struct PipeWireReport: Sendable, Hashable, Codable {
    public enum Status: String, Sendable, Hashable, Codable {
        /// Read: `view` holds what the daemon publishes.
        case read
        /// Turned off (`--no-pipewire`).
        case off
        /// libpipewire-0.3 was not installed: only in profiles written by a camprobe that still read through it (it now
        /// speaks the daemon's native protocol itself); kept so those profiles still read.
        case noLibrary
        /// No daemon answers on the remote's socket.
        case noDaemon
        /// A daemon is there but did not answer within the bound.
        case timedOut
        case failed
    }
    public var status: Status
    /// One line for a person when the view is not read (which remote, what failed).
    public var message: String?
    public var view: PipeWireView?
    /// Per camera node: the device (and its node) it was joined to, and by what evidence.
    public var joins: [PipeWireJoin]
    /// Capture-side nodes of the listed devices that no PipeWire node stands for, with the reason where one is known.
    public var unpublished: [PipeWireUnpublished]

    public init(
        status: Status, message: String? = nil, view: PipeWireView? = nil, joins: [PipeWireJoin] = [],
        unpublished: [PipeWireUnpublished] = []
    ) {
        (self.status, self.message, self.view, self.joins, self.unpublished) = (status, message, view, joins, unpublished)
    }
}

/// A PipeWire node joined to a device.
public struct PipeWireJoin: Sendable, Hashable, Codable {
    public var nodeID: UInt32
    public var deviceID: DeviceID
    /// The V4L2 node behind it (v4l2 nodes), nil for a libcamera camera.
    public var devnode: String?
    /// The evidence: `api.v4l2.path`, `object.path`, or `api.libcamera.path` (the libcamera id of the sensor camera).
    public var by: String

    public init(nodeID: UInt32, deviceID: DeviceID, devnode: String?, by: String) {
        (self.nodeID, self.deviceID, self.devnode, self.by) = (nodeID, deviceID, devnode, by)
    }
}

/// A node of a listed device that PipeWire does not publish.
public struct PipeWireUnpublished: Sendable, Hashable, Codable {
    public var deviceID: DeviceID
    public var devnode: String
    /// Why, where the evidence says: "a metadata node", "no V4L2_CAP_VIDEO_CAPTURE"; else that it is not known.
    public var reason: String

    public init(deviceID: DeviceID, devnode: String, reason: String) {
        (self.deviceID, self.devnode, self.reason) = (deviceID, devnode, reason)
    }
}
