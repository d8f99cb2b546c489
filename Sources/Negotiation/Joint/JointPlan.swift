import CaptureModel

/// One plan for several cameras streaming together (`Negotiator.decide(together:)`): each camera's mode, the
/// alternate setting it will hold and its bytes per (micro)frame; each bandwidth domain's load; and `hardwareCost`,
/// the highest domain load (above 1 the kernel refuses the last STREAMON with ENOSPC), as AVCaptureMultiCamSession's.
///
/// Values only: what gave, the moves and the assumptions are typed; words are the renderer's.
public struct JointPlan: Sendable, Codable {
    /// One camera in the plan.
    public struct Camera: Sendable, Codable {
        public var id: DeviceID
        public var name: String
        public var node: String
        /// What was asked, in words, and the mode a camera alone would take ("MJPG 1920x1080@30").
        public var request: String
        public var wish: String?
        /// What the wish reserves, and how sure that is (nil when the camera has no mode).
        public var wishBytesPerInterval: Int?
        public var wishEvidence: ReservationEvidence?
        /// The mode planned (nil when the camera has no mode at all: `noMode` says why).
        public var choice: Choice?
        public var noMode: NoMode?
        /// The alternate setting it will hold (nil: bulk, or descriptors not read) and what it reserves.
        public var alt: UInt8?
        public var bytesPerInterval: Int
        /// The payload the planned mode asks for (for an uncompressed mode, the lower bound).
        public var payload: Int
        public var evidence: ReservationEvidence
        /// µs of its (micro)frame, by the kernel's arithmetic (HS_USECS_ISO at high speed).
        public var microseconds: Int
        public var domain: String
        /// How much worse the planned mode scores than the wish (0: the wish).
        public var loss: Double
        /// What gave, against the wish, field by field.
        public var gave: [Give]
    }

    /// One bandwidth domain and what the plan puts on it.
    public struct Domain: Sendable, Codable {
        public var key: String
        package var rule: USBBudgetRuleInfo
        /// Why this rule, when it is an assumption (an unknown controller, a single-TT hub).
        public var note: String?
        public var cameras: [DeviceID]
        /// Cameras streaming there now, not planned: fixed load, never adjusted.
        public var pinned: [Pinned]
        /// In the rule's unit, and as a share of its capacity (1.0 is full); pinned cameras included.
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

    /// 2: cameras, domains and sets by `DeviceID`; `gave` and `moves` typed; `objective`, `priority`,
    /// `budgetHit`, `busNotRead` and pinned cameras added; `notes` and per-camera `reasons` removed.
    public var schemaVersion = 2
    /// What the search optimised, and the cameras it favoured (empty unless `priorityThenFair`).
    public var objective: JointObjective
    public var priority: [DeviceID]
    public var cameras: [Camera]
    public var domains: [Domain]
    /// The highest domain load (0…1 fits; above 1 will not run).
    public var hardwareCost: Double
    /// True when every camera got its wish.
    public var wishFits: Bool
    /// True when the plan fits (hardwareCost ≤ 1).
    public var fits: Bool
    /// True when the search stopped at its node budget: the plan fits (when `fits`) but may not be the best.
    public var budgetHit: Bool
    /// What would let every wish fit, per domain whose wishes do not.
    public var moves: [Move]
    /// The sets of cameras that can stream their wishes together, largest first
    /// (AVCaptureMultiCamSession.supportedMultiCamDeviceSets); only maximal sets are listed.
    public var multiCamSets: [[DeviceID]]
    /// USB cameras whose bus was not read: assumed to share one USB 2.0 high-speed budget, without descriptors.
    public var busNotRead: [DeviceID]
    /// How many candidate modes were weighed, over all cameras.
    public var candidatesConsidered: Int
}
