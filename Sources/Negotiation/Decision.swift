import CaptureModel

/// The mode a decision settles on.
public struct Choice: Sendable, Hashable, Codable {
    public var path: String
    public var bufferType: BufferType
    public var fourcc: FourCC
    public var formatDescription: String
    public var size: Dimensions
    /// The frame duration to set (`VIDIOC_S_PARM`); nil when the driver reports no rates.
    public var frameInterval: FrameDuration?
    /// The fastest and slowest rates of this format at this size.
    public var fastestInterval: FrameDuration?
    public var slowestInterval: FrameDuration?
    public var isCompressed: Bool
    public var isEmulated: Bool
    /// Uncompressed payload per second; nil for compressed formats.
    public var bytesPerSecond: UInt64?
    /// Things the user should know (bandwidth, auto-exposure priority, emulation).
    public var warnings: [String]

    /// "MJPG 1920x1080 @ 30 fps"
    public var summary: String {
        "\(fourcc) \(size) @ \(frameInterval?.fps.map(formatFPS) ?? "?") fps"
    }

    /// The rate as an exact fraction of frames per second, e.g. 30000/1001.
    public var frameRate: Rational? { frameInterval.map { $0.interval.reciprocal } }

    /// The rate people and other tools call it: 30/1 for uvcvideo's 333333/10000000 s,
    /// 30000/1001 for 333667/10000000 s; the exact rate when it is no such rate.
    public var nominalFrameRate: Rational? {
        guard let iv = frameInterval?.interval, iv.isValid else { return nil }
        for q in [Rational(1, 1), Rational(1001, 1000)] {
            // rate·q close to an integer N → N/q
            guard let fps = iv.reciprocalValue else { return nil }
            let n = (fps * Double(q.numerator) / Double(q.denominator)).rounded()
            guard n >= 1, n < 1e6 else { continue }
            let candidate = Rational(UInt32(n) * q.denominator, q.numerator)
            if RateOffer.sameRate(candidate.reciprocal, iv) { return q.numerator == 1 ? Rational(UInt32(n), 1) : candidate }
        }
        return iv.reciprocal
    }
}

/// One requested field the choice does not meet exactly, and why.
public struct Change: Sendable, Hashable, Codable {
    /// "size", "rate" or "format".
    public var field: String
    public var requested: String
    public var chosen: String
    public var reason: String
}

/// An alternative with its score (lower is better) and a one-line reason.
public struct RankedChoice: Sendable, Hashable, Codable {
    public var choice: Choice
    public var score: Double
    public var meetsRequest: Bool
    public var note: String
}

/// The engine's answer: Valid (exactly what was asked), Adjusted (the nearest
/// it can do, each change explained) or Unsupported (why), with the ranking.
public struct Decision: Sendable, Hashable, Codable {
    public enum Outcome: String, Sendable, Hashable, Codable { case valid, adjusted, unsupported }
    public var outcome: Outcome
    public var choice: Choice?
    public var changes: [Change]
    /// Why nothing could be chosen (unsupported only).
    public var reasons: [String]
    /// The best alternatives, best first (the choice is the first).
    public var alternatives: [RankedChoice]
    /// Plain words: what won, why, and what lost.
    public var explanation: [String]
    /// How many modes were considered.
    public var candidatesConsidered: Int

    public var isValid: Bool { outcome == .valid }
}

extension Choice: CustomStringConvertible {
    /// "MJPG 1920x1080 @ 30 fps", with "(emulated)" when libv4l2 converts the format in software.
    public var description: String { summary + (isEmulated ? " (emulated)" : "") }
}

extension Change: CustomStringConvertible {
    /// "rate 60 fps → 30 fps: …": what was asked, what was chosen, and why.
    public var description: String { "\(field) \(requested) → \(chosen): \(reason)" }
}

extension Decision: CustomStringConvertible {
    /// One line: "VALID MJPG 1920x1080 @ 30 fps",
    /// "ADJUSTED MJPG 1920x1080 @ 30 fps (rate 60 fps → 30 fps: …)" or "UNSUPPORTED: why".
    public var description: String {
        let mode = choice.map { " \($0)" } ?? ""
        switch outcome {
        case .valid:
            return "VALID" + mode
        case .adjusted:
            return "ADJUSTED" + mode + (changes.isEmpty ? "" : " (" + changes.map(\.description).joined(separator: "; ") + ")")
        case .unsupported:
            return "UNSUPPORTED: " + (reasons.isEmpty ? "no mode fits" : reasons.joined(separator: "; "))
        }
    }
}
