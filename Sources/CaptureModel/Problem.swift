/// Something that went wrong while reading a device, kept with the result
/// instead of thrown away: the ioctl or call, the errno, and what it means.
public struct Problem: Sendable, Hashable, Codable, CustomStringConvertible {
    /// What kind of problem: `.ioctlFailed` (`ioctl-failed`), `.boundHit`, `.invalidValue`, `.duplicate`, `.partial`,
    /// `.access`, `.identity`, `.deviceGone`, … (`ProblemKind`).
    public var kind: ProblemKind
    /// The ioctl or C call, e.g. `VIDIOC_ENUM_FRAMESIZES`.
    public var call: String?
    /// errno, when there is one.
    public var errno: Int32?
    /// errno's symbolic name, e.g. `ENODEV`.
    public var errnoName: String?
    /// A sentence for a person.
    public var message: String

    public init(kind: ProblemKind, call: String? = nil, errno: Int32? = nil, errnoName: String? = nil, message: String) {
        self.kind = kind
        self.call = call
        self.errno = errno
        self.errnoName = errnoName
        self.message = message
    }

    public var description: String { message }
}
