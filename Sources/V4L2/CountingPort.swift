import CaptureModel

/// A port that forwards to another and counts every ioctl by request, for
/// benchmarks and for proving that listing sends no state-changing ioctl.
public final class CountingPort: V4L2IoctlPort {
    public let inner: any V4L2IoctlPort
    /// Calls per request name (`VIDIOC_ENUM_FMT` → 12), including failed ones.
    public private(set) var counts: [String: Int] = [:]
    public var path: String { inner.path }
    public var throughLibV4L2: Bool { inner.throughLibV4L2 }

    public init(_ inner: any V4L2IoctlPort) { self.inner = inner }

    public func perform(_ request: UInt, _ argument: UnsafeMutableRawPointer) -> Int32 {
        let name = V4L2Request(number: request)?.description ?? "0x" + String(request, radix: 16)
        counts[name, default: 0] += 1
        return inner.perform(request, argument)
    }

    /// Total number of ioctls sent.
    public var total: Int { counts.values.reduce(0, +) }

    /// Number of ioctls sent that could change device state (S_FMT, TRY_FMT, S_PARM, …).
    public var stateChanging: Int {
        V4L2Request.allCases.filter(\.changesState).reduce(0) { $0 + (counts[$1.description] ?? 0) }
    }
}
