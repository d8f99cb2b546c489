import CaptureModel
import DeviceFixtures

/// The fewest ioctls that can read what `camprobe show` prints for a fixture,
/// computed from the fixture itself (not from camprobe's code): every list
/// costs its entries plus the one call that answers EINVAL, a stepwise or
/// continuous answer costs one call (its intervals are asked at both ends), menus cost one call per index in
/// [minimum, maximum], current values one batched G_EXT_CTRLS.
package enum MinimumIoctls {
    package static func forNode(_ n: FakeNodeSpec) -> Int {
        if n.openError != nil { return 0 }
        if n.subsystem == "media" { return 1 }
        var total = 1  // QUERYCAP
        let caps = n.deviceCaps?.value ?? n.capabilities?.value ?? 0
        guard caps & 0x1 != 0 || caps & 0x1000 != 0 else { return total }
        total += (n.inputs?.count ?? 0) + 1  // ENUMINPUT until EINVAL (or one ENOTTY)
        if !(n.inputs ?? []).isEmpty { total += 1 }  // G_INPUT
        for (bit, type) in [(UInt32(0x1), "capture"), (0x1000, "capture-mplane")] where caps & bit != 0 {
            let formats = (n.formats ?? []).filter { ($0.bufferType ?? "capture") == type }
            total += formats.count + 1
            for f in formats { total += sizes(f) }
        }
        let controls = n.controls ?? []
        total += controls.count + 1
        for c in controls where c.type == "menu" || c.type == "intmenu" { total += Int((c.max ?? 0) - (c.min ?? 0) + 1) }
        let readable = controls.contains { c in
            !(c.flags ?? []).contains("write-only") && ["int", "bool", "menu", "int64", "bitmask", "intmenu", "str"].contains(c.type)
                && !(c.flags ?? []).contains("has-payload") || c.type == "str"
        }
        if readable { total += 1 }
        total += 2  // G_FMT, G_PARM
        return total
    }

    static func sizes(_ f: FakeFormatSpec) -> Int {
        var total = 0
        var rangeSeen = false
        for s in f.sizes {
            if s.discrete != nil {
                total += 1 + intervals(s.intervals)
            } else if let r = s.stepwise ?? s.continuous {
                rangeSeen = true
                total += 1 + intervals(s.intervals) + (r.min == r.max ? 0 : intervals(s.intervalsAtMax ?? s.intervals))
                break
            }
        }
        return rangeSeen ? total : total + 1  // discrete lists end with one EINVAL
    }

    static func intervals(_ i: FakeIntervalsSpec?) -> Int {
        guard let i else { return 1 }
        if let d = i.discrete { return d.count + 1 }
        return 1
    }
}
