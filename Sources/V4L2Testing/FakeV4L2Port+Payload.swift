internal import CV4L2
import CaptureModel
import DeviceFixtures
import HostSystem
import V4L2

/// Payload controls at the ioctl seam, laid out as the kernel lays them out:
/// `struct v4l2_rect` (16 bytes) for rect, `struct v4l2_area` (8 bytes) for
/// area, packed elements for u8/u16/u32 and integer arrays, all through
/// `v4l2_ext_control.ptr` with `size` checked (too small: ENOSPC and the size needed).
extension FakeV4L2Port {
    static let whichMinimum: UInt32 = 0x0f02_0000
    static let whichMaximum: UInt32 = 0x0f03_0000

    /// Whether `c` travels through `ptr` rather than `value`/`value64`.
    static func isPayload(_ c: FakeControlSpec) -> Bool {
        let code = typeCode(c.type)
        return code >= ControlTypeCode.firstCompound || (c.flags ?? []).contains("has-payload") || !(c.dims ?? []).isEmpty
    }

    /// `elem_size` as the kernel reports it for the type.
    static func defaultElementSize(_ c: FakeControlSpec) -> UInt32 {
        switch c.type {
        case "int64": 8
        case "str": UInt32(clamping: max(c.max ?? 0, 0) &+ 1)
        case "u8": 1
        case "u16": 2
        case "area": UInt32(MemoryLayout<v4l2_area>.size)
        case "rect": UInt32(MemoryLayout<v4l2_rect>.size)
        default: 4
        }
    }

    /// The numbers of a payload control for `which` (current, minimum or maximum).
    func payloadNumbers(_ c: FakeControlSpec, which: UInt32) -> [Int64] {
        let source: FakeValue?
        switch which {
        case FakeV4L2Port.whichMinimum: source = c.minValue
        case FakeV4L2Port.whichMaximum: source = c.maxValue
        default: source = state.writtenPayload[c.id.value].map { .numbers($0) } ?? c.value
        }
        if case .numbers(let n)? = source { return n }
        return []
    }

    /// Fills `ctrl.ptr` with the payload of `c`; an errno on failure.
    func fillPayload(_ ctrl: inout v4l2_ext_control, _ c: FakeControlSpec, which: UInt32) -> Int32 {
        let elemSize = Int(c.elemSize ?? FakeV4L2Port.defaultElementSize(c))
        let count = c.type == "rect" || c.type == "area" ? 1 : Int(c.elems ?? 1)
        let needed = elemSize * count
        guard Int(ctrl.size) >= needed, let dst = ctrl.ptr else {
            ctrl.size = UInt32(needed)
            return Errno.ENOSPC
        }
        let n = payloadNumbers(c, which: which)
        func at(_ i: Int) -> Int64 { i < n.count ? n[i] : 0 }
        let raw = UnsafeMutableRawBufferPointer(start: dst, count: needed)
        raw.initializeMemory(as: UInt8.self, repeating: 0)
        switch c.type {
        case "rect":
            let r = v4l2_rect(
                left: Int32(truncatingIfNeeded: at(0)), top: Int32(truncatingIfNeeded: at(1)),
                width: UInt32(truncatingIfNeeded: at(2)), height: UInt32(truncatingIfNeeded: at(3)))
            raw.storeBytes(of: r, as: v4l2_rect.self)
        case "area":
            raw.storeBytes(
                of: v4l2_area(width: UInt32(truncatingIfNeeded: at(0)), height: UInt32(truncatingIfNeeded: at(1))), as: v4l2_area.self)
        default:
            for i in 0..<count {
                let v = at(i)
                switch elemSize {
                case 1: raw.storeBytes(of: UInt8(truncatingIfNeeded: v), toByteOffset: i, as: UInt8.self)
                case 2: raw.storeBytes(of: UInt16(truncatingIfNeeded: v), toByteOffset: i * 2, as: UInt16.self)
                case 4: raw.storeBytes(of: UInt32(truncatingIfNeeded: v), toByteOffset: i * 4, as: UInt32.self)
                default: raw.storeBytes(of: v, toByteOffset: i * 8, as: Int64.self)
                }
            }
        }
        return 0
    }

    /// Reads a rect written through `ctrl.ptr` and checks it as uvcvideo does:
    /// the size must be 16 bytes, and the rectangle inside the maximum and
    /// no smaller than the minimum (else ERANGE). Nil with the errno on failure.
    func rectWritten(_ ctrl: v4l2_ext_control, _ c: FakeControlSpec) -> (numbers: [Int64]?, errno: Int32) {
        guard c.type == "rect" else { return (nil, Errno.EINVAL) }
        guard Int(ctrl.size) == MemoryLayout<v4l2_rect>.size, let src = ctrl.ptr else { return (nil, Errno.EINVAL) }
        let r = UnsafeRawPointer(src).loadUnaligned(as: v4l2_rect.self)
        let lo = payloadNumbers(c, which: FakeV4L2Port.whichMinimum)
        let hi = payloadNumbers(c, which: FakeV4L2Port.whichMaximum)
        let (l, t, w, h) = (Int64(r.left), Int64(r.top), Int64(r.width), Int64(r.height))
        if lo.count == 4, w < lo[2] || h < lo[3] { return (nil, 34) }  // ERANGE
        if hi.count == 4, l < hi[0] || t < hi[1] || l + w > hi[0] + hi[2] || t + h > hi[1] + hi[3] { return (nil, 34) }
        return ([l, t, w, h], 0)
    }
}
