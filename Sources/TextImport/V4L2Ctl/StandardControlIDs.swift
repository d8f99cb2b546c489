/// Control IDs of the standard V4L2 controls (`<linux/v4l2-controls.h>`) by
/// the names v4l2-ctl prints, old and new, so that dumps without IDs (older
/// v4l2-ctl) still map to the same controls: `exposure_auto` and
/// `auto_exposure` are both `V4L2_CID_EXPOSURE_AUTO` (0x009a0901).
enum StandardControlIDs {
    static let user: UInt32 = 0x0098_0900
    static let camera: UInt32 = 0x009a_0900

    static let byName: [String: UInt32] = {
        var t: [String: UInt32] = [:]
        let userNames: [(UInt32, [String])] = [
            (0x00, ["brightness"]), (0x01, ["contrast"]), (0x02, ["saturation"]), (0x03, ["hue"]),
            (0x0b, ["black_level"]), (0x0c, ["white_balance_automatic", "white_balance_temperature_auto", "auto_white_balance"]),
            (0x0d, ["do_white_balance"]), (0x0e, ["red_balance"]), (0x0f, ["blue_balance"]), (0x10, ["gamma"]),
            (0x11, ["exposure"]), (0x12, ["gain_automatic", "autogain"]), (0x13, ["gain"]), (0x14, ["horizontal_flip"]),
            (0x15, ["vertical_flip"]), (0x18, ["power_line_frequency"]), (0x19, ["hue_automatic", "hue_auto"]),
            (0x1a, ["white_balance_temperature"]), (0x1b, ["sharpness"]), (0x1c, ["backlight_compensation"]),
            (0x1d, ["chroma_agc"]), (0x1e, ["color_killer"]), (0x1f, ["color_effects"]),
            (0x20, ["brightness_automatic", "autobrightness"]),
            (0x21, ["band_stop_filter"]), (0x22, ["rotate"]), (0x23, ["background_color"]), (0x24, ["chroma_gain"]),
            (0x25, ["illuminator_1"]), (0x26, ["illuminator_2"]), (0x27, ["min_number_of_capture_buffers"]),
            (0x28, ["min_number_of_output_buffers"]), (0x29, ["alpha_component"]), (0x2a, ["color_effects_cbcr"]),
        ]
        let cameraNames: [(UInt32, [String])] = [
            (0x01, ["auto_exposure", "exposure_auto"]), (0x02, ["exposure_time_absolute", "exposure_absolute"]),
            (0x03, ["exposure_dynamic_framerate", "exposure_auto_priority"]), (0x04, ["pan_relative"]), (0x05, ["tilt_relative"]),
            (0x06, ["pan_reset"]), (0x07, ["tilt_reset"]), (0x08, ["pan_absolute"]), (0x09, ["tilt_absolute"]),
            (0x0a, ["focus_absolute"]), (0x0b, ["focus_relative"]), (0x0c, ["focus_automatic_continuous", "focus_auto"]),
            (0x0d, ["zoom_absolute"]), (0x0e, ["zoom_relative"]), (0x0f, ["zoom_continuous"]), (0x10, ["privacy"]),
            (0x11, ["iris_absolute"]), (0x12, ["iris_relative"]), (0x13, ["auto_exposure_bias"]),
            (0x14, ["white_balance_auto_n_preset", "auto_n_preset_white_balance"]), (0x15, ["wide_dynamic_range"]),
            (0x16, ["image_stabilization"]), (0x17, ["iso_sensitivity"]), (0x18, ["iso_sensitivity_auto"]),
            (0x19, ["exposure_metering_mode"]), (0x1a, ["scene_mode"]), (0x1b, ["3a_lock"]), (0x1c, ["auto_focus_start"]),
            (0x1d, ["auto_focus_stop"]), (0x1e, ["auto_focus_status"]), (0x1f, ["auto_focus_range"]), (0x20, ["pan_speed"]),
            (0x21, ["tilt_speed"]), (0x22, ["camera_orientation"]), (0x23, ["camera_sensor_rotation"]), (0x24, ["hdr_sensor_mode"]),
        ]
        for (off, names) in userNames { for n in names { t[n] = user + off } }
        for (off, names) in cameraNames { for n in names { t[n] = camera + off } }
        // Logitech extension-unit controls uvcvideo maps (uvcdynctrl / the kernel's Logitech mappings).
        t["led1_mode"] = 0x0a04_6d05
        t["led1_frequency"] = 0x0a04_6d06
        return t
    }()

    /// v4l2-ctl's type names → `enum v4l2_ctrl_type` values.
    static let typeCodes: [String: UInt32] = [
        "int": 1, "bool": 2, "menu": 3, "button": 4, "int64": 5, "ctrl_class": 6, "str": 7, "bitmask": 8, "intmenu": 9,
        "u8": 0x0100, "u16": 0x0101, "u32": 0x0102, "area": 0x0106, "hdr10-cll-info": 0x0110, "hdr10-mastering-display": 0x0111,
    ]
}
