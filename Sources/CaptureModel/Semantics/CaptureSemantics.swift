/// Whether a capture-device mode is available, and why not when it is not.
public struct ModeSupport: Sendable, Hashable, Codable {
    /// "locked", "autoFocus", "continuousAutoFocus", "on", …
    public var mode: String
    public var supported: Bool
    /// Why not (no such control, read-only, the menu lacks the entry), or how it maps.
    public var note: String
    /// How `supported` is known: `driver` (the control and its menu), `derived` (from the current value), `imported`
    /// (pasted text), `unknown` (the facts needed were not there: `supported` is then false but means "not known",
    /// never "absent").
    public var evidence: Evidence

    public typealias Evidence = SemanticEvidence

    public init(mode: String, supported: Bool, note: String, evidence: Evidence = .driver) {
        self.mode = mode
        self.supported = supported
        self.note = note
        self.evidence = evidence
    }

    /// Not known either way: the menu items or the control that would tell were not there.
    public var isUnknown: Bool { evidence == .unknown }
}

/// One control's range, in the control's own units plus a physical unit where V4L2 defines one.
public struct ControlRange: Sendable, Hashable, Codable {
    /// v4l2-ctl's name of the control this comes from, e.g. `exposure_time_absolute`.
    public var control: String
    public var id: UInt32
    public var minimum: Int64
    public var maximum: Int64
    public var step: UInt64
    public var defaultValue: Int64
    public var value: Int64?
    /// "100 µs", "K", "arc-second", "" (driver units).
    public var unit: String
    /// read-only / inactive flags at the time of reading.
    public var readOnly: Bool
    public var inactive: Bool
}

/// Focus (AVFoundation's focusMode / lensPosition / isAdjustingFocus).
public struct FocusSemantics: Sendable, Hashable, Codable {
    public var modes: [ModeSupport]
    /// "locked", "continuousAutoFocus" or nil when unknown.
    public var current: String?
    public var lensPosition: ControlRange?
    /// From AUTO_FOCUS_STATUS (busy bit); nil when the camera does not report it.
    public var isAdjustingFocus: Bool?
    /// Entries of AUTO_FOCUS_RANGE (normal, macro, infinity, auto) when present.
    public var rangeRestrictions: [String]
    /// How each field is known, by field name (`current`, `lensPosition`, `factorRange`, …).
    public var evidence: [String: FieldEvidence] = [:]
}

/// Exposure (locked / continuousAutoExposure / custom duration and gain).
public struct ExposureSemantics: Sendable, Hashable, Codable {
    public var modes: [ModeSupport]
    public var current: String?
    /// EXPOSURE_ABSOLUTE in 100 µs units.
    public var duration: ControlRange?
    /// The duration range as exact fractions of a second in lowest terms ("3/10000" … "2047/10000", "1/5000").
    public var minDuration: String?
    public var maxDuration: String?
    public var gain: ControlRange?
    public var iso: ControlRange?
    /// EXPOSURE_AUTO_PRIORITY: when true the camera may lower its frame rate in low light.
    public var mayLowerFrameRate: Bool?
    public var mayLowerFrameRateNote: String
    /// How each field is known, by field name (`current`, `lensPosition`, `factorRange`, …).
    public var evidence: [String: FieldEvidence] = [:]
}

/// White balance (locked / autoWhiteBalance / continuousAutoWhiteBalance, temperature).
public struct WhiteBalanceSemantics: Sendable, Hashable, Codable {
    public var modes: [ModeSupport]
    public var current: String?
    public var temperature: ControlRange?
    /// How each field is known, by field name (`current`, `lensPosition`, `factorRange`, …).
    public var evidence: [String: FieldEvidence] = [:]
}

/// A light the camera really has (torch or flash), or why not.
public struct LightSemantics: Sendable, Hashable, Codable {
    public var available: Bool
    public var modes: [ModeSupport]
    public var note: String
    /// How each field is known, by field name (`current`, `lensPosition`, `factorRange`, …).
    public var evidence: [String: FieldEvidence] = [:]
}

/// A switch or a range-valued feature (zoom, pan, mirroring, stabilization…).
public struct FeatureSemantics: Sendable, Hashable, Codable {
    public var supported: Bool
    public var range: ControlRange?
    /// For zoom: the factor range, value / minimum (driver units have no scale).
    public var factorRange: String?
    public var note: String
    /// How each field is known, by field name (`current`, `lensPosition`, `factorRange`, …).
    public var evidence: [String: FieldEvidence] = [:]
}

/// What the camera can do, in capture-device terms, mapped from its V4L2
/// controls by control ID (old and new control names give the same answers).
public struct CaptureSemantics: Sendable, Hashable, Codable {
    public var focus: FocusSemantics
    public var exposure: ExposureSemantics
    public var whiteBalance: WhiteBalanceSemantics
    public var torch: LightSemantics
    public var flash: LightSemantics
    public var zoom: FeatureSemantics
    public var pan: FeatureSemantics
    public var tilt: FeatureSemantics
    /// Horizontal flip (what AVFoundation calls video mirroring).
    public var mirroring: FeatureSemantics
    public var verticalFlip: FeatureSemantics
    public var powerLineFrequency: FeatureSemantics
    public var stabilization: FeatureSemantics
    public var wideDynamicRange: FeatureSemantics
    public var backlightCompensation: FeatureSemantics
    /// "front", "back", "external" (CAMERA_ORIENTATION) or "unspecified".
    public var position: String
    /// CAMERA_SENSOR_ROTATION in degrees, when the driver says.
    public var sensorRotation: Int64?
    /// Focus and exposure points of interest (UVC 1.5 region of interest).
    public var pointsOfInterest: PointOfInterestSupport
    /// How each field is known, by field name (`current`, `lensPosition`, `factorRange`, …).
    public var evidence: [String: FieldEvidence] = [:]
}
