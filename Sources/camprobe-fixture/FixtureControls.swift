import CamProbeTesting
import CaptureModel

/// Imported controls as the fake answers them (`VIDIOC_QUERY_EXT_CTRL`, `VIDIOC_QUERYMENU`, `VIDIOC_G_EXT_CTRLS`).
enum FixtureControls {
    static func specs(_ controls: [Control]) throws -> [FakeControlSpec] { try controls.map(spec) }

    static func spec(_ c: Control) throws -> FakeControlSpec {
        guard c.id != 0 else { throw FixtureError(description: "no control ID known for \(c.key)") }
        var s = try FixtureSeed.control()
        s.id = FlexibleUInt32(c.id)
        s.name = displayNames[c.key] ?? c.key.split(separator: "_").map(capitalized).joined(separator: " ")
        s.type = c.type
        // Only what v4l2-ctl prints for the type: the importer fills in the rest, the dump did not say it.
        let printed = printedFields(c.type)
        if printed.contains("min") { s.min = c.minimum }
        if printed.contains("max") { s.max = c.maximum }
        if printed.contains("step") { s.step = c.step }
        if printed.contains("default") { s.default = c.defaultValue }
        switch c.value {
        case .integer(let v): s.value = .int(v)
        case .string(let v): s.value = .string(v)
        case .array(let v): s.value = .numbers(v)
        default: break
        }
        let flags = ControlFlags.names.filter { c.flags.rawValue & $0.0 != 0 }.map(\.1)
        if !flags.isEmpty { s.flags = flags }
        if c.type == "menu" || c.type == "intmenu" {
            var menu: [String: FakeValue] = [:]
            for item in c.menu {
                menu["\(item.index)"] = c.type == "intmenu" ? .int(item.value ?? 0) : .string(item.name ?? "")
            }
            s.menu = menu
        }
        return s
    }

    /// The fields v4l2-ctl prints on a control's line, by type.
    static func printedFields(_ type: String) -> Set<String> {
        switch type {
        case "bool": ["default"]
        case "menu", "intmenu": ["min", "max", "default"]
        case "button", "ctrl_class": []
        case "bitmask": ["max", "default"]
        case "str": ["min", "max", "step"]
        default: ["min", "max", "step", "default"]
        }
    }

    /// "led1" → "Led1": the first letter up, the rest down.
    static func capitalized(_ word: Substring) -> String { word.prefix(1).uppercased() + word.dropFirst().lowercased() }

    /// The kernel's names (`v4l2_ctrl_get_name`) for the identifiers v4l2-ctl prints, old and new; the Logitech LED
    /// controls are uvcvideo's vendor mappings. A driver's own name is not in the dump, so it is taken from here.
    static let displayNames: [String: String] = [
        "brightness": "Brightness", "contrast": "Contrast", "saturation": "Saturation", "hue": "Hue",
        "white_balance_temperature_auto": "White Balance Temperature, Auto",
        "white_balance_automatic": "White Balance, Automatic", "gamma": "Gamma", "gain": "Gain",
        "power_line_frequency": "Power Line Frequency", "white_balance_temperature": "White Balance Temperature",
        "sharpness": "Sharpness", "backlight_compensation": "Backlight Compensation",
        "exposure_auto": "Exposure, Auto", "auto_exposure": "Auto Exposure",
        "exposure_absolute": "Exposure (Absolute)", "exposure_time_absolute": "Exposure Time, Absolute",
        "exposure_auto_priority": "Exposure, Auto Priority", "exposure_dynamic_framerate": "Exposure, Dynamic Framerate",
        "pan_absolute": "Pan, Absolute", "tilt_absolute": "Tilt, Absolute", "focus_absolute": "Focus, Absolute",
        "focus_auto": "Focus, Auto", "focus_automatic_continuous": "Focus, Automatic Continuous",
        "zoom_absolute": "Zoom, Absolute", "led1_mode": "LED1 Mode", "led1_frequency": "LED1 Frequency",
    ]
}
