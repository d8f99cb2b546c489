import CaptureModel

/// What `camprobe import media-ctl` made of a media-controller system's pasted text.
public struct MediaCtlImportResult: Sendable {
    /// One device per sensor, named after the sensor entity.
    public var devices: [Device]
    /// The system's facts as read (graph, pad modes, controls, capture nodes, mismatches).
    public var facts: MediaSystemFacts
    /// What the text could not tell, and what was assumed, in plain words.
    public var notes: [String]
    /// What was read: "media-ctl -p", "--list-subdev-mbus-codes", "controls", "formats", …
    public var recognized: [String]
}
