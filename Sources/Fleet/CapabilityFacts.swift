import CamProbe
import CaptureModel
import ProfileFormat

/// A device's capabilities as named facts (`format MJPG 1280x720` → `30, 25, 20 fps`), the same
/// projection the fingerprint hashes, in a form two devices can be compared by and a person can read.
package struct CapabilityFacts: Sendable, Hashable {
    /// Facts in the device's own order.
    package private(set) var names: [String] = []
    package private(set) var values: [String: String] = [:]

    package init(_ d: Device) {
        add("name", d.name)
        add("model", d.modelID ?? "-")
        add("transport", d.transport.kind.rawValue)
        add("nodes", d.nodes.map(\.role.rawValue).sorted().joined(separator: ", "))
        for (i, c) in d.captures.enumerated() {
            let node = d.captures.count > 1 ? "node \(i) " : ""
            add("\(node)driver", c.identity.driver)
            add("\(node)card", c.identity.card)
            add("\(node)capabilities", c.identity.deviceCaps.names.joined(separator: ", "))
            if !c.inputs.isEmpty { add("\(node)inputs", c.inputs.map { "\($0.name) (\($0.type))" }.joined(separator: ", ")) }
            add("\(node)format order", c.formats.map(\.fourcc.description).joined(separator: ", "))
            for f in c.formats {
                let key = "\(node)format \(f.fourcc)"
                add(key, f.description + (f.flags.names.isEmpty ? "" : " [\(f.flags.names.joined(separator: ", "))]"))
                for s in f.sizes { add("\(key) \(CapabilityFacts.size(s))", CapabilityFacts.intervals(s)) }
            }
            for ctl in c.controls ?? [] { controlFacts("\(node)control", ctl) }
            if c.controls == nil { add("\(node)controls", "not read") }
        }
        if let s = d.sensor {
            add("sensor", s.entity)
            let modes = (try? SortedJSONEncoder(prettyPrinted: false).encode(s.source)).map { String(decoding: $0, as: UTF8.self) }
            add("sensor modes", modes ?? "?")
            for ctl in s.controls ?? [] { controlFacts("sensor control", ctl) }
        }
        for a in d.audio {
            add("microphone \(a.name)", a.driver)
            for p in a.pcms {
                let key = "microphone \(a.name) pcm \(p.device)"
                add("\(key) formats", p.formats.isEmpty ? "not read" : p.formats.joined(separator: ", "))
                add("\(key) channels", "\(p.minChannels.map(String.init) ?? "?")…\(p.maxChannels.map(String.init) ?? "?")")
                add("\(key) rates", p.rates.map(String.init).joined(separator: ", ") + " Hz")
            }
        }
    }

    mutating func controlFacts(_ prefix: String, _ c: Control) {
        let key = "\(prefix) \(c.key)"
        add(key, c.type)
        add("\(key) range", "\(c.minimum)…\(c.maximum)" + (c.step > 1 ? " step \(c.step)" : ""))
        add("\(key) default", "\(c.defaultValue)")
        let flags = ControlFlags(rawValue: c.flags.rawValue & ~Projection.ControlShape.stateFlags).names
        if !flags.isEmpty { add("\(key) flags", flags.joined(separator: ", ")) }
        if !c.menu.isEmpty {
            add(
                "\(key) menu",
                c.menu.map { "\($0.index)" + ($0.name.map { " \($0)" } ?? $0.value.map { " =\($0)" } ?? "") }.joined(separator: ", "))
        }
    }

    mutating func add(_ name: String, _ value: String) {
        if values[name] == nil { names.append(name) }
        values[name] = value
    }

    /// "1280x720", "16x16…1920x1080 step 2x2", "16x16…1920x1080 (any)".
    static func size(_ s: FrameSize) -> String {
        switch s {
        case .discrete(let d, _): "\(d)"
        case .stepwise(let lo, let hi, let step, _, _): "\(lo)…\(hi) step \(step)"
        case .continuous(let lo, let hi, _, _): "\(lo)…\(hi) (any)"
        }
    }

    /// "30, 25, 20 fps", "1…30 fps (intervals 1/30…1/1 step 1/30)", "unknown (…)".
    static func intervals(_ s: FrameSize) -> String {
        func rate(_ d: FrameDuration) -> String { d.fps.map(formatFPS) ?? "\(d.interval)" }
        func text(_ i: FrameIntervals) -> String {
            switch i {
            case .discrete(let l): l.map(rate).joined(separator: ", ") + " fps"
            case .stepwise(let lo, let hi, let step):
                "\(rate(hi))…\(rate(lo)) fps (intervals \(lo.interval)…\(hi.interval) step \(step.interval))"
            case .continuous(let lo, let hi): "\(rate(hi))…\(rate(lo)) fps (any interval)"
            case .unknown(let reason): "unknown (\(reason))"
            }
        }
        switch s {
        case .discrete(_, let i): return text(i)
        case .stepwise(_, _, _, let a, let b), .continuous(_, _, let a, let b):
            return a == b ? text(a) : "at min \(text(a)); at max \(text(b))"
        }
    }
}

/// Where two devices' capabilities differ.
package struct CapabilityDifference: Sendable, Hashable {
    /// The fact, e.g. `format MJPG 1280x720` or `control brightness range`.
    package var fact: String
    /// Its value on each side; nil where the fact is absent.
    package var a: String?
    package var b: String?

    package init(fact: String, a: String?, b: String?) {
        self.fact = fact
        self.a = a
        self.b = b
    }

    /// Facts that differ between `a` and `b`, in `a`'s order and then `b`'s.
    package static func between(_ a: Device, _ b: Device) -> [CapabilityDifference] {
        let fa = CapabilityFacts(a)
        let fb = CapabilityFacts(b)
        var out: [CapabilityDifference] = []
        // A fact under one that is absent on one side (the sizes of a missing format, the range of a
        // missing control) says nothing more: only the parent is listed.
        var absent: [String] = []
        func covered(_ n: String) -> Bool { absent.contains { n.hasPrefix($0 + " ") } }
        for n in fa.names + fb.names.filter({ fa.values[$0] == nil }) where fa.values[n] != fb.values[n] && !covered(n) {
            if fa.values[n] == nil || fb.values[n] == nil { absent.append(n) }
            out.append(CapabilityDifference(fact: n, a: fa.values[n], b: fb.values[n]))
        }
        return out
    }
}
