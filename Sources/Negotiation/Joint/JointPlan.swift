import CaptureModel

/// One plan for several cameras streaming together (`Negotiator.decide(together:)`): each camera's mode, the
/// alternate setting it will hold and its bytes per (micro)frame; each bandwidth domain's load; and `hardwareCost`,
/// the highest domain load (above 1 the kernel refuses the last STREAMON with ENOSPC), as AVCaptureMultiCamSession's.
public struct JointPlan: Sendable, Codable {
    /// One camera in the plan.
    public struct Camera: Sendable, Codable {
        public var id: String
        public var name: String
        public var node: String
        /// What was asked, in words, and the mode a camera alone would take ("MJPG 1920x1080 @ 30 fps").
        public var request: String
        public var wish: String?
        /// The mode planned (nil when the camera has no mode at all).
        public var choice: Choice?
        /// The alternate setting it will hold (nil: bulk, or descriptors not read) and what it reserves.
        public var alt: UInt8?
        public var bytesPerInterval: Int
        public var evidence: ReservationEvidence
        /// µs of its (micro)frame, by the kernel's arithmetic (HS_USECS_ISO at high speed).
        public var microseconds: Int
        public var domain: String
        /// What gave, against the wish: "rate 30 → 15 fps", "size 1920x1080 → 1280x720", "format MJPG → YUYV".
        public var gave: [String]
        /// Why, in words.
        public var reasons: [String]
    }

    /// One bandwidth domain and what the plan puts on it.
    public struct Domain: Sendable, Codable {
        public var key: String
        package var rule: USBBudgetRuleInfo
        public var note: String?
        public var cameras: [String]
        /// In the rule's unit, and as a share of its capacity (1.0 is full).
        public var load: Double
        public var fraction: Double
        /// The same endpoints in µs by the kernel's arithmetic (HS_USECS_ISO / usb_calc_bus_time).
        public var microseconds: Int
        /// The rule's controller family, the Linux source it follows, its unit and capacity.
        public var family: String { rule.family }
        public var kernelSource: String { rule.kernelSource }
        public var unit: String { rule.unit }
        public var capacity: Double { rule.capacity }
    }

    public var schemaVersion = 1
    public var cameras: [Camera]
    public var domains: [Domain]
    /// The highest domain load (0…1 fits; above 1 will not run).
    public var hardwareCost: Double
    /// True when every camera got its wish.
    public var wishFits: Bool
    /// True when the plan fits (hardwareCost ≤ 1).
    public var fits: Bool
    /// What would fit if a camera moved to another root port (or controller).
    public var moves: [String]
    /// The sets of cameras (by id) that can stream their wishes together, largest first
    /// (AVCaptureMultiCamSession.supportedMultiCamDeviceSets); only maximal sets are listed.
    public var multiCamSets: [[String]]
    /// Assumptions the plan rests on (unknown controllers, buses not read, assumed reservations).
    public var notes: [String]
    /// How many candidate modes were weighed, over all cameras.
    public var candidatesConsidered: Int
}
