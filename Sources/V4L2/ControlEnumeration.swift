internal import CV4L2
import CaptureModel
import HostSystem

/// Walks `VIDIOC_QUERY_EXT_CTRL` with `V4L2_CTRL_FLAG_NEXT_CTRL |
/// V4L2_CTRL_FLAG_NEXT_COMPOUND`, `VIDIOC_QUERYMENU` for menus, and reads
/// current values with one batched `VIDIOC_G_EXT_CTRLS`.
struct ControlEnumerator {
    let port: any DevicePort
    let limits: EnumerationLimits

    static let nextFlags: UInt32 = 0x8000_0000 | 0x4000_0000  // NEXT_CTRL | NEXT_COMPOUND

    func controls(log: inout EnumerationLog) -> [Control] {
        var out: [Control] = []
        var id = ControlEnumerator.nextFlags
        var lastID: UInt32 = 0
        while !log.gone {
            if out.count >= limits.controls {
                log.boundHit(.queryExtCtrl, limit: limits.controls, what: "controls on \(port.path)")
                break
            }
            var q = v4l2_query_ext_ctrl()
            q.id = id
            do throws(V4L2Error) {
                guard try port.callEnumerating(.queryExtCtrl, &q) else { break }
            } catch {
                if error.errno != Errno.ENOTTY { log.record(error, while: "listing controls") }
                break
            }
            if q.id <= lastID && lastID != 0 {
                log.note(
                    "bound-hit", .queryExtCtrl,
                    "\(port.path): the driver returned control 0x\(String(q.id, radix: 16)) after 0x\(String(lastID, radix: 16)); the control list does not advance, so it is cut here"
                )
                break
            }
            lastID = q.id
            id = q.id | ControlEnumerator.nextFlags
            let flags = ControlFlags(rawValue: q.flags)
            if flags.contains(.disabled) || q.type == V4L2_CTRL_TYPE_CTRL_CLASS.rawValue { continue }
            let dims = Array(withUnsafeBytes(of: q.dims) { Array($0.bindMemory(to: UInt32.self)) }.prefix(Int(min(q.nr_of_dims, 4))))
            var c = Control(
                id: q.id, name: decodeCString(q.name), type: ControlEnumerator.typeName(q.type), typeCode: q.type,
                minimum: q.minimum, maximum: q.maximum, step: q.step, defaultValue: q.default_value, value: nil,
                flags: flags, elementSize: q.elem_size, elements: q.elems, dimensions: dims)
            if q.type == V4L2_CTRL_TYPE_MENU.rawValue || q.type == V4L2_CTRL_TYPE_INTEGER_MENU.rawValue {
                c.menu = menu(for: q, log: &log)
            }
            out.append(c)
        }
        if !log.gone { readValues(&out, log: &log) }
        return out
    }

    func menu(for q: v4l2_query_ext_ctrl, log: inout EnumerationLog) -> [MenuItem] {
        guard q.minimum <= q.maximum, q.minimum >= 0 else {
            if q.minimum > q.maximum {
                log.note(
                    "invalid-value", .queryExtCtrl,
                    "\(port.path): menu control \(decodeCString(q.name)) has minimum \(q.minimum) above maximum \(q.maximum)")
            }
            return []
        }
        var items: [MenuItem] = []
        var upper = q.maximum
        if q.maximum - q.minimum >= limits.menuItems {
            log.boundHit(.queryMenu, limit: limits.menuItems, what: "menu \(decodeCString(q.name))")
            upper = q.minimum + limits.menuItems - 1
        }
        let isInt = q.type == V4L2_CTRL_TYPE_INTEGER_MENU.rawValue
        var i = q.minimum
        while i <= upper && !log.gone {
            var m = v4l2_querymenu()
            m.id = q.id
            m.index = UInt32(truncatingIfNeeded: i)
            do throws(V4L2Error) {
                if try port.callEnumerating(.queryMenu, &m) {
                    items.append(isInt ? MenuItem(index: i, value: m.value) : MenuItem(index: i, name: decodeCString(m.name)))
                }
            } catch {
                log.record(error, while: "reading menu \(decodeCString(q.name))")
            }
            i += 1
        }
        return items
    }

    /// Whether the current value of `c` is read (scalars, strings, rect and
    /// area controls and element arrays; not buttons, write-only controls or
    /// compound types camprobe does not know).
    static func hasReadableValue(_ c: Control) -> Bool { ControlPayload.of(c) != nil }

    /// The largest string control value read (a driver may claim any maximum).
    static let maxStringBytes = 65_536

    /// The buffer a string control's value needs: its element size or
    /// maximum + 1, at least 1; nil when the driver's numbers are negative or
    /// beyond `maxStringBytes` (the value is then not read, never trapped on).
    static func stringBufferSize(_ c: Control) -> Int? {
        let fromMaximum = c.maximum >= 0 && c.maximum < Int64(maxStringBytes) ? Int(c.maximum) + 1 : nil
        if c.maximum >= Int64(maxStringBytes) || Int(c.elementSize) > maxStringBytes { return nil }
        return max(Int(c.elementSize), fromMaximum ?? 0, 1)
    }

    func readValues(_ controls: inout [Control], log: inout EnumerationLog) {
        let wanted = controls.indices.filter { ControlEnumerator.hasReadableValue(controls[$0]) }
        if !wanted.isEmpty {
            if let values = try? get(wanted.map { controls[$0] }) {
                for (i, v) in zip(wanted, values) { controls[i].value = v }
            } else {
                // One control spoiled the batch (or the driver wants one class per
                // call): read them one by one so the others are not lost.
                for i in wanted where !log.gone {
                    do throws(V4L2Error) {
                        controls[i].value = try get([controls[i]])[0]
                    } catch {
                        log.record(error, while: "reading control \(controls[i].key)")
                    }
                }
            }
        }
        readCompoundRanges(&controls, log: &log)
    }

    /// The minimum and maximum of compound controls that have them
    /// (`V4L2_CTRL_FLAG_HAS_WHICH_MIN_MAX`): one `VIDIOC_G_EXT_CTRLS` each with
    /// `V4L2_CTRL_WHICH_MIN_VAL` and `V4L2_CTRL_WHICH_MAX_VAL`.
    func readCompoundRanges(_ controls: inout [Control], log: inout EnumerationLog) {
        for i in controls.indices where !log.gone {
            let c = controls[i]
            guard c.flags.contains(.hasWhichMinMax), c.typeCode >= ControlTypeCode.firstCompound || c.flags.contains(.hasPayload),
                ControlEnumerator.hasReadableValue(c)
            else { continue }
            do throws(V4L2Error) {
                controls[i].minimumValue = try get([c], which: CV4L2_CTRL_WHICH_MIN_VAL)[0]
                controls[i].maximumValue = try get([c], which: CV4L2_CTRL_WHICH_MAX_VAL)[0]
            } catch {
                log.record(error, while: "reading the minimum and maximum of \(c.key)")
            }
        }
    }

    /// One `VIDIOC_G_EXT_CTRLS` for `list`: `which` is `V4L2_CTRL_WHICH_CUR_VAL`
    /// (0) or `V4L2_CTRL_WHICH_MIN_VAL` / `MAX_VAL`. Strings and payloads are read
    /// into buffers of their exact size (`v4l2_ext_control.size` and `.ptr`).
    func get(_ list: [Control], which: UInt32 = 0) throws(V4L2Error) -> [ControlValue?] {
        var ext = [v4l2_ext_control](repeating: v4l2_ext_control(), count: list.count)
        let payloads = list.map { ControlPayload.of($0) ?? .inline }
        var buffers: [UnsafeMutableRawBufferPointer?] = Array(repeating: nil, count: list.count)
        defer { for b in buffers { b?.deallocate() } }
        for (i, c) in list.enumerated() {
            ext[i].id = c.id
            let size = payloads[i].byteCount
            guard payloads[i] != .inline else { continue }
            let b = UnsafeMutableRawBufferPointer.allocate(byteCount: max(size, 1), alignment: 8)
            b.initializeMemory(as: UInt8.self, repeating: 0)
            buffers[i] = b
            ext[i].size = UInt32(max(size, 1))
            ext[i].ptr = b.baseAddress
        }
        try ext.withUnsafeMutableBufferPointer { (buf) throws(V4L2Error) in
            var req = v4l2_ext_controls()
            req.which = which
            req.count = UInt32(buf.count)
            req.controls = buf.baseAddress
            try port.call(.gExtCtrls, &req)
        }
        return list.enumerated().map { i, c in
            if let b = buffers[i] { return payloads[i].decode(UnsafeRawBufferPointer(b)) }
            if c.typeCode == V4L2_CTRL_TYPE_INTEGER64.rawValue { return .integer(ext[i].value64) }
            return .integer(Int64(ext[i].value))
        }
    }

    /// v4l2-ctl's spelling of a control type.
    static func typeName(_ t: UInt32) -> String {
        switch t {
        case 1: "int"
        case 2: "bool"
        case 3: "menu"
        case 4: "button"
        case 5: "int64"
        case 6: "ctrl_class"
        case 7: "str"
        case 8: "bitmask"
        case 9: "intmenu"
        case 0x100: "u8"
        case 0x101: "u16"
        case 0x102: "u32"
        case 0x106: "area"
        case 0x107: "rect"
        default: "compound-0x" + String(t, radix: 16)
        }
    }
}
