import CaptureModel

extension JointPlan {
    /// One thing a camera gave against its wish: which field, from what to what, and why.
    public struct Give: Sendable, Hashable, Codable {
        /// The field that changed.
        public enum Field: String, Sendable, Hashable, Codable {
            case format, size, rate
        }

        /// The change, with its typed values (a rate is frames per second).
        public enum Change: Sendable, Hashable {
            case format(from: FourCC, to: FourCC)
            case size(from: Dimensions, to: Dimensions)
            case rate(from: Rational, to: Rational)
        }

        /// Why the camera gave.
        public enum Reason: String, Sendable, Hashable, Codable {
            /// Its domain could not carry every wish; this mode reserves less, and the domain fits.
            case domainFull
            /// Even the least every camera can reserve does not fit its domain: it took its smallest reservation,
            /// and the domain is still over its budget.
            case domainStillOverloaded
        }

        public var change: Change
        public var reason: Reason

        /// Creates a give.
        public init(_ change: Change, reason: Reason) {
            self.change = change
            self.reason = reason
        }

        /// The field that changed.
        public var field: Field {
            switch change {
            case .format: .format
            case .size: .size
            case .rate: .rate
            }
        }

        enum CodingKeys: String, CodingKey { case field, from, to, reason }

        /// `{"field": "rate", "from": {numerator, denominator}, "to": …, "reason": "domainFull"}`; a format is its
        /// FourCC, a size its dimensions.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            reason = try c.decode(Reason.self, forKey: .reason)
            switch try c.decode(Field.self, forKey: .field) {
            case .format: change = .format(from: try c.decode(FourCC.self, forKey: .from), to: try c.decode(FourCC.self, forKey: .to))
            case .size:
                change = .size(from: try c.decode(Dimensions.self, forKey: .from), to: try c.decode(Dimensions.self, forKey: .to))
            case .rate: change = .rate(from: try c.decode(Rational.self, forKey: .from), to: try c.decode(Rational.self, forKey: .to))
            }
        }

        /// Encodes as `init(from:)` reads.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(field, forKey: .field)
            try c.encode(reason, forKey: .reason)
            switch change {
            case .format(let a, let b):
                try c.encode(a, forKey: .from)
                try c.encode(b, forKey: .to)
            case .size(let a, let b):
                try c.encode(a, forKey: .from)
                try c.encode(b, forKey: .to)
            case .rate(let a, let b):
                try c.encode(a, forKey: .from)
                try c.encode(b, forKey: .to)
            }
        }
    }

    /// For a domain whose wishes do not fit together: a camera whose move elsewhere would let every wish there fit,
    /// or (camera nil) that no single move does.
    public struct Move: Sendable, Hashable, Codable {
        /// Where a camera would go: another root port of the same controller, or another controller (bus).
        public enum Place: String, Sendable, Hashable, Codable {
            case rootPort, controller
        }

        /// The domain whose wishes do not fit.
        public var domain: String
        /// The camera to move; nil when no single move lets every wish in the domain fit.
        public var camera: DeviceID?
        /// Where it would go (the domain rule's scope: a new root port helps only where each root port has its own
        /// budget).
        public var to: Place

        /// Creates a move.
        public init(domain: String, camera: DeviceID?, to: Place) {
            self.domain = domain
            self.camera = camera
            self.to = to
        }
    }

    /// Why a camera has no mode in the plan.
    public enum NoMode: String, Sendable, Hashable, Codable {
        /// No native mode matches its request.
        case nothingMatches
        /// Modes match, but none has an alternate setting that carries its payload on this link.
        case noSettingCarries
    }

    /// A camera streaming now in a planned camera's domain, not among those planned: its setting is fixed load.
    public struct Pinned: Sendable, Hashable, Codable {
        /// Its video node (`/dev/video2`), else its USB device's sysfs name.
        public var label: String
        /// The USB device's sysfs name (`1-1.4`).
        public var sysfsName: String
        /// The alternate setting it holds and what that reserves.
        public var alt: UInt8
        public var bytesPerInterval: Int
        /// µs of its (micro)frame, by the kernel's arithmetic.
        public var microseconds: Int
        /// Who holds its node open (pid and command line), when read.
        public var holders: [NodeHolder]
    }
}
