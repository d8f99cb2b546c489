/// `struct v4l2_query_ext_ctrl.flags` (`V4L2_CTRL_FLAG_*`), named as v4l2-ctl names them.
public struct ControlFlags: NamedFlags {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let disabled = ControlFlags(rawValue: 0x1)
    public static let readOnly = ControlFlags(rawValue: 0x4)
    public static let inactive = ControlFlags(rawValue: 0x10)
    public static let writeOnly = ControlFlags(rawValue: 0x40)
    public static let hasPayload = ControlFlags(rawValue: 0x100)
    /// `V4L2_CTRL_FLAG_HAS_WHICH_MIN_MAX`: the compound minimum and maximum are read
    /// with `V4L2_CTRL_WHICH_MIN_VAL` / `V4L2_CTRL_WHICH_MAX_VAL`.
    public static let hasWhichMinMax = ControlFlags(rawValue: 0x1000)
    public static let names: [(UInt32, String)] = [
        (0x1, "disabled"), (0x2, "grabbed"), (0x4, "read-only"), (0x8, "update"), (0x10, "inactive"),
        (0x20, "slider"), (0x40, "write-only"), (0x80, "volatile"), (0x100, "has-payload"),
        (0x200, "execute-on-write"), (0x400, "modify-layout"), (0x800, "dynamic-array"),
        (0x1000, "has-min-max"),
    ]
}

/// One menu entry (`VIDIOC_QUERYMENU`): a name for `menu` controls, a 64-bit
/// value for `intmenu` controls.
public struct MenuItem: Sendable, Hashable, Codable {
    public var index: Int64
    public var name: String?
    public var value: Int64?
    public init(index: Int64, name: String? = nil, value: Int64? = nil) {
        self.index = index
        self.name = name
        self.value = value
    }
}

/// A control's current value (`VIDIOC_G_EXT_CTRLS`).
///
/// In JSON: a number, a string, an array of numbers (u8/u16/u32 and integer
/// arrays, one number per element), `{"left","top","width","height"}` (rect)
/// or `{"width","height"}` (area). Compound types camprobe does not know have
/// no value: they are never read as an integer.
public enum ControlValue: Sendable, Hashable, Codable {
    case integer(Int64)
    case string(String)
    /// `V4L2_CTRL_TYPE_RECT`: a `struct v4l2_rect`.
    case rect(ControlRect)
    /// `V4L2_CTRL_TYPE_AREA`: a `struct v4l2_area`.
    case area(ControlArea)
    /// The elements of an array or matrix control (u8, u16, u32, int, int64), in row order.
    case array([Int64])

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let i = try? c.decode(Int64.self) {
            self = .integer(i)
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if let a = try? c.decode([Int64].self) {
            self = .array(a)
        } else if let r = try? c.decode(ControlRect.self) {
            self = .rect(r)
        } else {
            self = .area(try c.decode(ControlArea.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .integer(let i): try c.encode(i)
        case .string(let s): try c.encode(s)
        case .rect(let r): try c.encode(r)
        case .area(let a): try c.encode(a)
        case .array(let a): try c.encode(a)
        }
    }

    /// The integer, for scalar controls; nil for strings and compound values.
    public var integer: Int64? {
        if case .integer(let i) = self { return i }
        return nil
    }
}

/// One control (`VIDIOC_QUERY_EXT_CTRL`, walked with `V4L2_CTRL_FLAG_NEXT_CTRL |
/// V4L2_CTRL_FLAG_NEXT_COMPOUND`), with its menu and current value.
public struct Control: Sendable, Hashable, Codable {
    public var id: UInt32
    /// The driver's name, e.g. "White Balance, Automatic".
    public var name: String
    /// v4l2-ctl's identifier for the control, e.g. `white_balance_automatic`.
    public var key: String
    /// v4l2-ctl's type name: int, bool, menu, button, int64, ctrl_class, str, bitmask, intmenu, u8, u16, u32, area, …
    public var type: String
    public var typeCode: UInt32
    /// The control class, e.g. "user", "camera" (from the ID's upper bits).
    public var controlClass: String
    public var minimum: Int64
    public var maximum: Int64
    public var step: UInt64
    public var defaultValue: Int64
    /// Absent for write-only controls, buttons, class markers and compound
    /// types camprobe does not decode.
    public var value: ControlValue?
    /// A compound control's minimum (`VIDIOC_G_EXT_CTRLS` with
    /// `V4L2_CTRL_WHICH_MIN_VAL`), read when the driver sets `has-min-max`.
    public var minimumValue: ControlValue?
    /// A compound control's maximum (`V4L2_CTRL_WHICH_MAX_VAL`).
    public var maximumValue: ControlValue?
    public var flags: ControlFlags
    public var elementSize: UInt32
    public var elements: UInt32
    /// Array dimensions (empty for scalars).
    public var dimensions: [UInt32]
    public var menu: [MenuItem]

    public init(
        id: UInt32, name: String, type: String, typeCode: UInt32, minimum: Int64, maximum: Int64, step: UInt64,
        defaultValue: Int64, value: ControlValue?, flags: ControlFlags, elementSize: UInt32 = 0, elements: UInt32 = 1,
        dimensions: [UInt32] = [], menu: [MenuItem] = []
    ) {
        self.id = id
        self.name = name
        self.key = Control.key(forName: name)
        self.type = type
        self.typeCode = typeCode
        self.controlClass = Control.className(forID: id)
        self.minimum = minimum
        self.maximum = maximum
        self.step = step
        self.defaultValue = defaultValue
        self.value = value
        self.flags = flags
        self.elementSize = elementSize
        self.elements = elements
        self.dimensions = dimensions
        self.menu = menu
    }

    /// The identifier v4l2-ctl derives from a control name: lower-case
    /// alphanumerics, runs of anything else become one `_`.
    public static func key(forName name: String) -> String {
        var out = ""
        var pendingUnderscore = false
        for u in name.unicodeScalars {
            let isAlnum = (u >= "a" && u <= "z") || (u >= "A" && u <= "Z") || (u >= "0" && u <= "9")
            if isAlnum {
                if pendingUnderscore { out.append("_") }
                pendingUnderscore = false
                out.unicodeScalars.append(u.properties.lowercaseMapping.unicodeScalars.first ?? u)
            } else if !out.isEmpty {
                pendingUnderscore = true
            }
        }
        return out
    }

    /// Control class names by `V4L2_CTRL_ID2CLASS(id)`.
    public static func className(forID id: UInt32) -> String {
        switch id & 0x0fff_0000 {
        case 0x0098_0000: "user"
        case 0x0099_0000: "codec"
        case 0x009a_0000: "camera"
        case 0x009b_0000: "fm-tx"
        case 0x009c_0000: "flash"
        case 0x009d_0000: "jpeg"
        case 0x009e_0000: "image-source"
        case 0x009f_0000: "image-processing"
        case 0x00a0_0000: "digital-video"
        case 0x00a1_0000: "fm-rx"
        case 0x00a2_0000: "rf-tuner"
        case 0x00a3_0000: "detect"
        case 0x00a4_0000: "codec-stateless"
        case 0x00a5_0000: "colorimetry"
        default: "class-0x" + String(id & 0x0fff_0000, radix: 16)
        }
    }
}
