import CaptureModel

/// What `media-ctl -p` printed, as read: the device information block and each
/// entity with its type, device node, pads (with the text of their format
/// brackets) and links by name. `MediaCtlGraphBuilder` turns it into a `MediaGraph`.
struct MediaCtlTopologyText {
    /// "Media controller API version 6.6.31".
    var apiVersion: String?
    /// The "Media device information" block: `driver`, `model`, `serial`, `bus info`, `hw revision`, `driver version`.
    var info: [String: String] = [:]
    var entities: [Entity] = []
    /// Lines read but not understood, and other things worth saying.
    var problems: [Problem] = []

    struct Entity {
        var id: UInt32
        var name: String
        /// The pad count the entity line announced.
        var padCount: Int
        var line: Int
        /// `V4L2 subdev` or `Node`.
        var type: String?
        /// `Sensor`, `Lens`, `V4L`, `Unknown`, …
        var subtype: String?
        var flags: UInt32 = 0
        /// `/dev/v4l-subdev1`, `/dev/video0`.
        var devnode: String?
        var pads: [Pad] = []
    }

    struct Pad {
        var index: UInt32
        var flags: MediaPadFlags
        var line: Int
        /// The fields of the pad's format bracket (the first stream's when it lists several), joined on one line.
        var format: String?
        var formatLine: Int = 0
        var links: [Link] = []
    }

    struct Link {
        /// `->`: this pad is the source; `<-`: this pad is the sink.
        var outgoing: Bool
        var remote: String
        var remotePad: UInt32
        var flags: MediaLinkFlags
        var line: Int
    }
}
