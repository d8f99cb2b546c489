internal import CV4L2
import CaptureModel
import DeviceFixtures
import HostSystem
import V4L2

extension FakeV4L2Port {
    static let typeCodes: [String: UInt32] = [
        "int": 1, "bool": 2, "menu": 3, "button": 4, "int64": 5, "ctrl_class": 6, "str": 7, "bitmask": 8, "intmenu": 9,
        "u8": 0x100, "u16": 0x101, "u32": 0x102, "area": 0x106, "rect": 0x107,
    ]

    /// The type code for a v4l2-ctl type name; `compound-0x200` names any other code.
    static func typeCode(_ name: String) -> UInt32 {
        if let t = typeCodes[name] { return t }
        if name.hasPrefix("compound-0x"), let t = UInt32(name.dropFirst("compound-0x".count), radix: 16) { return t }
        return 1
    }

    var sortedControls: [FakeControlSpec] { (spec.controls ?? []).sorted { $0.id.value < $1.id.value } }

    static func flags(_ names: [String]?) -> UInt32 {
        (names ?? []).reduce(0) { acc, n in acc | (ControlFlags.names.first { $0.1 == n }?.0 ?? 0) }
    }

    func queryCtrl(_ q: UnsafeMutablePointer<v4l2_query_ext_ctrl>) -> Int32 {
        let next: UInt32 = 0x8000_0000 | 0x4000_0000
        let requested = q.pointee.id
        let base = requested & ~next
        let list = sortedControls
        let found: FakeControlSpec?
        if requested & next != 0 {
            if spec.endlessList == V4L2Request.queryExtCtrl.description, !list.isEmpty {
                // A broken driver that keeps answering with the same control.
                found = list.first { $0.id.value > base } ?? list.last
            } else {
                found = list.first { $0.id.value > base }
            }
        } else {
            found = list.first { $0.id.value == base }
        }
        guard let c = found else { return Errno.EINVAL }
        var out = v4l2_query_ext_ctrl()
        out.id = c.id.value
        out.type = FakeV4L2Port.typeCode(c.type)
        encodeCString(c.name, into: &out.name)
        let isBool = c.type == "bool"
        out.minimum = c.min ?? 0
        out.maximum = c.max ?? (isBool ? 1 : 0)
        out.step =
            c.step
            ?? ((c.type == "menu" || c.type == "intmenu" || c.type == "button" || c.type == "bitmask")
                ? (c.type == "menu" || c.type == "intmenu" ? 1 : 0) : 1)
        out.default_value = c.default ?? 0
        out.flags = FakeV4L2Port.flags(c.flags) | (isInactive(c.id.value) ? ControlFlags.inactive.rawValue : 0)
        out.elem_size = c.elemSize ?? FakeV4L2Port.defaultElementSize(c)
        out.elems = c.elems ?? 1
        let dims = c.dims ?? []
        out.nr_of_dims = UInt32(min(dims.count, 4))
        withUnsafeMutableBytes(of: &out.dims) { raw in
            let d = raw.bindMemory(to: UInt32.self)
            for (i, v) in dims.prefix(4).enumerated() { d[i] = v }
        }
        q.pointee = out
        return 0
    }

    func queryMenu(_ m: UnsafeMutablePointer<v4l2_querymenu>) -> Int32 {
        guard let c = sortedControls.first(where: { $0.id.value == m.pointee.id }), c.type == "menu" || c.type == "intmenu" else {
            return Errno.EINVAL
        }
        let index = Int64(m.pointee.index)
        guard index >= (c.min ?? 0), index <= (c.max ?? 0), let item = c.menu?[String(index)] else { return Errno.EINVAL }
        var out = v4l2_querymenu()
        out.id = c.id.value
        out.index = m.pointee.index
        switch item {
        case .int(let v): out.value = v
        case .string(let s): encodeCString(s, into: &out.name)
        case .numbers: return Errno.EINVAL
        }
        m.pointee = out
        return 0
    }

    func getControls(_ p: UnsafeMutablePointer<v4l2_ext_controls>) -> Int32 {
        let count = Int(p.pointee.count)
        guard count > 0, let ctrls = p.pointee.controls else { return 0 }
        let byID = Dictionary(sortedControls.map { ($0.id.value, $0) }, uniquingKeysWith: { a, _ in a })
        for i in 0..<count {
            guard let c = byID[ctrls[i].id] else {
                p.pointee.error_idx = UInt32(i)
                return Errno.EINVAL
            }
            if (c.flags ?? []).contains("write-only") || c.type == "button" {
                p.pointee.error_idx = UInt32(i)
                return Errno.EACCES
            }
            let which = p.pointee.which
            if which == FakeV4L2Port.whichMinimum || which == FakeV4L2Port.whichMaximum {
                // The core answers min/max only for controls that say they have them.
                guard (c.flags ?? []).contains("has-min-max") else {
                    p.pointee.error_idx = UInt32(i)
                    return Errno.EINVAL
                }
            }
            if FakeV4L2Port.isPayload(c) {
                let e = fillPayload(&ctrls[i], c, which: which)
                if e != 0 {
                    p.pointee.error_idx = UInt32(i)
                    return e
                }
                continue
            }
            if which == FakeV4L2Port.whichMinimum || which == FakeV4L2Port.whichMaximum {
                let v = which == FakeV4L2Port.whichMinimum ? (c.min ?? 0) : (c.max ?? 0)
                if c.type == "int64" { ctrls[i].value64 = v } else { ctrls[i].value = Int32(truncatingIfNeeded: v) }
                continue
            }
            let value = state.written[c.id.value].map { FakeValue.int($0) } ?? c.value ?? .int(c.default ?? 0)
            switch value {
            case .string(let s):
                let bytes = Array(s.utf8)
                guard Int(ctrls[i].size) > bytes.count, let dst = ctrls[i].string else {
                    ctrls[i].size = UInt32(bytes.count + 1)
                    p.pointee.error_idx = UInt32(i)
                    return Errno.ENOSPC
                }
                for (j, b) in bytes.enumerated() { dst[j] = CChar(bitPattern: b) }
                dst[bytes.count] = 0
            case .int(let v):
                if c.type == "int64" { ctrls[i].value64 = v } else { ctrls[i].value = Int32(truncatingIfNeeded: v) }
            case .numbers:
                ctrls[i].value = 0
            }
        }
        return 0
    }

    /// The current integer value of a control (written, else the fixture's, else its default).
    func intValue(_ id: UInt32) -> Int64? {
        if let w = state.written[id] { return w }
        guard let c = sortedControls.first(where: { $0.id.value == id }) else { return nil }
        if case .int(let v)? = c.value { return v }
        return c.default
    }

    /// uvcvideo's coupling: a manual control is inactive while its auto switch is on (exposure time in every
    /// exposure mode but Manual, as uvcvideo 6.1 has it: `ControlID.releases`). `pending`: switch values
    /// written in the same call, which uvcvideo reads before the device's (the last one wins).
    func isInactive(_ id: UInt32, pending: [(UInt32, Int64)] = []) -> Bool {
        for (auto, governed) in ControlID.governs where governed.contains(id) {
            guard let v = pending.last(where: { $0.0 == auto })?.1 ?? intValue(auto),
                sortedControls.contains(where: { $0.id.value == id })
            else { continue }
            if !ControlID.releases(auto: auto, value: v) { return true }
        }
        return false
    }

    /// VIDIOC_S_EXT_CTRLS as uvcvideo answers it: unknown → EINVAL, read-only → EACCES,
    /// out of range → ERANGE, a manual value while its auto switch is on → EACCES (as uvcvideo 6.1's
    /// `uvc_ctrl_is_accessible`, which honours a switch set in the same call; the fake once said EBUSY).
    /// All-or-nothing for the controls of one call.
    func setControls(_ p: UnsafeMutablePointer<v4l2_ext_controls>) -> Int32 {
        let count = Int(p.pointee.count)
        guard count > 0, let ctrls = p.pointee.controls else { return 0 }
        let byID = Dictionary(sortedControls.map { ($0.id.value, $0) }, uniquingKeysWith: { a, _ in a })
        var pending: [(UInt32, Int64)] = []
        var pendingPayload: [(UInt32, [Int64])] = []
        for i in 0..<count {
            guard let c = byID[ctrls[i].id] else {
                p.pointee.error_idx = UInt32(i)
                return Errno.EINVAL
            }
            let flags = c.flags ?? []
            if flags.contains("read-only") || c.type == "str" {
                p.pointee.error_idx = UInt32(i)
                return Errno.EACCES
            }
            if FakeV4L2Port.isPayload(c) {
                let (numbers, e) = rectWritten(ctrls[i], c)
                guard let numbers else {
                    p.pointee.error_idx = UInt32(i)
                    return e
                }
                pendingPayload.append((c.id.value, numbers))
                continue
            }
            let v = c.type == "int64" ? ctrls[i].value64 : Int64(ctrls[i].value)
            if c.type != "button", v < (c.min ?? 0) || v > (c.max ?? (c.type == "bool" ? 1 : 0)) {
                p.pointee.error_idx = UInt32(i)
                return 34
            }  // ERANGE
            if isInactive(c.id.value, pending: (0..<count).map { (ctrls[$0].id, Int64(ctrls[$0].value)) }) {
                p.pointee.error_idx = UInt32(i)
                return Errno.EACCES
            }
            pending.append((c.id.value, v))
        }
        let governed = Set(ControlID.governs.values.joined())
        let before = Dictionary(uniqueKeysWithValues: sortedControls.map(\.id.value).filter(governed.contains).map { ($0, isInactive($0)) })
        for (id, v) in pending { state.written[id] = v }
        for (id, n) in pendingPayload { state.writtenPayload[id] = n }
        emitEvents(written: pending, inactiveBefore: before)
        return 0
    }
}
