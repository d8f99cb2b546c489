/// Whether a capture-device mode is available, and why not when it is not.
package struct ModeSupport: Sendable, Hashable, Codable {
    /// "locked", "autoFocus", "continuousAutoFocus", "on", …
    package var mode: String
    package var supported: Bool
    /// Why not (no such control, read-only, the menu lacks the entry), or how it maps.
    package var note: String
    /// How `supported` is known: `driver` (the control and its menu), `derived` (from the current value), `imported`
    /// (pasted text), `unknown` (the facts needed were not there: `supported` is then false but means "not known",
    /// never "absent").
    package var evidence: Evidence

    package typealias Evidence = SemanticEvidence

    package init(mode: String, supported: Bool, note: String, evidence: Evidence = .driver) {
        self.mode = mode
        self.supported = supported
        self.note = note
        self.evidence = evidence
    }

    /// Not known either way: the menu items or the control that would tell were not there.
    package var isUnknown: Bool { evidence == .unknown }
}

/// One control's range, in the control's own units plus a physical unit where V4L2 defines one.
package struct ControlRange: Sendable, Hashable, Codable {
    /// v4l2-ctl's name of the control this comes from, e.g. `exposure_time_absolute`.
    package var control: String
    package var id: UInt32
    package var minimum: Int64
    package var maximum: Int64
    package var step: UInt64
    package var defaultValue: Int64
    package var value: Int64?
    /// "100 µs", "K", "arc-second", "" (driver units).
    package var unit: String
    /// read-only / inactive flags at the time of reading.
    package var readOnly: Bool
    package var inactive: Bool
}

/// Focus (AVFoundation's focusMode / lensPosition / isAdjustingFocus).
package struct FocusSemantics: Sendable, Hashable, Codable {
    package var modes: [ModeSupport]
    /// "locked", "continuousAutoFocus" or nil when unknown.
    package var current: String?
    package var lensPosition: ControlRange?
    /// From AUTO_FOCUS_STATUS (busy bit); nil when the camera does not report it.
    package var isAdjustingFocus: Bool?
    /// Entries of AUTO_FOCUS_RANGE (normal, macro, infinity, auto) when present.
    package var rangeRestrictions: [String]
    /// How each field is known, by field name (`current`, `lensPosition`, `factorRange`, …).
    package var evidence: [String: FieldEvidence] = [:]
}

/// Exposure (locked / continuousAutoExposure / custom duration and gain).
package struct ExposureSemantics: Sendable, Hashable, Codable {
    package var modes: [ModeSupport]
    package var current: String?
    /// EXPOSURE_ABSOLUTE in 100 µs units.
    package var duration: ControlRange?
    /// The duration range as exact fractions of a second in lowest terms ("3/10000" … "2047/10000", "1/5000").
    package var minDuration: String?
    package var maxDuration: String?
    package var gain: ControlRange?
    package var iso: ControlRange?
    /// EXPOSURE_AUTO_PRIORITY: when true the camera may lower its frame rate in low light.
    package var mayLowerFrameRate: Bool?
    package var mayLowerFrameRateNote: String
    /// How each field is known, by field name (`current`, `lensPosition`, `factorRange`, …).
    package var evidence: [String: FieldEvidence] = [:]
}

/// White balance (locked / autoWhiteBalance / continuousAutoWhiteBalance, temperature).
package struct WhiteBalanceSemantics: Sendable, Hashable, Codable {
    package var modes: [ModeSupport]
    package var current: String?
    package var temperature: ControlRange?
    /// How each field is known, by field name (`current`, `lensPosition`, `factorRange`, …).
    package var evidence: [String: FieldEvidence] = [:]
}

/// A light the camera really has (torch or flash), or why not.
package struct LightSemantics: Sendable, Hashable, Codable {
    package var available: Bool
    package var modes: [ModeSupport]
    package var note: String
    /// How each field is known, by field name (`current`, `lensPosition`, `factorRange`, …).
    package var evidence: [String: FieldEvidence] = [:]
}

/// A switch or a range-valued feature (zoom, pan, mirroring, stabilization…).
package struct FeatureSemantics: Sendable, Hashable, Codable {
    package var supported: Bool
    package var range: ControlRange?
    /// For zoom: the factor range, value / minimum (driver units have no scale).
    package var factorRange: String?
    package var note: String
    /// How each field is known, by field name (`current`, `lensPosition`, `factorRange`, …).
    package var evidence: [String: FieldEvidence] = [:]
}

/// What the camera can do, in capture-device terms, mapped from its V4L2
/// controls by control ID (old and new control names give the same answers).
package struct CaptureSemantics: Sendable, Hashable, Codable {
    package var focus: FocusSemantics
    package var exposure: ExposureSemantics
    package var whiteBalance: WhiteBalanceSemantics
    package var torch: LightSemantics
    package var flash: LightSemantics
    package var zoom: FeatureSemantics
    package var pan: FeatureSemantics
    package var tilt: FeatureSemantics
    /// Horizontal flip (what AVFoundation calls video mirroring).
    package var mirroring: FeatureSemantics
    package var verticalFlip: FeatureSemantics
    package var powerLineFrequency: FeatureSemantics
    package var stabilization: FeatureSemantics
    package var wideDynamicRange: FeatureSemantics
    package var backlightCompensation: FeatureSemantics
    /// "front", "back", "external" (CAMERA_ORIENTATION) or "unspecified".
    package var position: String
    /// CAMERA_SENSOR_ROTATION in degrees, when the driver says.
    package var sensorRotation: Int64?
    /// Focus and exposure points of interest (UVC 1.5 region of interest).
    package var pointsOfInterest: PointOfInterestSupport
    /// How each field is known, by field name (`current`, `lensPosition`, `factorRange`, …).
    package var evidence: [String: FieldEvidence] = [:]
}
