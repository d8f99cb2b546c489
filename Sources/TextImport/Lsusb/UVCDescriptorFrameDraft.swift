import CaptureModel

/// A frame descriptor while its fields are read (`wWidth`, `wHeight`, `bFrameIntervalType`, intervals).
///
/// Intervals are in 100 ns units, kept exact: 333333 → 333333/10000000 s.
struct UVCDescriptorFrameDraft {
    /// The line of its `bDescriptorSubtype`.
    var line: Int
    var width: UInt32?
    var height: UInt32?
    var intervalType: UInt64?
    var discrete: [FrameDuration] = []
    var minimum: UInt32?
    var maximum: UInt32?
    var step: UInt32?
    /// A field of it was malformed and already reported.
    var broken = false

    static let unitsPerSecond: UInt32 = 10_000_000

    static func duration(_ units: UInt32) -> FrameDuration { FrameDuration(units, unitsPerSecond) }

    /// Reads one field; a message when its value is not what lsusb writes.
    mutating func read(_ l: LsusbTextLine) -> String? {
        let isInterval =
            l.base == "dwFrameInterval" || l.base == "dwMinFrameInterval" || l.base == "dwMaxFrameInterval"
            || l.base == "dwFrameIntervalStep"
        guard isInterval || l.base == "wWidth" || l.base == "wHeight" || l.base == "bFrameIntervalType" else { return nil }
        guard let v = l.number64, v <= UInt64(UInt32.max) else {
            return "\(l.base) '\(l.value)' is not a number"
        }
        let n = UInt32(v)
        switch l.base {
        case "wWidth": width = n
        case "wHeight": height = n
        case "bFrameIntervalType": intervalType = v
        case "dwMinFrameInterval": minimum = n
        case "dwMaxFrameInterval": maximum = n
        case "dwFrameIntervalStep": step = n
        default: discrete.append(Self.duration(n))
        }
        return nil
    }

    /// The frame, or why it cannot be one.
    func finished() -> Result<UVCDescriptorFrame, FrameError> {
        guard let w = width else { return .failure(FrameError(message: "frame descriptor without wWidth")) }
        guard let h = height else { return .failure(FrameError(message: "frame descriptor without wHeight")) }
        let intervals: FrameIntervals
        if intervalType == 0 {
            guard let lo = minimum, let hi = maximum else {
                return .failure(FrameError(message: "continuous frame intervals without dwMinFrameInterval and dwMaxFrameInterval"))
            }
            // uvcvideo reports a descriptor's continuous range as V4L2's stepwise one.
            intervals = .stepwise(min: Self.duration(lo), max: Self.duration(hi), step: Self.duration(step ?? 1))
        } else if discrete.isEmpty {
            intervals = .unknown(reason: "the frame descriptor lists no frame intervals")
        } else {
            intervals = .discrete(discrete)
        }
        return .success(UVCDescriptorFrame(size: Dimensions(width: w, height: h), intervals: intervals))
    }

    struct FrameError: Error {
        var message: String
    }
}
