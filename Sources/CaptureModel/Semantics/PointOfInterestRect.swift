/// A point in AVFoundation's normalized coordinates: (0,0) is the top-left
/// corner of the picture, (1,1) the bottom-right.
package struct NormalizedPoint: Sendable, Hashable, Codable {
    package var x: Double
    package var y: Double

    /// Both coordinates finite and in 0…1, else `PointOfInterestError.outOfRange`.
    package init(x: Double, y: Double) throws(PointOfInterestError) {
        guard x.isFinite, y.isFinite, (0...1).contains(x), (0...1).contains(y) else {
            throw .outOfRange("\(x),\(y)")
        }
        self.x = x
        self.y = y
    }

    /// Parses `X,Y`, e.g. `0.5,0.5`.
    package init(parsing text: String) throws(PointOfInterestError) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let x = Double(parts[0].trimmingSpaces), let y = Double(parts[1].trimmingSpaces) else {
            throw .malformed(text)
        }
        guard x.isFinite, y.isFinite, (0...1).contains(x), (0...1).contains(y) else { throw .outOfRange(text) }
        self.x = x
        self.y = y
    }
}

/// Why a point of interest was not set.
package enum PointOfInterestError: Error, Sendable, Hashable, CustomStringConvertible {
    case malformed(String)
    case outOfRange(String)
    case notSupported(String)
    /// The picture size the point is relative to is not known.
    case noFrameSize

    package var description: String {
        switch self {
        case .malformed(let t): "\"\(t)\" is not a point: give X,Y, e.g. 0.5,0.5"
        case .outOfRange(let t):
            "point \(t) is outside the picture: X and Y go from 0 (top-left) to 1 (bottom-right)"
        case .notSupported(let why): why.hasPrefix("not supported") ? why : "not supported: " + why
        case .noFrameSize: "neither the active format nor the largest region is known, so the point cannot be placed in pixels"
        }
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var s = self
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return s
    }
}
