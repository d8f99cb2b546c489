import CamProbe
import Negotiation

/// Everything a report says about one device, gathered once; the HTML and the
/// Markdown renderers both read it (`HTMLReport`, `MarkdownReport`), so they say the same.
package struct DeviceReport {
    package var device: Device
    /// Name/value pairs: stable ID, model, serial, transport, driver, nodes, links.
    package var identity: [(String, String)]
    var formats: [FormatSummary]
    /// The session presets, as `show` lists them, with the Negotiator's decision.
    var presets: [DecisionRow]
    /// Common requests (720p30, 1080p30, 4K30, 640x480@30, the highest rate).
    var requests: [DecisionRow]
    var features: [FeatureRow]
    var controls: [(node: String, controls: [Control])]
    var audio: [AudioCaptureCard]
    package var problems: [String]
    package var warnings: [String]
    /// What was checked and found sound (a sensor camera's pipeline).
    var diagnosis: [String] = []
    /// The media graph of a media-controller camera (its sensor's graph).
    var graph: MediaGraph?
    /// A snapshot frame as PNG bytes, shown as an inline `data:` image when set: `camprobe report --html`
    /// sets it from a live camera unless `--no-thumbnail` (the report stays one self-contained file).
    package var thumbnailPNG: [UInt8]? = nil
    /// The device's part of the PipeWire view, when read beside a live device (`camprobe report` sets it); nil for
    /// saved profiles and comparisons.
    package var pipeWire: PipeWireSection? = nil
    /// A live USB camera's bandwidth domain now (nil for others and for saved profiles).
    package var usb: USBSection? = nil
    /// The bus the device carries (`Device.usb`), as name/value pairs; empty when it carries none.
    var bus: [(String, String)] = []

    /// Gathers the report of `device` (pure: no I/O).
    package init(_ device: Device) {
        self.device = device
        identity = Self.identity(of: device)
        formats = device.captures.flatMap { c in FormatSummary.all(of: c) }
        let tables = ModeTable.tables(for: device)
        let multi = device.captures.count > 1
        presets =
            device.captures.contains(where: { !$0.formats.isEmpty })
            ? SessionPreset.allCases.map { p in
                DecisionRow(
                    request: p.rawValue, meaning: p.meaning, Negotiator.decide(preset: p, across: device, using: tables), showNode: multi)
            } : []
        requests =
            presets.isEmpty
            ? []
            : Self.commonRequests(device).map { (label, meaning, request) in
                DecisionRow(request: label, meaning: meaning, Negotiator.decide(request, across: device, using: tables), showNode: multi)
            }
        features = device.captures.flatMap { c in c.semantics.map { FeatureRow.rows($0, node: c.path) } ?? [] }
        controls = device.captures.compactMap { c in c.controls.map { (c.path, $0) } }
        audio = device.audio
        problems = device.allProblems.map { "\($0.kind): \($0.message)" }
        var warnings: [String] = []
        func warn(_ w: String) { if !warnings.contains(w) { warnings.append(w) } }
        for c in device.captures {
            if let s = c.semantics, s.exposure.mayLowerFrameRate == true { warn("\(c.path): \(s.exposure.mayLowerFrameRateNote)") }
            if let why = c.controlsIncomplete { warn("\(c.path): controls incomplete — \(why)") }
            if c.formats.contains(where: \.isEmulated) { warn("\(c.path): some formats are emulated by libv4l2 (converted in software)") }
        }
        for row in presets + requests { for w in row.warnings { warn(w) } }
        if let s = device.sensor {
            let mismatches = device.problems.filter { $0.kind == .pipelineMismatch }
            if mismatches.isEmpty {
                diagnosis.append("Pipeline of sensor '\(s.entity)': every enabled link agrees (VIDIOC_STREAMON will not fail with EPIPE)")
            } else {
                warn("Pipeline of sensor '\(s.entity)' will not stream: \(mismatches.count) mismatched link(s)")
            }
        }
        self.warnings = warnings
        graph = device.sensor?.graph
        bus = Self.busFacts(of: device)
    }

    static func identity(of d: Device) -> [(String, String)] {
        var f: [(String, String)] = [("Name", d.name), ("Stable ID", d.id.rawValue)]
        let maker = [d.identity.manufacturer, d.identity.product].compactMap { $0 }.joined(separator: " ")
        f.append(("Model (VID:PID)", (d.modelID ?? "-") + (maker.isEmpty ? "" : " (\(maker))")))
        f.append(("Serial", d.identity.serial ?? "-"))
        f.append(("Transport", d.transport.label))
        if !d.identity.busInfo.isEmpty { f.append(("Bus", d.identity.busInfo)) }
        if let p = d.identity.portPath { f.append(("Port", p)) }
        f.append(("Driver", d.identity.driver.isEmpty ? "-" : d.identity.driver))
        for c in d.captures { f.append(("Driver version (\(c.path))", "\(c.identity.driver) \(c.identity.version)")) }
        f.append(("Nodes", d.nodes.map { "\($0.path) (\($0.role))" }.joined(separator: ", ")))
        f.append(("by-id", d.identity.byID.isEmpty ? "-" : d.identity.byID.joined(separator: ", ")))
        f.append(("by-path", d.identity.byPath.isEmpty ? "-" : d.identity.byPath.joined(separator: ", ")))
        if let s = d.sensor {
            f.append(("Sensor", "\(s.entity) on \(s.mediaDeviceName) (\(s.controller.model), \(s.controller.driver))"))
            f.append(("Sensor frame rate", s.rateEvidence))
        }
        for src in d.provenance?.sources ?? [] { f.append(("Imported from", "\(src.file) (\(src.kind))")) }
        return f
    }

    /// The requests every report answers, as a recorder would ask them.
    static func commonRequests(_ d: Device) -> [(String, String, CaptureRequest)] {
        func at(_ w: UInt32, _ h: UInt32, _ fps: UInt32) -> CaptureRequest {
            CaptureRequest(size: .exact(Dimensions(width: w, height: h)), rate: .exact(Rational(fps, 1)))
        }
        var list: [(String, String, CaptureRequest)] = [
            ("720p30", "1280x720 at 30 fps", at(1280, 720, 30)),
            ("1080p30", "1920x1080 at 30 fps", at(1920, 1080, 30)),
            ("4K30", "3840x2160 at 30 fps", at(3840, 2160, 30)),
            ("640x480@30", "640x480 at 30 fps", at(640, 480, 30)),
        ]
        // The highest rate any mode advertises, asked for at the largest size that has it.
        var best: (fps: Double, size: Dimensions, fourcc: FourCC, rate: Rational)?
        for c in d.captures {
            for f in c.formats where !f.isEmulated {
                for s in f.sizes {
                    for (size, iv) in FormatSummary.ends(of: s) {
                        guard let fastest = iv.fastest, let fps = fastest.fps else { continue }
                        if best.map({ fps > $0.fps + 1e-9 || (abs(fps - $0.fps) < 1e-9 && size.area > $0.size.area) }) ?? true {
                            best = (fps, size, f.fourcc, fastest.interval.reciprocal)
                        }
                    }
                }
            }
        }
        if let b = best {
            list.append(
                (
                    "highest fps", "\(formatFPS(b.fps)) fps, the fastest mode (\(b.fourcc) \(b.size))",
                    CaptureRequest(size: .exact(b.size), rate: .atLeast(b.rate), format: .list([b.fourcc]))
                ))
        } else {
            list.append(("highest fps", "the fastest rate (no mode reports one)", CaptureRequest(rate: .atLeast(Rational(1000, 1)))))
        }
        return list
    }
}

/// One pixel format of one node, its sizes as chart points.
struct FormatSummary {
    var node: String
    var fourcc: FourCC
    var description: String
    var tags: [String]
    var points: [SizePoint]

    /// A discrete size (one bar) or a stepwise/continuous range (a band from its smallest to its largest size).
    struct SizePoint {
        var kind: FrameSizeKind
        var min: Dimensions
        var max: Dimensions
        /// The highest rate at the smallest and at the largest end (the same for a discrete size); nil: not known.
        var fpsAtMin: Double?
        var fpsAtMax: Double?
        /// Every rate, as `show` says them.
        var rates: String

        var label: String { kind == .discrete ? "\(min)" : "\(min)–\(max)" }
    }

    /// How a size is named in a comparison: "YUYV 640x480", "BA81 16x16–4096x2160 (continuous)".
    func key(_ p: SizePoint) -> String { "\(fourcc) \(p.label)" + (p.kind == .discrete ? "" : " (\(p.kind))") }

    /// The distinct formats of a node (a format listed twice is merged), in the driver's order.
    static func all(of c: CaptureNodeCapabilities) -> [FormatSummary] {
        var seen = Set<FourCC>()
        return c.formats.filter { seen.insert($0.fourcc).inserted }.map { f in
            var tags: [String] = []
            if f.isCompressed { tags.append("compressed") }
            if f.isEmulated { tags.append("emulated") }
            if f.bufferType == .videoCaptureMultiplanar { tags.append("multi-planar") }
            var sizes = Set<FrameSize>()
            var points: [SizePoint] = []
            for s in c.formats.filter({ $0.fourcc == f.fourcc }).flatMap(\.sizes) where sizes.insert(s).inserted {
                let ends = Self.ends(of: s)
                points.append(
                    SizePoint(
                        kind: s.kind, min: ends[0].0, max: ends[ends.count - 1].0, fpsAtMin: ends[0].1.fastest?.fps,
                        fpsAtMax: ends[ends.count - 1].1.fastest?.fps, rates: ValueText.rates(s)))
            }
            points.sort { ($0.min.area, $0.min.width, $0.max.area) < ($1.min.area, $1.min.width, $1.max.area) }
            return FormatSummary(node: c.path, fourcc: f.fourcc, description: f.description, tags: tags, points: points)
        }
    }

    /// The sizes at the ends of a frame size and the intervals there (one pair for a discrete size).
    static func ends(of s: FrameSize) -> [(Dimensions, FrameIntervals)] {
        switch s {
        case .discrete(let d, let iv): [(d, iv)]
        case .stepwise(let lo, let hi, _, let a, let b), .continuous(let lo, let hi, let a, let b): [(lo, a), (hi, b)]
        }
    }
}

struct DecisionRow {
    var request: String
    var meaning: String
    var outcome: Decision.Outcome
    /// "MJPG 1920x1080 @ 30 fps" (with the node when the device has several), or "-".
    var choice: String
    /// Each changed field and why, or why it is unsupported.
    var reasons: [String]
    var warnings: [String]

    init(request: String, meaning: String, _ d: DeviceDecision, showNode: Bool) {
        self.request = request
        self.meaning = meaning
        outcome = d.decision.outcome
        if let c = d.decision.choice, d.decision.outcome != .unsupported {
            choice =
                c.summary + (c.isEmulated ? " (emulated)" : "") + (showNode ? " on \(d.path ?? c.path)" : "")
        } else {
            choice = "-"
        }
        reasons =
            d.decision.outcome == .unsupported
            ? d.decision.reasons : d.decision.changes.map { "\($0.field) \($0.requested) → \($0.chosen): \($0.reason)" }
        warnings = d.decision.choice?.warnings ?? []
    }

    var outcomeLabel: String { outcome.rawValue.uppercased() }

    /// The reasons, and a mark when the mode has warnings (said once, under Problems and diagnosis).
    var why: String { (reasons + (warnings.isEmpty ? [] : ["⚠ see warnings"])).joined(separator: "; ") }

    static let warningNote = "⚠: the mode comes with a warning; the warnings are listed once, under Problems and diagnosis."
}

/// One capture feature (focus, exposure, …): its current mode, which modes it has, and on what evidence.
struct FeatureRow {
    var node: String
    var feature: String
    var current: String
    var modes: String
    var details: String
    var evidence: String

    static func rows(_ s: CaptureSemantics, node: String) -> [FeatureRow] {
        func current(_ v: String?, _ e: [String: FieldEvidence]) -> String {
            v ?? "unknown" + (e["current"].map { " (\($0.basis))" } ?? "")
        }
        func modes(_ m: [ModeSupport]) -> String {
            m.map { $0.isUnknown ? "\($0.mode) ? (\($0.note))" : $0.supported ? "\($0.mode) ✓" : "\($0.mode) ✗ (\($0.note))" }
                .joined(separator: "; ")
        }
        func evidence(_ e: [String: FieldEvidence], _ m: [ModeSupport] = []) -> String {
            var parts = e.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.level.rawValue) — \($0.value.basis)" }
            let levels = Set(m.map(\.evidence.rawValue)).sorted()
            if !levels.isEmpty && parts.isEmpty { parts.append("modes: " + levels.joined(separator: ", ")) }
            return parts.isEmpty ? "driver" : parts.joined(separator: "; ")
        }
        func r(_ c: ControlRange?) -> String {
            c.map { "\($0.control) \($0.minimum)…\($0.maximum)\($0.unit.isEmpty ? "" : " " + $0.unit)" } ?? ""
        }
        var rows: [FeatureRow] = []
        var focusDetails = [r(s.focus.lensPosition)].filter { !$0.isEmpty }
        if s.focus.isAdjustingFocus == true { focusDetails.append("adjusting now") }
        focusDetails += s.focus.rangeRestrictions.map { "range restriction \($0)" }
        rows.append(
            FeatureRow(
                node: node, feature: "Focus", current: current(s.focus.current, s.focus.evidence), modes: modes(s.focus.modes),
                details: focusDetails.joined(separator: "; "), evidence: evidence(s.focus.evidence, s.focus.modes)))
        var exp: [String] = []
        if let lo = s.exposure.minDuration, let hi = s.exposure.maxDuration { exp.append("duration \(lo)–\(hi) s") }
        if let g = s.exposure.gain { exp.append(r(g)) }
        if let i = s.exposure.iso { exp.append("ISO: " + r(i)) }
        exp.append(s.exposure.mayLowerFrameRateNote)
        rows.append(
            FeatureRow(
                node: node, feature: "Exposure", current: current(s.exposure.current, s.exposure.evidence),
                modes: modes(s.exposure.modes), details: exp.joined(separator: "; "),
                evidence: evidence(s.exposure.evidence, s.exposure.modes)))
        rows.append(
            FeatureRow(
                node: node, feature: "White balance", current: current(s.whiteBalance.current, s.whiteBalance.evidence),
                modes: modes(s.whiteBalance.modes), details: r(s.whiteBalance.temperature),
                evidence: evidence(s.whiteBalance.evidence, s.whiteBalance.modes)))
        for (name, l) in [("Torch", s.torch), ("Flash", s.flash)] {
            rows.append(
                FeatureRow(
                    node: node, feature: name, current: l.available ? "available" : "none", modes: modes(l.modes), details: l.note,
                    evidence: evidence(l.evidence, l.modes)))
        }
        for (name, f) in [
            ("Zoom", s.zoom), ("Pan", s.pan), ("Tilt", s.tilt), ("Mirroring", s.mirroring), ("Vertical flip", s.verticalFlip),
            ("Power line", s.powerLineFrequency), ("Stabilization", s.stabilization), ("Wide dynamic range", s.wideDynamicRange),
            ("Backlight", s.backlightCompensation),
        ] {
            // The range once: a note that already says it (or only names the control) is not repeated.
            let range = f.range.flatMap { c in f.note.contains("\(c.minimum)…\(c.maximum)") ? nil : r(c) }
            let note = range.map { $0.hasPrefix(f.note) } ?? false ? nil : f.note
            let details = [f.factorRange, range, note].compactMap { $0 }.filter { !$0.isEmpty }
            rows.append(
                FeatureRow(
                    node: node, feature: name, current: f.supported ? "supported" : "no", modes: "",
                    details: details.joined(separator: "; "), evidence: evidence(f.evidence)))
        }
        let rotation = s.sensorRotation.map { ", sensor rotated \($0)°" } ?? ""
        rows.append(
            FeatureRow(
                node: node, feature: "Position", current: s.position + rotation, modes: "", details: "",
                evidence: evidence(s.evidence)))
        return rows
    }
}

extension DeviceReport {
    static let controlHeader = ["Control", "Type", "Range", "Default", "Value", "Flags", "Menu"]

    /// A control as a table row (both renderers).
    static func controlRow(_ c: Control) -> [String] {
        var range = ""
        if !["bool", "button", "rect", "area"].contains(c.type) {
            range = "\(c.minimum)…\(c.maximum)" + (c.step > 1 ? " step \(c.step)" : "")
        }
        if let lo = c.minimumValue, let hi = c.maximumValue { range = ValueText.value(lo) + " … " + ValueText.value(hi) }
        var value = "-"
        if let v = c.value {
            value = ValueText.value(v)
            if case .integer(let i) = v, let item = c.menu.first(where: { $0.index == i }) {
                value += " (" + (item.name ?? item.value.map(String.init) ?? "") + ")"
            }
        }
        let flags = c.flags.names.filter { $0 != "slider" && $0 != "has-payload" }.joined(separator: ", ")
        let menu = c.menu.map { "\($0.index): " + ($0.name ?? $0.value.map(String.init) ?? "") }.joined(separator: ", ")
        return [c.key, c.type, range, c.type == "button" ? "" : "\(c.defaultValue)", value, flags, menu]
    }

    static let decisionHeader = ["Request", "Meaning", "Answer", "Mode", "Why"]

    static let featureHeader = ["Feature", "Current", "Modes", "Details", "Evidence"]

    /// An ALSA card as name/value pairs.
    static func audioFacts(_ a: AudioCaptureCard) -> [(String, String)] {
        var f: [(String, String)] = [
            ("Card", "\(a.card) '\(a.cardID)': \(a.name) — \(a.driver)"), ("Control node", a.controlPath),
        ]
        for p in a.pcms {
            var parts = ["\(p.name), \(p.subdevices) subdevice\(p.subdevices == 1 ? "" : "s")"]
            if !p.formats.isEmpty { parts.append("formats " + p.formats.joined(separator: ", ")) }
            if let c0 = p.minChannels, let c1 = p.maxChannels { parts.append("channels \(c0 == c1 ? "\(c0)" : "\(c0)-\(c1)")") }
            if let r0 = p.minRate, let r1 = p.maxRate {
                parts.append(
                    "rates \(r0)-\(r1) Hz" + (p.rates.isEmpty ? "" : " (" + p.rates.map(String.init).joined(separator: ", ") + ")"))
            }
            f.append((p.alsaName, parts.joined(separator: "; ")))
        }
        return f
    }
}
