/// Standard V4L2 control IDs (`<linux/v4l2-controls.h>`) the semantic layer
/// uses. Semantics are keyed by ID, never by name: `exposure_auto` (old) and
/// `auto_exposure` (new) are both `exposureAuto`.
package enum ControlID {
    package static let brightness: UInt32 = 0x0098_0900
    package static let autoWhiteBalance: UInt32 = 0x0098_090c
    package static let doWhiteBalance: UInt32 = 0x0098_090d
    package static let exposure: UInt32 = 0x0098_0911
    package static let autogain: UInt32 = 0x0098_0912
    package static let gain: UInt32 = 0x0098_0913
    package static let horizontalFlip: UInt32 = 0x0098_0914
    package static let verticalFlip: UInt32 = 0x0098_0915
    package static let powerLineFrequency: UInt32 = 0x0098_0918
    package static let hueAuto: UInt32 = 0x0098_0919
    package static let whiteBalanceTemperature: UInt32 = 0x0098_091a
    package static let backlightCompensation: UInt32 = 0x0098_091c
    package static let autobrightness: UInt32 = 0x0098_0920
    package static let exposureAuto: UInt32 = 0x009a_0901
    package static let exposureAbsolute: UInt32 = 0x009a_0902
    package static let exposureAutoPriority: UInt32 = 0x009a_0903
    package static let panAbsolute: UInt32 = 0x009a_0908
    package static let tiltAbsolute: UInt32 = 0x009a_0909
    package static let focusAbsolute: UInt32 = 0x009a_090a
    package static let focusAuto: UInt32 = 0x009a_090c
    package static let zoomAbsolute: UInt32 = 0x009a_090d
    package static let zoomContinuous: UInt32 = 0x009a_090f
    package static let autoNPresetWhiteBalance: UInt32 = 0x009a_0914
    package static let wideDynamicRange: UInt32 = 0x009a_0915
    package static let imageStabilization: UInt32 = 0x009a_0916
    package static let isoSensitivity: UInt32 = 0x009a_0917
    package static let isoSensitivityAuto: UInt32 = 0x009a_0918
    package static let autoFocusStart: UInt32 = 0x009a_091c
    package static let autoFocusStop: UInt32 = 0x009a_091d
    package static let autoFocusStatus: UInt32 = 0x009a_091e
    package static let autoFocusRange: UInt32 = 0x009a_091f
    package static let cameraOrientation: UInt32 = 0x009a_0922
    package static let cameraSensorRotation: UInt32 = 0x009a_0923
    package static let flashLEDMode: UInt32 = 0x009c_0901
    package static let flashStrobe: UInt32 = 0x009c_0903
    package static let flashTorchIntensity: UInt32 = 0x009c_0908
    package static let analogueGain: UInt32 = 0x009e_0903
    /// Logitech's activity LED as uvcvideo maps it: an indicator, not a torch.
    package static let logitechLED1Mode: UInt32 = 0x0a04_6d05

    /// Auto switches, which must be set before the manual values they govern.
    package static let autoSwitches: Set<UInt32> = [
        autoWhiteBalance, autogain, hueAuto, autobrightness, exposureAuto, focusAuto,
        isoSensitivityAuto, autoNPresetWhiteBalance,
    ]
    /// The manual control each auto switch makes inactive while it is on.
    package static let governs: [UInt32: [UInt32]] = [
        autoWhiteBalance: [whiteBalanceTemperature], autogain: [gain], exposureAuto: [exposureAbsolute, exposure],
        focusAuto: [focusAbsolute], isoSensitivityAuto: [isoSensitivity],
    ]

    /// True when `value` of auto switch `auto` leaves the controls it governs to the user: the exposure menu's
    /// Manual Mode (1), 0 for the boolean switches. uvcvideo (6.1, `uvc_ctrl_is_accessible`) marks exposure time
    /// inactive and refuses it with `EACCES` in every other mode, Shutter Priority (2) included.
    package static func releases(auto: UInt32, value: Int64) -> Bool {
        auto == exposureAuto ? value == 1 : value == 0
    }
}
