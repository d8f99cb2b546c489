/// A pad of a media graph as `media-ctl` names it: `"Sensor A":0`.
package struct PadRef: Sendable, Hashable, Codable, CustomStringConvertible {
    package var entity: String
    package var pad: UInt32
    package init(entity: String, pad: UInt32) {
        self.entity = entity
        self.pad = pad
    }
    package var description: String { "\"\(entity)\":\(pad)" }
}

/// An enabled link whose two ends carry different formats: the kernel's link
/// validation refuses it, so `VIDIOC_STREAMON` on any capture node of the
/// pipeline fails with `EPIPE` until they agree.
package struct LinkMismatch: Sendable, Hashable, Codable {
    package var source: PadRef
    package var sink: PadRef
    package var sourceFormat: SubdevPadFormat
    package var sinkFormat: SubdevPadFormat
    /// What differs, in words: "code RGB888_1X24 ≠ SRGGB8_1X8", "size 640x480 ≠ 1280x720", "field 4 ≠ 1".
    package var differences: [String]
    /// Commands that make the link valid (`media-ctl -d DEV -V '…'`, or `v4l2-ctl` for a capture node).
    package var fixes: [String]
    /// When the sink is a capture node: its node and active format (`YUYV 1280x720 on /dev/video0`).
    package var sinkCapture: String?

    package init(
        source: PadRef, sink: PadRef, sourceFormat: SubdevPadFormat, sinkFormat: SubdevPadFormat, differences: [String], fixes: [String],
        sinkCapture: String? = nil
    ) {
        self.source = source
        self.sink = sink
        self.sourceFormat = sourceFormat
        self.sinkFormat = sinkFormat
        self.differences = differences
        self.fixes = fixes
        self.sinkCapture = sinkCapture
    }
}
