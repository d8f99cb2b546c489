internal import CV4L2
import CaptureModel

/// How a control's value travels in `struct v4l2_ext_control`: inline
/// (`value` / `value64`), as a string, or as a payload through `ptr` whose
/// layout is a kernel struct (`struct v4l2_rect`, `struct v4l2_area`) or an
/// array of elements. Compound types not listed here are never read.
enum ControlPayload: Equatable {
    case inline
    case string(bytes: Int)
    case rect
    case area
    /// `count` elements of `size` bytes; signed for `int`/`int64` arrays.
    case elements(size: Int, count: Int, signed: Bool)

    /// The largest payload read for one control (a driver may claim any size).
    static let maxBytes = 65_536

    var byteCount: Int {
        switch self {
        case .inline: 0
        case .string(let n): n
        case .rect: MemoryLayout<v4l2_rect>.size
        case .area: MemoryLayout<v4l2_area>.size
        case .elements(let size, let count, _): size * count
        }
    }

    /// The payload of `c`, or nil when its value is not read: write-only, a
    /// button or class, a compound type camprobe does not know, an element size
    /// that does not match the type, or more than `maxBytes`.
    static func of(_ c: Control) -> ControlPayload? {
        if c.flags.contains(.writeOnly) { return nil }
        let scalarShape = c.elements <= 1 && c.dimensions.isEmpty
        switch c.typeCode {
        case V4L2_CTRL_TYPE_INTEGER.rawValue, V4L2_CTRL_TYPE_BOOLEAN.rawValue, V4L2_CTRL_TYPE_MENU.rawValue,
            V4L2_CTRL_TYPE_INTEGER64.rawValue, V4L2_CTRL_TYPE_BITMASK.rawValue, V4L2_CTRL_TYPE_INTEGER_MENU.rawValue:
            guard c.flags.contains(.hasPayload) || !scalarShape else { return .inline }
            let size = c.typeCode == V4L2_CTRL_TYPE_INTEGER64.rawValue ? 8 : 4
            return elements(c, size: size, signed: true)
        case V4L2_CTRL_TYPE_STRING.rawValue:
            guard scalarShape, let n = ControlEnumerator.stringBufferSize(c) else { return nil }
            return .string(bytes: n)
        case ControlTypeCode.rect:
            return scalarShape && Int(c.elementSize) == MemoryLayout<v4l2_rect>.size ? .rect : nil
        case ControlTypeCode.area:
            return scalarShape && Int(c.elementSize) == MemoryLayout<v4l2_area>.size ? .area : nil
        case ControlTypeCode.u8: return elements(c, size: 1, signed: false)
        case ControlTypeCode.u16: return elements(c, size: 2, signed: false)
        case ControlTypeCode.u32: return elements(c, size: 4, signed: false)
        default: return nil
        }
    }

    private static func elements(_ c: Control, size: Int, signed: Bool) -> ControlPayload? {
        guard Int(c.elementSize) == size, c.elements > 0, Int(c.elements) <= maxBytes / size else { return nil }
        return .elements(size: size, count: Int(c.elements), signed: signed)
    }

    /// The value in `bytes` (the buffer `ptr` pointed at) after `VIDIOC_G_EXT_CTRLS`.
    func decode(_ bytes: UnsafeRawBufferPointer) -> ControlValue? {
        guard bytes.count >= byteCount else { return nil }
        switch self {
        case .inline: return nil
        case .string: return .string(String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self))
        case .rect:
            let r = bytes.loadUnaligned(as: v4l2_rect.self)
            return .rect(ControlRect(left: r.left, top: r.top, width: r.width, height: r.height))
        case .area:
            let a = bytes.loadUnaligned(as: v4l2_area.self)
            return .area(ControlArea(width: a.width, height: a.height))
        case .elements(let size, let count, let signed):
            var out: [Int64] = []
            out.reserveCapacity(count)
            for i in 0..<count {
                let at = i * size
                switch (size, signed) {
                case (1, _): out.append(Int64(bytes[at]))
                case (2, _): out.append(Int64(bytes.loadUnaligned(fromByteOffset: at, as: UInt16.self)))
                case (4, false): out.append(Int64(bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self)))
                case (4, true): out.append(Int64(bytes.loadUnaligned(fromByteOffset: at, as: Int32.self)))
                default: out.append(bytes.loadUnaligned(fromByteOffset: at, as: Int64.self))
                }
            }
            return .array(out)
        }
    }
}
