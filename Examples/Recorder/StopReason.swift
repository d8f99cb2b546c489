#if canImport(Glibc)
    import Glibc
#endif

/// Why a recording ended before its camera went away, printed as `Stopped: …`
/// (AVCaptureMovieFileOutput's maxRecordedDuration, maxRecordedFileSize and
/// minFreeDiskSpaceLimit, and the signals that ask a recorder to finish).
enum StopReason: Sendable, Equatable, CustomStringConvertible {
    /// SIGINT or SIGTERM: the files are finished, as for any other stop.
    case signal(Int32)
    /// --max-duration (or --seconds) of media recorded.
    case maxDuration(Double)
    /// --max-size: the next write would have taken a file past it.
    case maxSize(UInt64)
    /// --min-free-space: the free space on the files' file system fell below it.
    case minFreeSpace(free: UInt64, limit: UInt64)

    var description: String {
        switch self {
        case .signal(let number):
            let name = number == SIGINT ? "SIGINT" : number == SIGTERM ? "SIGTERM" : "signal \(number)"
            return "\(name) received"
        case .maxDuration(let seconds):
            return "max-duration \(Self.seconds(seconds)) s reached"
        case .maxSize(let bytes):
            return "max-size \(ByteCount.describe(bytes)) reached (the next write would pass it)"
        case .minFreeSpace(let free, let limit):
            return "min-free-space \(ByteCount.describe(limit)) reached (\(ByteCount.describe(free)) free)"
        }
    }

    /// 3 → "3", 0.25 → "0.25".
    private static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
