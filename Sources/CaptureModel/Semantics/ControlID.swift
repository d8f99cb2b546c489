/// Standard V4L2 control IDs (`<linux/v4l2-controls.h>`) the semantic layer
/// uses. Semantics are keyed by ID, never by name: `exposure_auto` (old) and
/// `auto_exposure` (new) are both `exposureAuto`.
public enum ControlID {
    public static let brightness: UInt32 = 0x0098_0900
    public static let autoWhiteBalance: UInt32 = 0x0098_090c
    public static let doWhiteBalance: UInt32 = 0x0098_090d
    public static let exposure: UInt32 = 0x0098_0911
    public static let autogain: UInt32 = 0x0098_0912
    public static let gain: UInt32 = 0x0098_0913
    public static let horizontalFlip: UInt32 = 0x0098_0914
    public static let verticalFlip: UInt32 = 0x0098_0915
    public static let powerLineFrequency: UInt32 = 0x0098_0918
    public static let hueAuto: UInt32 = 0x0098_0919
    public static let whiteBalanceTemperature: UInt32 = 0x0098_091a
    public static let backlightCompensation: UInt32 = 0x0098_091c
    public static let autobrightness: UInt32 = 0x0098_0920
    public static let exposureAuto: UInt32 = 0x009a_0901
    public static let exposureAbsolute: UInt32 = 0x009a_0902
    public static let exposureAutoPriority: UInt32 = 0x009a_0903
    public static let panAbsolute: UInt32 = 0x009a_0908
    public static let tiltAbsolute: UInt32 = 0x009a_0909
    public static let focusAbsolute: UInt32 = 0x009a_090a
    public static let focusAuto: UInt32 = 0x009a_090c
    public static let zoomAbsolute: UInt32 = 0x009a_090d
    public static let zoomContinuous: UInt32 = 0x009a_090f
    public static let autoNPresetWhiteBalance: UInt32 = 0x009a_0914
    public static let wideDynamicRange: UInt32 = 0x009a_0915
    public static let imageStabilization: UInt32 = 0x009a_0916
    public static let isoSensitivity: UInt32 = 0x009a_0917
    public static let isoSensitivityAuto: UInt32 = 0x009a_0918
    public static let autoFocusStart: UInt32 = 0x009a_091c
    public static let autoFocusStop: UInt32 = 0x009a_091d
    public static let autoFocusStatus: UInt32 = 0x009a_091e
    public static let autoFocusRange: UInt32 = 0x009a_091f
    public static let cameraOrientation: UInt32 = 0x009a_0922
    public static let cameraSensorRotation: UInt32 = 0x009a_0923
    public static let flashLEDMode: UInt32 = 0x009c_0901
    public static let flashStrobe: UInt32 = 0x009c_0903
    public static let flashTorchIntensity: UInt32 = 0x009c_0908
    public static let analogueGain: UInt32 = 0x009e_0903
    /// Logitech's activity LED as uvcvideo maps it: an indicator, not a torch.
    public static let logitechLED1Mode: UInt32 = 0x0a04_6d05

    /// Auto switches, which must be set before the manual values they govern.
    public static let autoSwitches: Set<UInt32> = [
        autoWhiteBalance, autogain, hueAuto, autobrightness, exposureAuto, focusAuto,
        isoSensitivityAuto, autoNPresetWhiteBalance,
    ]
    /// The manual control each auto switch makes inactive while it is on.
    public static let governs: [UInt32: [UInt32]] = [
        autoWhiteBalance: [whiteBalanceTemperature], autogain: [gain], exposureAuto: [exposureAbsolute, exposure],
        focusAuto: [focusAbsolute], isoSensitivityAuto: [isoSensitivity],
    ]
}
