/// The V4L2 controls uvcvideo exposes for each control a UVC descriptor declares.
///
/// The left side is the name lsusb prints under a camera terminal's or a processing
/// unit's `bmControls`; the right side v4l2-ctl's identifiers for the controls uvcvideo
/// maps it to (a pan-tilt control becomes two). An empty list: uvcvideo exposes no
/// standard V4L2 control for it.
enum UVCDescriptorControlNames {
    static let v4l2Keys: [String: [String]] = [
        // Camera terminal.
        "Scanning Mode": [],
        "Auto-Exposure Mode": ["auto_exposure"],
        "Auto-Exposure Priority": ["exposure_dynamic_framerate"],
        "Exposure Time (Absolute)": ["exposure_time_absolute"],
        "Exposure Time (Relative)": [],
        "Focus (Absolute)": ["focus_absolute"],
        "Focus (Relative)": ["focus_relative"],
        "Iris (Absolute)": ["iris_absolute"],
        "Iris (Relative)": ["iris_relative"],
        "Zoom (Absolute)": ["zoom_absolute"],
        "Zoom (Relative)": ["zoom_continuous"],
        "PanTilt (Absolute)": ["pan_absolute", "tilt_absolute"],
        "PanTilt (Relative)": ["pan_speed", "tilt_speed"],
        "Pan (Absolute)": ["pan_absolute"],
        "Tilt (Absolute)": ["tilt_absolute"],
        "Roll (Absolute)": [],
        "Roll (Relative)": [],
        "Reserved": [],
        "Focus, Auto": ["focus_automatic_continuous"],
        "Privacy": ["privacy"],
        "Focus, Simple": [],
        "Window": [],
        "Region of Interest": [],
        // Processing unit.
        "Brightness": ["brightness"],
        "Contrast": ["contrast"],
        "Hue": ["hue"],
        "Saturation": ["saturation"],
        "Sharpness": ["sharpness"],
        "Gamma": ["gamma"],
        "White Balance Temperature": ["white_balance_temperature"],
        "White Balance Component": ["blue_balance", "red_balance"],
        "Backlight Compensation": ["backlight_compensation"],
        "Gain": ["gain"],
        "Power Line Frequency": ["power_line_frequency"],
        "Hue, Auto": ["hue_automatic"],
        "White Balance Temperature, Auto": ["white_balance_automatic"],
        "White Balance Component, Auto": ["white_balance_automatic"],
        "Digital Multiplier": [],
        "Digital Multiplier Limit": [],
        "Analog Video Standard": [],
        "Analog Video Lock Status": [],
        "Contrast, Auto": [],
    ]

    /// "auto_exposure (Auto-Exposure Mode)", "Scanning Mode (no V4L2 control)", "Foo (unknown to camprobe)".
    static func describe(_ uvcName: String) -> String {
        guard let keys = v4l2Keys[uvcName] else { return "\(uvcName) (unknown to camprobe)" }
        if keys.isEmpty { return "\(uvcName) (no V4L2 control)" }
        return keys.joined(separator: ", ") + " (\(uvcName))"
    }
}
