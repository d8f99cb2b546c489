import CaptureModel

/// Upper bounds on every enumeration loop. A driver that never ends a list
/// (or repeats entries forever) hits a bound, which is reported as a
/// `bound-hit` problem: the result is marked incomplete, never silently cut.
package struct EnumerationLimits: Sendable, Hashable {
    package var formats: UInt32 = 512
    package var frameSizes: UInt32 = 4096
    package var frameIntervals: UInt32 = 1024
    package var controls: Int = 4096
    package var menuItems: Int64 = 1024
    package var inputs: UInt32 = 256
    package init() {}
}

/// Collects problems while a node is enumerated and remembers whether the
/// node vanished (after which nothing more is asked).
struct EnumerationLog {
    var problems: [Problem] = []
    var gone = false

    /// Records `error`; returns true when enumeration must stop (device gone).
    @discardableResult
    mutating func record(_ error: V4L2Error, while doing: String) -> Bool {
        var p = error.problem
        p.message = "\(doing): \(p.message)"
        if error.isDeviceGone {
            if !gone {
                p.message += "; the result is partial"
                problems.append(p)
            }
            gone = true
        } else {
            problems.append(p)
        }
        return gone
    }

    mutating func boundHit(_ request: V4L2Request, limit: some BinaryInteger, what: String) {
        problems.append(
            Problem(
                kind: "bound-hit", call: request.description,
                message:
                    "\(request) returned more than \(limit) entries for \(what); the driver never ended the list, so the listing is incomplete"
            ))
    }

    mutating func note(_ kind: ProblemKind, _ request: V4L2Request?, _ message: String) {
        problems.append(Problem(kind: kind, call: request?.description, message: message))
    }
}
