/// What one device node is for, spelled as in documents (`"metadata-output"`).
///
/// An `OpenStringSet`, not a closed enum: profiles carry roles as plain
/// strings, and a newer camprobe may name nodes this one cannot (touch
/// sensors, sub-devices); such a profile must still read and write back the
/// same role rather than fail or collapse into `other`.
public struct NodeRole: OpenStringSet {
    /// The role as written in JSON and XML.
    public var rawValue: String
    /// Any role, known or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A video capture node.
    public static let capture: NodeRole = "capture"
    /// A metadata capture node (e.g. UVC metadata).
    public static let metadata: NodeRole = "metadata"
    /// A video output node.
    public static let output: NodeRole = "output"
    /// A metadata output node.
    public static let metadataOutput: NodeRole = "metadata-output"
    /// A media controller node (`/dev/mediaN`).
    public static let media: NodeRole = "media"
    /// An ALSA card's control node.
    public static let audio: NodeRole = "audio"
    /// A V4L2 node that is none of the above.
    public static let other: NodeRole = "other"
    /// A node that could not be opened.
    public static let unknown: NodeRole = "unknown"

    /// The roles this version of camprobe writes, in the order devices list their nodes.
    public static let allCases: [NodeRole] = [.capture, .metadata, .output, .metadataOutput, .other, .media, .audio, .unknown]
}
