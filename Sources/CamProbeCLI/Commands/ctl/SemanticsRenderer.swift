import CamProbe

/// The capture-device semantics of `show`: what each feature can do and why not.
enum SemanticsRenderer {
    /// - Parameter imported: the controls came from pasted text.
    static func render(_ s: CaptureSemantics, imported: Bool) {
        print(
            imported
                ? "  Capture features (from pasted text: a control the text leaves out may still exist):"
                : "  Capture features (from the driver's controls):")
        /// "mode unknown (why)" when a current mode is not known.
        func current(_ value: String?, _ e: [String: FieldEvidence]) -> String {
            value ?? "mode unknown" + (e["current"].map { " (\($0.basis))" } ?? "")
        }
        func modes(_ m: [ModeSupport]) -> String {
            m.map {
                $0.isUnknown ? "\($0.mode) ? (\($0.note))" : $0.supported ? "\($0.mode) ✓" : "\($0.mode) ✗ (\($0.note))"
            }.joined(separator: ", ")
        }
        func r(_ c: ControlRange?) -> String { c.map { "\($0.minimum)…\($0.maximum)\($0.unit.isEmpty ? "" : " " + $0.unit)" } ?? "" }
        line(
            "Focus",
            "\(current(s.focus.current, s.focus.evidence)); \(modes(s.focus.modes))"
                + (s.focus.lensPosition.map { "; lens position \(r($0))" } ?? "")
                + (s.focus.isAdjustingFocus.map { $0 ? "; adjusting now" : "" } ?? ""))
        var exp = "\(current(s.exposure.current, s.exposure.evidence)); \(modes(s.exposure.modes))"
        func seconds(_ f: String) -> String { f.hasSuffix("/1") ? String(f.dropLast(2)) : f }
        if let lo = s.exposure.minDuration, let hi = s.exposure.maxDuration { exp += "; duration \(seconds(lo))–\(seconds(hi)) s" }
        if let g = s.exposure.gain { exp += "; gain \(r(g))" }
        if let i = s.exposure.iso { exp += "; ISO \(r(i))" }
        line("Exposure", exp)
        line("Low light", s.exposure.mayLowerFrameRateNote)
        line(
            "White balance",
            "\(current(s.whiteBalance.current, s.whiteBalance.evidence)); \(modes(s.whiteBalance.modes))"
                + (s.whiteBalance.temperature.map { "; \(r($0))" } ?? ""))
        line("Torch", s.torch.available ? "yes (\(s.torch.note))" : "no — \(s.torch.note)")
        line("Flash", s.flash.available ? "yes (\(s.flash.note))" : "no — \(s.flash.note)")
        for (name, f) in [
            ("Zoom", s.zoom), ("Pan", s.pan), ("Tilt", s.tilt), ("Mirroring", s.mirroring), ("Vertical flip", s.verticalFlip),
            ("Power line", s.powerLineFrequency), ("Stabilization", s.stabilization), ("Wide dynamic range", s.wideDynamicRange),
            ("Backlight", s.backlightCompensation),
        ] {
            line(
                name,
                f.supported
                    ? (f.factorRange.map { "\($0) — " } ?? "") + f.note
                        + (f.range.map { f.note.contains("\($0.minimum)…\($0.maximum)") ? "" : " \(r($0))" } ?? "")
                    : "no — \(f.note)")
        }
        let place = s.evidence["position"].map { $0.level == .unknown ? " (\($0.basis))" : "" } ?? ""
        Ctl.renderPoints(s.pointsOfInterest)
        line("Position", s.position + place + (s.sensorRotation.map { ", sensor rotated \($0)°" } ?? ""))
    }

    static func line(_ name: String, _ text: String) { print("    " + Terminal.pad(name + ":", 20) + text) }
}
