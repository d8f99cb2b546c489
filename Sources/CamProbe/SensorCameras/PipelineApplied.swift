import CaptureModel
import Negotiation
import SensorPipelines

/// What configuring a media pipeline did (`AppliedConfiguration.pipeline`): each pad as asked and as the driver
/// left it, the other capture nodes of the graph, and the links that still disagree.
public struct PipelineApplied: Sendable, Hashable, Codable {
    /// One pad set with `VIDIOC_SUBDEV_S_FMT` on its entity's subdevice node (`V4L2_SUBDEV_FORMAT_ACTIVE`).
    public struct PadResult: Sendable, Hashable, Codable {
        package var asked: PipelinePlan.PadSetting
        /// What `VIDIOC_SUBDEV_S_FMT` returned; nil when the call failed.
        package var got: SubdevPadFormat?
        /// Why the pad could not be set (the node, the call and its errno); nil when it was.
        public var error: String?
        /// True when the driver took another code or size than asked (`result` differs from `requested`).
        public var adjusted: Bool {
            got.map { $0.code != asked.code || $0.width != asked.size.width || $0.height != asked.size.height } ?? false
        }
        /// The pad and the format asked of it: the `v4l2_subdev_format` passed to `VIDIOC_SUBDEV_S_FMT`.
        public var requested: MediaPadFormat {
            MediaPadFormat(entity: asked.pad.entity, pad: asked.pad.pad, code: asked.code.description, size: asked.size)
        }
        /// The pad and the format the driver left on it: the `v4l2_subdev_format` `VIDIOC_SUBDEV_S_FMT` wrote
        /// back; nil when the call failed.
        public var result: MediaPadFormat? { got.map { MediaPadFormat(asked.pad, format: $0) } }
    }
    /// Another capture node of the pipeline, set with `VIDIOC_S_FMT` so the link into it agrees.
    public struct CaptureResult: Sendable, Hashable, Codable {
        public var path: String
        public var fourcc: FourCC?
        public var size: Dimensions
        /// What `VIDIOC_S_FMT` wrote back; nil when it failed.
        public var got: ActiveFormat?
        public var error: String?
    }
    /// An enabled data link whose two ends still carry different formats after configuring (read back with
    /// `MEDIA_IOC_G_TOPOLOGY` and `VIDIOC_SUBDEV_G_FMT`): the kernel's link validation refuses it, so
    /// `VIDIOC_STREAMON` on a capture node of the pipeline fails with `EPIPE`.
    public struct Mismatch: Sendable, Hashable, Codable {
        /// The link's source pad and its format.
        public var source: MediaPadFormat
        /// The link's sink pad and its format.
        public var sink: MediaPadFormat
        /// What differs, in words: "code RGB888_1X24 ≠ SRGGB8_1X8", "size 640x480 ≠ 1280x720".
        public var differences: [String]
        /// Commands that make the link valid (`media-ctl -d /dev/media0 -V '…'`, or `v4l2-ctl` for a capture node).
        public var fixes: [String]
        /// When the sink is a capture node: its node and active format (`YUYV 1280x720 on /dev/video0`).
        public var sinkCapture: String?
    }
    public var pads: [PadResult]
    public var otherCaptures: [CaptureResult]
    /// Links of the sensor's connected graph that still disagree after configuring (read back with `VIDIOC_SUBDEV_G_FMT`).
    package var remainingMismatches: [LinkMismatch]
    public var problems: [Problem]

    /// True when every pad took its format and nothing disagrees any more.
    public var isConsistent: Bool { pads.allSatisfy { $0.error == nil } && remainingMismatches.isEmpty }

    /// The links of the sensor's connected graph that still disagree after configuring; empty when the pipeline
    /// will stream.
    public var mismatches: [Mismatch] {
        remainingMismatches.map { m in
            Mismatch(
                source: MediaPadFormat(m.source, isSource: true, format: m.sourceFormat),
                sink: MediaPadFormat(m.sink, isSource: false, format: m.sinkFormat), differences: m.differences, fixes: m.fixes,
                sinkCapture: m.sinkCapture)
        }
    }
}
