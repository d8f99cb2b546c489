import CaptureModel

/// What `camprobe import v4l2-ctl` made of some v4l2-ctl text.
package struct V4L2CtlImportResult: Sendable {
    /// The device the text describes; what the text could not tell is absent.
    package var device: Device
    /// What the text could not tell, and what was reconstructed, in plain words.
    package var notes: [String]
    /// The kinds of output recognised: "formats", "controls", "info", "devices", "active-format", "parameters".
    package var recognized: [String]
}
