import CaptureModel

/// What `camprobe import v4l2-ctl` made of some v4l2-ctl text.
public struct V4L2CtlImportResult: Sendable {
    /// The device the text describes; what the text could not tell is absent.
    public var device: Device
    /// What the text could not tell, and what was reconstructed, in plain words.
    public var notes: [String]
    /// The kinds of output recognised: "formats", "controls", "info", "devices", "active-format", "parameters".
    public var recognized: [String]
}

/// Text camprobe could not read, with the file and line it tripped on.
public struct V4L2CtlImportError: Error, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var message: String
    public var description: String { "\(file):\(line): \(message)" }
}

/// Bounds on what one import may hold, so hostile text cannot exhaust memory.
public enum V4L2CtlImportLimits {
    public static let maximumBytes = 16 * 1024 * 1024
    /// Formats, sizes, intervals, controls and menu items, each.
    public static let maximumEntries = 100_000
}
