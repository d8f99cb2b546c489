/// What kind of problem a `Problem` is, spelled as in documents (`"device-gone"`).
///
/// An `OpenStringSet`, not a closed enum: kinds have been added over time
/// (`device-gone`, `emulation-unavailable`, `imported`), and a profile from a
/// newer camprobe must still read, with its kind kept verbatim.
public struct ProblemKind: OpenStringSet {
    /// The kind as written in JSON and XML.
    public var rawValue: String
    /// Any kind, known or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// An ioctl failed for a reason other than the ones below.
    public static let ioctlFailed: ProblemKind = "ioctl-failed"
    /// A driver never ended a list; the listing was cut at camprobe's bound.
    public static let boundHit: ProblemKind = "bound-hit"
    /// The driver reported a value that cannot be right.
    public static let invalidValue: ProblemKind = "invalid-value"
    /// The driver listed the same entry more than once.
    public static let duplicate: ProblemKind = "duplicate"
    /// A capture node offers no formats (yet: a loopback node waits for a producer).
    public static let noFormats: ProblemKind = "no-formats"
    /// Only part of the input could be read.
    public static let partial: ProblemKind = "partial"
    /// No permission to open or use the node (`EACCES`, `EPERM`).
    public static let access: ProblemKind = "access"
    /// The device's identity could not be established completely.
    public static let identity: ProblemKind = "identity"
    /// The device went away while it was being read (`ENODEV` and friends).
    public static let deviceGone: ProblemKind = "device-gone"
    /// libv4l2 emulation was asked for but could not be used.
    public static let emulationUnavailable: ProblemKind = "emulation-unavailable"
    /// A fact that imported text (v4l2-ctl output) could not tell.
    public static let imported: ProblemKind = "imported"
    /// An ALSA device was busy (`EBUSY`).
    public static let busy: ProblemKind = "busy"
    /// An ALSA call failed for another reason.
    public static let alsaFailed: ProblemKind = "alsa-failed"

    /// Two ends of an enabled media-graph link disagree on their format: streaming fails with EPIPE.
    public static let pipelineMismatch: ProblemKind = "pipeline-mismatch"

    /// A capture node at the end of a media-controller pipeline: its limits are the receiver's, not the camera's.
    public static let mediaPipeline: ProblemKind = "media-pipeline"

    /// A line or listing of imported text that could not be read and was left out (`camprobe import --partial`).
    public static let skipped: ProblemKind = "skipped"

    /// Two imported files say different things about one fact of the same device; the problem names both.
    public static let importConflict: ProblemKind = "import-conflict"

    /// The kinds this version of camprobe writes.
    public static let allCases: [ProblemKind] = [
        .ioctlFailed, .boundHit, .invalidValue, .duplicate, .noFormats, .partial, .access, .identity, .deviceGone,
        .emulationUnavailable, .imported, .busy, .alsaFailed, .pipelineMismatch, .mediaPipeline, .importConflict,
        .skipped,
    ]
}
