import CaptureModel
import Negotiation
import V4L2

/// What `CaptureDevice.apply` did: the mode asked for, the mode the driver
/// reports now (the same type, read back), every field the driver changed,
/// and for a media-controller camera what configuring its pipeline did; after
/// `CaptureDevice.commit(preset:for:)`, the decision that chose the mode.
public struct AppliedConfiguration: Sendable, Hashable, Codable {
    /// The mode that was asked for.
    public var requested: CaptureMode
    /// The mode the driver reports after applying (`VIDIOC_G_FMT`, `VIDIOC_G_PARM`).
    public var mode: CaptureMode
    /// "size 1280x720 → 1280x768", "frame interval 1/60 → 1/30": what the driver adjusted; empty when exact.
    public var adjustments: [String]
    /// The V4L2 detail: the format and interval before and after (bytes per line, colour space, …).
    public var details: AppliedFormat
    /// For a media-controller camera: each pad set, the other capture nodes, the links that still disagree.
    public var pipeline: PipelineApplied?
    /// The negotiation that chose the mode, when `commit(preset:for:)` applied it; nil after `apply`.
    public var decision: Decision?

    /// True when the driver took the mode exactly as asked.
    public var isExact: Bool { adjustments.isEmpty }

    init(requested: CaptureMode, path: String, details: AppliedFormat, pipeline: PipelineApplied?) {
        self.requested = requested
        let a = details.after
        let rate = details.afterInterval.flatMap { $0.interval.isValid ? $0.interval.reciprocal : nil }
        mode = CaptureMode(
            path: path, bufferType: a.bufferType, fourcc: a.fourcc, size: Dimensions(width: a.width, height: a.height), frameRate: rate,
            isEmulated: requested.isEmulated && a.fourcc == requested.fourcc)
        adjustments = details.adjustments
        self.details = details
        self.pipeline = pipeline
    }
}
