/// How V4L2 lists frame sizes (`v4l2_frmsizetypes`): a `FrameSize`'s `type`
/// in documents. Closed: the kernel ABI has exactly these, the schemas accept
/// nothing else, and `FrameSize` has one case for each.
public enum FrameSizeKind: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// A list of single values.
    case discrete
    /// A range with a step.
    case stepwise
    /// A range with any value between its ends.
    case continuous

    /// The name as written in documents.
    public var description: String { rawValue }
}
