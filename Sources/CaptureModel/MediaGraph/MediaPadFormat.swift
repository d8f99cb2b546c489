/// One pad of a media pipeline and the format on it, as `media-ctl -p` prints it:
/// `"Sensor A":0 [fmt:SRGGB8_1X8/640x480]`.
public struct MediaPadFormat: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The entity's name (`media_v2_entity.name`, from `MEDIA_IOC_G_TOPOLOGY`), as `media-ctl` addresses it.
    public var entity: String
    /// The entity's id in the graph (`media_v2_entity.id`): unique within the graph, not across boots; nil when
    /// not known (a pad named by the pipeline plan, not read from the graph).
    public var entityID: UInt32?
    /// The pad's index within its entity (`media_v2_pad.index`): the `0` of `"Sensor A":0`.
    public var pad: UInt32
    /// True for a source pad (`MEDIA_PAD_FL_SOURCE`, data leaves the entity), false for a sink; nil when not known.
    public var isSource: Bool?
    /// The media-bus code (`v4l2_mbus_framefmt.code` of `VIDIOC_SUBDEV_G_FMT` / `VIDIOC_SUBDEV_S_FMT`), by its
    /// kernel name without `MEDIA_BUS_FMT_` (`SRGGB8_1X8`), or `0x…` for a code camprobe has no name for; nil when
    /// the pad's format is not known (a capture node's sink pad: its format is the node's `VIDIOC_G_FMT`).
    public var code: String?
    /// The frame size on the pad (`v4l2_mbus_framefmt.width` and `height`); nil when the format is not known.
    public var size: Dimensions?

    public init(
        entity: String, entityID: UInt32? = nil, pad: UInt32, isSource: Bool? = nil, code: String? = nil, size: Dimensions? = nil
    ) {
        self.entity = entity
        self.entityID = entityID
        self.pad = pad
        self.isSource = isSource
        self.code = code
        self.size = size
    }

    /// `"Sensor A":0 [fmt:SRGGB8_1X8/640x480]`, or `"Raw Capture 0":0` without a format.
    public var description: String {
        let at = "\"\(entity)\":\(pad)"
        guard let code, let size else { return at }
        return "\(at) [fmt:\(code)/\(size.width)x\(size.height)]"
    }
}

extension MediaPadFormat {
    /// A pad and the format a subdevice reports on it.
    package init(_ pad: PadRef, entityID: UInt32? = nil, isSource: Bool? = nil, format: SubdevPadFormat?) {
        self.init(
            entity: pad.entity, entityID: entityID, pad: pad.pad, isSource: isSource, code: format?.code.description,
            size: format.map { Dimensions(width: $0.width, height: $0.height) })
    }
}
