import CaptureModel
import SensorPipelines

/// What `camprobe import media-ctl` made of a media-controller system's pasted text.
package struct MediaCtlImportResult: Sendable {
    /// One device per sensor, named after the sensor entity.
    package var devices: [Device]
    /// The system's facts as read (graph, pad modes, controls, capture nodes, mismatches).
    package var facts: MediaSystemFacts
    /// What the text could not tell, and what was assumed, in plain words.
    package var notes: [String]
    /// What was read: "media-ctl -p", "--list-subdev-mbus-codes", "controls", "formats", …
    package var recognized: [String]
}
