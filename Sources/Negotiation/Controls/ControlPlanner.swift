import CaptureModel

/// A request camprobe cannot turn into writes: what was asked and what is allowed.
package struct ControlRequestError: Error, Sendable, Hashable, CustomStringConvertible {
    package var assignment: String
    package var message: String
    package var description: String { "\(assignment): \(message)" }
}

/// Turns `ctl` assignments — semantic (`focus=locked:120`, `exposure=custom:1/120`,
/// `wb=5000K`, `torch=on`, `zoom=2x`, `mirror=on`) and raw (`brightness=140`,
/// `0x00980900=140`, a menu entry by name) — into an ordered list of control
/// writes: auto switches first (the manual value they govern is refused while
/// they are on), every value checked against the control's range, step, menu
/// and flags before anything is written. Pure.
package enum ControlPlanner {
    package static func plan(_ assignments: [String], controls: [Control]) throws(ControlRequestError) -> [ControlWrite] {
        var byID: [UInt32: Control] = [:]
        for c in controls where byID[c.id] == nil { byID[c.id] = c }
        var writes: [ControlWrite] = []
        for a in assignments {
            guard let eq = a.firstIndex(of: "="), eq != a.startIndex else {
                throw ControlRequestError(assignment: a, message: "expected NAME=VALUE (e.g. focus=continuous, brightness=140)")
            }
            let name = a[a.startIndex..<eq].lowercased()
            let value = String(a[a.index(after: eq)...])
            var new: [ControlWrite]
            if let sem = try semantic(name, value, byID, a) { new = sem } else { new = try raw(name, value, controls, a) }
            for w in new {
                writes.removeAll { $0.id == w.id }  // the later assignment of a control wins
                writes.append(w)
            }
        }
        // Auto switches go first; then everything else in the order asked.
        let autos = writes.filter { ControlID.autoSwitches.contains($0.id) }
        let rest = writes.filter { !ControlID.autoSwitches.contains($0.id) }
        let ordered = autos + rest
        for w in ordered { try check(w, byID, after: ordered) }
        return ordered
    }

    static func need(_ id: UInt32, _ m: [UInt32: Control], _ a: String, _ what: String) throws(ControlRequestError) -> Control {
        guard let c = m[id] else { throw ControlRequestError(assignment: a, message: "this camera has no \(what) control") }
        return c
    }

    static func on(_ v: String) -> Bool? {
        switch v.lowercased() {
        case "on", "1", "true", "yes": true
        case "off", "0", "false", "no": false
        default: nil
        }
    }

    static func semantic(_ name: String, _ v: String, _ m: [UInt32: Control], _ a: String) throws(ControlRequestError) -> [ControlWrite]? {
        let lower = v.lowercased()
        switch name {
        case "focus":
            let auto = m[ControlID.focusAuto]
            if lower == "continuous" || lower == "continuousautofocus" {
                let c = try need(ControlID.focusAuto, m, a, "continuous autofocus (FOCUS_AUTO)")
                return [ControlWrite(id: c.id, control: c.key, value: 1, reason: "continuous autofocus on")]
            }
            if lower == "auto" || lower == "autofocus" {
                let s = try need(ControlID.autoFocusStart, m, a, "single-scan autofocus (AUTO_FOCUS_START)")
                return
                    (auto.map { [ControlWrite(id: $0.id, control: $0.key, value: 0, reason: "turn continuous autofocus off first")] } ?? [])
                    + [ControlWrite(id: s.id, control: s.key, value: 1, reason: "start one autofocus scan")]
            }
            if lower.hasPrefix("locked") {
                var out =
                    auto.map { [ControlWrite(id: $0.id, control: $0.key, value: 0, reason: "turn continuous autofocus off first")] } ?? []
                if let colon = lower.firstIndex(of: ":") {
                    let abs = try need(ControlID.focusAbsolute, m, a, "lens position (FOCUS_ABSOLUTE)")
                    guard let p = Int64(lower[lower.index(after: colon)...]) else {
                        throw ControlRequestError(assignment: a, message: "locked:N needs a lens position number")
                    }
                    out.append(ControlWrite(id: abs.id, control: abs.key, value: p, reason: "lens position"))
                } else if out.isEmpty {
                    _ = try need(ControlID.focusAuto, m, a, "focus auto switch (FOCUS_AUTO)")
                }
                return out
            }
            throw ControlRequestError(assignment: a, message: "focus is continuous, auto, locked or locked:POSITION")
        case "exposure":
            let auto = try need(ControlID.exposureAuto, m, a, "exposure mode (EXPOSURE_AUTO)")
            func entry(_ i: Int64) -> Bool { auto.menu.contains { $0.index == i } }
            if lower == "continuous" || lower == "auto" {
                guard let i: Int64 = entry(0) ? 0 : entry(3) ? 3 : nil else {
                    throw ControlRequestError(assignment: a, message: "\(auto.key) has no automatic mode")
                }
                return [ControlWrite(id: auto.id, control: auto.key, value: i, reason: "continuous auto exposure")]
            }
            guard entry(1) else { throw ControlRequestError(assignment: a, message: "\(auto.key)'s menu lacks Manual Mode") }
            var out = [ControlWrite(id: auto.id, control: auto.key, value: 1, reason: "manual exposure first")]
            if lower == "locked" { return out }
            guard lower.hasPrefix("custom:") else {
                throw ControlRequestError(assignment: a, message: "exposure is continuous, locked or custom:DURATION (1/120, 0.008, 8ms)")
            }
            let abs = try need(ControlID.exposureAbsolute, m, a, "exposure time (EXPOSURE_ABSOLUTE)")
            guard let seconds = duration(String(lower.dropFirst(7))) else {
                throw ControlRequestError(assignment: a, message: "cannot read the duration '\(lower.dropFirst(7))'")
            }
            let units = Int64((seconds * 10_000).rounded())  // 100 µs units
            out.append(ControlWrite(id: abs.id, control: abs.key, value: units, reason: "exposure \(units)/10000 s"))
            return out
        case "wb", "whitebalance", "white_balance":
            if lower == "continuous" || lower == "auto" {
                let c = try need(ControlID.autoWhiteBalance, m, a, "automatic white balance (AUTO_WHITE_BALANCE)")
                return [ControlWrite(id: c.id, control: c.key, value: 1, reason: "continuous auto white balance")]
            }
            let off =
                m[ControlID.autoWhiteBalance].map {
                    [ControlWrite(id: $0.id, control: $0.key, value: 0, reason: "turn auto white balance off first")]
                } ?? []
            if lower == "locked" { return off.isEmpty ? nil : off }
            guard lower.hasSuffix("k"), let k = Int64(lower.dropLast()) else {
                throw ControlRequestError(assignment: a, message: "wb is continuous, locked or a temperature like 5000K")
            }
            let t = try need(ControlID.whiteBalanceTemperature, m, a, "white balance temperature (WHITE_BALANCE_TEMPERATURE)")
            return off + [ControlWrite(id: t.id, control: t.key, value: k, reason: "\(k) K")]
        case "torch":
            guard let led = m[ControlID.flashLEDMode], led.menu.contains(where: { $0.index == 2 }) else {
                let why =
                    m[ControlID.logitechLED1Mode] != nil
                    ? "led1_mode is the activity LED, not a torch" : "no FLASH_LED_MODE control with a Torch entry"
                throw ControlRequestError(assignment: a, message: "this camera has no torch (\(why))")
            }
            guard let b = on(v) else {
                throw ControlRequestError(assignment: a, message: "torch is on or off (V4L2 has no automatic torch)")
            }
            return [ControlWrite(id: led.id, control: led.key, value: b ? 2 : 0, reason: b ? "torch on" : "torch off")]
        case "zoom":
            let z = try need(ControlID.zoomAbsolute, m, a, "zoom (ZOOM_ABSOLUTE)")
            if lower.hasSuffix("x"), let f = Double(lower.dropLast()), f.isFinite, f > 0, f < 1e6 {
                guard z.minimum > 0 else {
                    throw ControlRequestError(
                        assignment: a, message: "\(z.key) starts at \(z.minimum): no factor scale; give a raw value (\(z.key)=N)")
                }
                return [ControlWrite(id: z.id, control: z.key, value: Int64((Double(z.minimum) * f).rounded()), reason: "zoom \(lower)")]
            }
            return nil
        case "mirror", "mirroring", "hflip":
            let c = try need(ControlID.horizontalFlip, m, a, "mirroring (HFLIP)")
            guard let b = on(v) else { throw ControlRequestError(assignment: a, message: "mirror is on or off") }
            return [ControlWrite(id: c.id, control: c.key, value: b ? 1 : 0, reason: b ? "mirroring on" : "mirroring off")]
        case "vflip":
            let c = try need(ControlID.verticalFlip, m, a, "vertical flip (VFLIP)")
            guard let b = on(v) else { throw ControlRequestError(assignment: a, message: "vflip is on or off") }
            return [ControlWrite(id: c.id, control: c.key, value: b ? 1 : 0, reason: b ? "flipped" : "not flipped")]
        case "lowlight":
            let c = try need(ControlID.exposureAutoPriority, m, a, "low-light rate control (EXPOSURE_AUTO_PRIORITY)")
            switch lower {
            case "keep-rate", "keep": return [ControlWrite(id: c.id, control: c.key, value: 0, reason: "keep the frame rate in low light")]
            case "lower-rate", "allow": return [ControlWrite(id: c.id, control: c.key, value: 1, reason: "allow a lower rate in low light")]
            default: throw ControlRequestError(assignment: a, message: "lowlight is keep-rate or lower-rate")
            }
        default:
            return nil
        }
    }

    /// "1/120", "0.008", "8ms", "8000us" → seconds.
    static func duration(_ s: String) -> Double? {
        if s.contains("/") {
            let p = s.split(separator: "/").compactMap { Double($0) }
            guard p.count == 2, p[1] != 0 else { return nil }
            return p[0] / p[1]
        }
        if s.hasSuffix("ms"), let v = Double(s.dropLast(2)) { return v / 1000 }
        if s.hasSuffix("us"), let v = Double(s.dropLast(2)) { return v / 1_000_000 }
        if s.hasSuffix("s"), let v = Double(s.dropLast()) { return v }
        return Double(s)
    }

    static func raw(_ name: String, _ v: String, _ controls: [Control], _ a: String) throws(ControlRequestError) -> [ControlWrite] {
        let c: Control?
        if name.hasPrefix("0x"), let id = UInt32(name.dropFirst(2), radix: 16) {
            c = controls.first { $0.id == id }
        } else {
            c = controls.first { $0.key == name } ?? controls.first { Control.key(forName: $0.name) == name }
        }
        guard let c else {
            throw ControlRequestError(
                assignment: a,
                message: "no control or feature '\(name)'" + Suggestion.hint(name, among: features + controls.map(\.key))
                    + "; features: \(features.joined(separator: ", ")); 'camprobe ctl DEVICE' lists the controls")
        }
        if let i = Int64(v) { return [ControlWrite(id: c.id, control: c.key, value: i, reason: "asked")] }
        if let item = c.menu.first(where: { $0.name?.lowercased() == v.lowercased() }) {
            return [ControlWrite(id: c.id, control: c.key, value: item.index, reason: "asked (\(item.name ?? ""))")]
        }
        if let b = on(v), c.type == "bool" { return [ControlWrite(id: c.id, control: c.key, value: b ? 1 : 0, reason: "asked")] }
        let names = c.menu.compactMap(\.name)
        throw ControlRequestError(
            assignment: a, message: "'\(v)' is not a value of \(c.key)" + Suggestion.hint(v, among: names) + allowed(c))
    }

    /// The semantic names `semantic` answers to, as listed in errors.
    static let features = ["focus", "exposure", "wb", "torch", "zoom", "mirror", "vflip", "lowlight"]

    static func allowed(_ c: Control) -> String {
        if !c.menu.isEmpty {
            return "; allowed: " + c.menu.map { "\($0.index)" + ($0.name.map { " (\($0))" } ?? "") }.joined(separator: ", ")
        }
        return "; allowed: \(c.minimum)…\(c.maximum)" + (c.step > 1 ? " in steps of \(c.step)" : "")
    }

    /// Range, step, menu and flags; an inactive control passes only when an earlier write turns its auto switch off.
    static func check(_ w: ControlWrite, _ m: [UInt32: Control], after plan: [ControlWrite]) throws(ControlRequestError) {
        guard let c = m[w.id] else { return }
        let a = "\(c.key)=\(w.value)"
        if c.flags.contains(.readOnly) { throw ControlRequestError(assignment: a, message: "\(c.key) is read-only") }
        if c.type == "str" || c.type == "area" || !c.dimensions.isEmpty {
            throw ControlRequestError(assignment: a, message: "\(c.key) (\(c.type)) cannot be set from the command line")
        }
        if c.type != "button" {
            if w.value < c.minimum || w.value > c.maximum { throw ControlRequestError(assignment: a, message: "out of range" + allowed(c)) }
            if c.step > 1, (w.value - c.minimum) % Int64(clamping: c.step) != 0 {
                throw ControlRequestError(assignment: a, message: "not on the step grid" + allowed(c))
            }
            if !c.menu.isEmpty, !c.menu.contains(where: { $0.index == w.value }) {
                throw ControlRequestError(assignment: a, message: "no such menu entry" + allowed(c))
            }
        }
        if c.flags.contains(.inactive) {
            let released = ControlID.governs.contains { auto, governed in
                governed.contains(w.id) && plan.last { $0.id == auto }.map { ControlID.releases(auto: auto, value: $0.value) } == true
            }
            if !released {
                let switchName = ControlID.governs.first { $0.value.contains(w.id) }.flatMap { m[$0.key]?.key }
                throw ControlRequestError(
                    assignment: a,
                    message: "\(c.key) is inactive"
                        + (switchName.map {
                            " while \($0) is on; set it off in the same command (or use the semantic form, e.g. focus=locked:N)"
                        } ?? ""))
            }
        }
    }
}
