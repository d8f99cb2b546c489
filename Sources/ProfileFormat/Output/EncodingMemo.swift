import CaptureModel

/// Encoded nodes of the capability model's most repeated values, kept for one
/// `SortedJSONEncoder.encode` call. A camera lists the same frame intervals under
/// many sizes and the same sizes under many formats (vivid: 83 formats with the
/// same 6 sizes and rate lists), so each distinct value is encoded once and its
/// node shared; `JSONTreeWriter` then also writes a shared node's bytes once per
/// indentation depth and copies them after.
///
/// Only types whose JSON is a function of their `Hashable` identity take part:
/// their equality is field by field over integers (`Rational` compares numerator
/// and denominator, not value). Values that carry a `String` (an `.unknown`
/// interval's reason) are left out, because Swift's `String` equality is
/// canonical equivalence while the bytes written are the string's own.
final class EncodingMemo {
    private var sizes: [FrameSize: JSONTree] = [:]
    private var intervals: [FrameIntervals: JSONTree] = [:]
    private var durations: [FrameDuration: JSONTree] = [:]

    /// The node already encoded for an equal value, marked as shared; nil otherwise.
    func node<T>(for value: T) -> JSONTree? {
        let found: JSONTree?
        if T.self == FrameDuration.self {
            found = durations[value as! FrameDuration]
        } else if T.self == FrameIntervals.self {
            let v = value as! FrameIntervals
            found = Self.memoizable(v) ? intervals[v] : nil
        } else if T.self == FrameSize.self {
            let v = value as! FrameSize
            found = Self.memoizable(v) ? sizes[v] : nil
        } else {
            return nil
        }
        found?.markShared()
        return found
    }

    /// Keeps `node` as the encoding of `value` when its type takes part.
    func store<T>(_ node: JSONTree, for value: T) {
        if T.self == FrameDuration.self {
            durations[value as! FrameDuration] = node
        } else if T.self == FrameIntervals.self {
            let v = value as! FrameIntervals
            if Self.memoizable(v) { intervals[v] = node }
        } else if T.self == FrameSize.self {
            let v = value as! FrameSize
            if Self.memoizable(v) { sizes[v] = node }
        }
    }

    static func memoizable(_ v: FrameIntervals) -> Bool {
        if case .unknown = v { return false }
        return true
    }

    static func memoizable(_ v: FrameSize) -> Bool {
        switch v {
        case .discrete(_, let iv): memoizable(iv)
        case .stepwise(_, _, _, let a, let b), .continuous(_, _, let a, let b): memoizable(a) && memoizable(b)
        }
    }
}

extension JSONTree {
    /// Marks an object or array as used in more than one place of the tree.
    func markShared() {
        switch self {
        case .object(let o): o.shared = true
        case .array(let a): a.shared = true
        default: break
        }
    }
}
