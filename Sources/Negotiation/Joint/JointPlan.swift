import CaptureModel

/// One plan for several cameras streaming together (`Negotiator.decide(together:)`): each camera's mode, the
/// alternate setting it will hold and its bytes per (micro)frame; each bandwidth domain's load; and `hardwareCost`,
/// the highest domain load (above 1 the kernel refuses the last STREAMON with ENOSPC), as AVCaptureMultiCamSession's.
package struct JointPlan: Sendable, Codable {
    /// One camera in the plan.
    package struct Camera: Sendable, Codable {
        package var id: String
        package var name: String
        package var node: String
        /// What was asked, in words, and the mode a camera alone would take ("MJPG 1920x1080 @ 30 fps").
        package var request: String
        package var wish: String?
        /// The mode planned (nil when the camera has no mode at all).
        package var choice: Choice?
        /// The alternate setting it will hold (nil: bulk, or descriptors not read) and what it reserves.
        package var alt: UInt8?
        package var bytesPerInterval: Int
        package var evidence: ReservationEvidence
        /// µs of its (micro)frame, by the kernel's arithmetic (HS_USECS_ISO at high speed).
        package var microseconds: Int
        package var domain: String
        /// What gave, against the wish: "rate 30 → 15 fps", "size 1920x1080 → 1280x720", "format MJPG → YUYV".
        package var gave: [String]
        /// Why, in words.
        package var reasons: [String]
    }

    /// One bandwidth domain and what the plan puts on it.
    package struct Domain: Sendable, Codable {
        package var key: String
        package var rule: USBBudgetRuleInfo
        package var note: String?
        package var cameras: [String]
        /// In the rule's unit, and as a share of its capacity (1.0 is full).
        package var load: Double
        package var fraction: Double
        /// The same endpoints in µs by the kernel's arithmetic (HS_USECS_ISO / usb_calc_bus_time).
        package var microseconds: Int
    }

    package var schemaVersion = 1
    package var cameras: [Camera]
    package var domains: [Domain]
    /// The highest domain load (0…1 fits; above 1 will not run).
    package var hardwareCost: Double
    /// True when every camera got its wish.
    package var wishFits: Bool
    /// True when the plan fits (hardwareCost ≤ 1).
    package var fits: Bool
    /// What would fit if a camera moved to another root port (or controller).
    package var moves: [String]
    /// The sets of cameras (by id) that can stream their wishes together, largest first
    /// (AVCaptureMultiCamSession.supportedMultiCamDeviceSets); only maximal sets are listed.
    package var multiCamSets: [[String]]
    /// Assumptions the plan rests on (unknown controllers, buses not read, assumed reservations).
    package var notes: [String]
    /// How many candidate modes were weighed, over all cameras.
    package var candidatesConsidered: Int
}
