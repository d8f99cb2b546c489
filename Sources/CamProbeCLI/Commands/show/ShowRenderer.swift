import CamProbe
import Negotiation

/// `camprobe show` as text.
enum ShowRenderer {
    static func render(_ d: Device, index: Int) {
        print(Terminal.bold(TerminalText.field(d.name)))
        var facts: [(String, String)] = [("Index", "\(index)"), ("ID", d.id.rawValue)]
        if let m = d.modelID {
            let maker = [d.identity.manufacturer, d.identity.product].compactMap { $0 }.joined(separator: " ")
            facts.append(("Model", maker.isEmpty ? m : "\(m) (\(maker))"))
        }
        if let s = d.identity.serial { facts.append(("Serial", s)) }
        facts.append(("Transport", d.transport.label))
        facts.append(("Driver", d.identity.driver.isEmpty ? "-" : d.identity.driver))
        if !d.identity.busInfo.isEmpty { facts.append(("Bus info", d.identity.busInfo)) }
        if let p = d.identity.portPath { facts.append(("Port", p)) }
        for l in d.identity.byID { facts.append(("by-id", l)) }
        for l in d.identity.byPath { facts.append(("by-path", l)) }
        facts.append(("Nodes", d.nodes.map { "\($0.path) (\($0.role))" }.joined(separator: ", ")))
        // An imported profile says which pasted file gave which fact.
        for src in d.provenance?.sources ?? [] {
            let shown = src.facts.prefix(6).map { $0.line > 0 ? "\($0.fact):\($0.line)" : $0.fact }
            let more = src.facts.count > 6 ? ", +\(src.facts.count - 6) more" : ""
            facts.append(("From", "\(src.file) (\(src.kind)): " + shown.joined(separator: ", ") + more))
        }
        printFacts(facts, indent: "  ")
        if let s = d.sensor { SensorRenderer.render(s, problems: d.problems) }
        for c in d.captures {
            renderCapture(c)
            if let s = c.semantics { SemanticsRenderer.render(s, imported: c.imported) }
            renderPresets(c, transport: d.transport)
        }
        for a in d.audio { renderAudio(a, linked: !d.captures.isEmpty) }
        // The device's own problems (lines an import skipped, nodes that could not be read); a sensor camera's
        // pipeline problems were said in its section.
        let own = d.problems.filter { d.sensor == nil || $0.kind != .pipelineMismatch }
        if !own.isEmpty {
            print("")
            print(Terminal.bold("Problems"))
            for p in own { print("  " + Terminal.yellow("! ") + p.message) }
        }
    }

    static func renderAudio(_ a: AudioCaptureCard, linked: Bool) {
        print("")
        let what = linked ? "microphone of this camera" : "microphone"
        print(Terminal.bold(a.controlPath) + "  ALSA card \(a.card) '\(a.cardID)': \(a.name) — \(a.driver) (\(what))")
        for p in a.pcms {
            print("  " + Terminal.bold(p.alsaName) + "  \(p.name), \(p.subdevices) subdevice\(p.subdevices == 1 ? "" : "s")")
            if !p.formats.isEmpty { print("    Formats: " + p.formats.joined(separator: ", ")) }
            if let c0 = p.minChannels, let c1 = p.maxChannels { print("    Channels: \(c0 == c1 ? "\(c0)" : "\(c0)-\(c1)")") }
            if let r0 = p.minRate, let r1 = p.maxRate {
                print(
                    "    Rates: \(r0)-\(r1) Hz"
                        + (p.rates.isEmpty ? "" : " (" + p.rates.map(String.init).joined(separator: ", ") + " accepted)"))
            }
            for pr in p.problems { print("    " + Terminal.yellow("! \(pr.message)")) }
        }
        for pr in a.problems { print("  " + Terminal.yellow("! \(pr.message)")) }
    }

    /// Which session presets the node supports and what each maps to (Negotiator).
    static func renderPresets(_ c: CaptureNodeCapabilities, transport: Transport) {
        guard !c.formats.isEmpty else { return }
        var supported: [String] = []
        var unsupported: [String] = []
        // One mode table for the node, shared by every preset's decisions.
        let table = ModeTable(node: c)
        for p in SessionPreset.allCases {
            let d = Negotiator.decide(preset: p, using: table, transport: transport, controls: c.controls)
            if d.outcome == .valid, let choice = d.choice {
                supported.append("\(p.rawValue) → \(choice.summary)")
            } else if d.outcome == .adjusted, let choice = d.choice, choice.frameInterval == nil,
                d.changes.allSatisfy({ $0.field == "rate" })
            {
                // The size and format are there; whether the rate is, nobody has said (a sensor without intervals).
                supported.append("\(p.rawValue) → \(choice.summary) (rate unknown)")
            } else {
                unsupported.append(p.rawValue)
            }
        }
        print("  Presets:")
        for s in supported { print("    " + s) }
        if !unsupported.isEmpty { print("    not supported: " + unsupported.joined(separator: ", ")) }
    }

    static func printFacts(_ facts: [(String, String)], indent: String) {
        let w = (facts.map { $0.0.count }.max() ?? 0) + 1
        for (k, v) in facts { print(indent + Terminal.pad(k + ":", w) + " " + TerminalText.field(v)) }
    }

    static func renderCapture(_ c: CaptureNodeCapabilities) {
        print("")
        let caps = c.identity.deviceCaps.names.filter { $0 != "device-caps" }.joined(separator: ", ")
        print(
            Terminal.bold("\(c.path)") + "  \(c.identity.card) — \(c.identity.driver) \(c.identity.version)"
                + (c.throughLibV4L2 ? " (through libv4l2)" : ""))
        print("  Capabilities: \(caps)")
        if !c.inputs.isEmpty {
            let list = c.inputs.map { i in
                (i.index == c.currentInput ? "*" : "") + "\(i.index): \(i.name) (\(i.type))"
            }.joined(separator: ", ")
            print("  Inputs: \(list)")
        }
        if let a = c.activeFormat {
            var line =
                "  Active format: \(a.fourcc) \(a.width)x\(a.height), field \(a.field), \(a.colorspace), quantization \(a.quantization)"
            if let iv = c.streamingParameters?.frameInterval, let fps = iv.fps { line += ", \(formatFPS(fps)) fps (\(iv.interval) s)" }
            print(line)
        }
        let inputNote =
            c.currentInput.flatMap { cur in c.inputs.first { $0.index == cur } }.map { " for input \($0.index) (\($0.name))" } ?? ""
        // A format the driver lists twice is shown once (its problem says so); the count is of distinct formats.
        var seen = Set<FourCC>()
        let distinct = c.formats.filter { seen.insert($0.fourcc).inserted }
        let repeated = c.formats.count - distinct.count
        print("  Formats\(inputNote): \(distinct.count)" + (repeated > 0 ? " (the driver lists \(repeated) of them again)" : ""))
        for f in distinct {
            var tags: [String] = []
            if f.isCompressed { tags.append("compressed") }
            if f.isEmulated { tags.append("emulated") }
            if f.bufferType == .videoCaptureMultiplanar { tags.append("multi-planar") }
            let tagText = tags.isEmpty ? "" : "  [" + tags.joined(separator: ", ") + "]"
            print("    " + Terminal.bold("\(f.fourcc)") + "  \(TerminalText.field(f.description))\(tagText)")
            // Sizes of every entry of this format, each once.
            var sizes = Set<FrameSize>()
            for s in c.formats.filter({ $0.fourcc == f.fourcc }).flatMap(\.sizes) where sizes.insert(s).inserted {
                print("      " + sizeLine(s))
            }
        }
        if let controls = c.controls {
            print("  Controls: \(controls.count)")
            let w = controls.map { $0.key.count }.max() ?? 0
            for ctl in controls { renderControl(ctl, keyWidth: w) }
        }
        if !c.problems.isEmpty {
            print("  Problems:")
            for p in c.problems { print("    ! " + p.message) }
        }
    }

    static func sizeLine(_ s: FrameSize) -> String {
        switch s {
        case .discrete(let d, let iv):
            return Terminal.pad("\(d)", 10) + " " + ValueText.intervals(iv)
        case .stepwise(let lo, let hi, let step, let a, let b):
            return "\(lo) – \(hi), step \(step.width)/\(step.height) (stepwise): " + ValueText.ends(lo, hi, a, b)
        case .continuous(let lo, let hi, let a, let b):
            return "\(lo) – \(hi) (continuous): " + ValueText.ends(lo, hi, a, b)
        }
    }

    static func renderControl(_ c: Control, keyWidth: Int) {
        var parts = [Terminal.pad(c.key, keyWidth), Terminal.pad(c.type, 7)]
        switch c.type {
        case "bool":
            parts.append("default \(c.defaultValue)")
        case "button", "rect", "area":
            break
        default:
            parts.append("\(c.minimum)…\(c.maximum)" + (c.step > 1 ? " step \(c.step)" : "") + "  default \(c.defaultValue)")
        }
        if let v = c.value {
            switch v {
            case .integer(let i):
                let item = c.menu.first { $0.index == i }
                var label = ""
                if let item { label = " (" + TerminalText.field(item.name ?? item.value.map { String($0) } ?? "") + ")" }
                parts.append("= \(i)\(label)")
            case .string(let s):
                parts.append("= \"\(TerminalText.field(s))\"")
            case .rect, .area, .array:
                parts.append("= " + ValueText.value(v))
            }
        } else if c.typeCode >= ControlTypeCode.firstCompound && !c.flags.contains(.writeOnly) {
            parts.append(Terminal.dim("(value not decoded: \(c.type))"))
        }
        if let lo = c.minimumValue, let hi = c.maximumValue {
            parts.append("min " + ValueText.value(lo) + "  max " + ValueText.value(hi))
        }
        if !c.dimensions.isEmpty { parts.append("dims " + c.dimensions.map { "[\($0)]" }.joined()) }
        let flags = c.flags.names.filter { $0 != "slider" && $0 != "has-payload" }
        if !flags.isEmpty { parts.append(Terminal.dim("(" + flags.joined(separator: ", ") + ")")) }
        print("    " + parts.joined(separator: "  "))
        let indent = "    " + String(repeating: " ", count: keyWidth) + "      "
        for m in c.menu {
            let label: String = m.name ?? m.value.map { String($0) } ?? ""
            print(indent + "\(m.index): " + TerminalText.field(label))
        }
    }
}
