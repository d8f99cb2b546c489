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

/// Text camprobe could not read, with the file and line it tripped on.
package struct V4L2CtlImportError: Error, Sendable, CustomStringConvertible {
    package var file: String
    package var line: Int
    package var message: String
    package var description: String { "\(file):\(line): \(message)" }
}

/// Bounds on what one import may hold, so hostile text cannot exhaust memory.
package enum V4L2CtlImportLimits {
    package static let maximumBytes = 16 * 1024 * 1024
    /// Formats, sizes, intervals, controls and menu items, each.
    package static let maximumEntries = 100_000
}
