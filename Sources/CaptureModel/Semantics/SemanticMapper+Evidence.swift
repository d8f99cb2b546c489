/// The evidence behind each semantic field (`FieldEvidence`): the control and value read, the formula, or why it is
/// not known.
extension SemanticMapper {
    /// The control's value as read, or unknown with the reason.
    static func valueEvidence(_ c: Control?, missing: String) -> FieldEvidence {
        guard let c else { return FieldEvidence(.unknown, missing) }
        guard let v = intValue(c) else { return FieldEvidence(.unknown, "\(c.key) has no readable value") }
        return FieldEvidence(.driver, "\(c.key)=\(v)")
    }

    /// A range taken from a control, or its absence from the driver's list.
    static func controlEvidence(_ c: Control?, missing: String) -> FieldEvidence {
        c.map { FieldEvidence(.driver, $0.key) } ?? FieldEvidence(.driver, missing)
    }

    /// A menu's entries: known only when the menu items were listed.
    static func menuEvidence(_ c: Control?, missing: String) -> FieldEvidence {
        guard let c else { return FieldEvidence(.driver, missing) }
        return c.menu.isEmpty ? FieldEvidence(.unknown, "\(c.key)'s menu items were not listed") : FieldEvidence(.driver, "\(c.key)'s menu")
    }

    static func focusEvidence(_ m: [UInt32: Control]) -> [String: FieldEvidence] {
        let auto = m[ControlID.focusAuto]
        var current = valueEvidence(auto, missing: "no focus auto switch")
        if auto == nil, let abs = m[ControlID.focusAbsolute] {
            current = FieldEvidence(.derived, "no auto switch: the lens stays where \(abs.key) puts it")
        }
        let status = m[ControlID.autoFocusStatus]
        return [
            "current": current,
            "lensPosition": controlEvidence(m[ControlID.focusAbsolute], missing: "no FOCUS_ABSOLUTE control"),
            "isAdjustingFocus": status.flatMap(intValue) != nil
                ? FieldEvidence(.driver, "\(status!.key) bit 0 (busy)")
                : FieldEvidence(.unknown, status.map { "\($0.key) has no readable value" } ?? "no AUTO_FOCUS_STATUS control: not reported"),
            "rangeRestrictions": menuEvidence(m[ControlID.autoFocusRange], missing: "no AUTO_FOCUS_RANGE control"),
        ]
    }

    static func exposureEvidence(_ m: [UInt32: Control]) -> [String: FieldEvidence] {
        let abs = m[ControlID.exposureAbsolute]
        let gain = m[ControlID.gain] ?? m[ControlID.analogueGain]
        var e: [String: FieldEvidence] = [
            "current": valueEvidence(m[ControlID.exposureAuto], missing: "no EXPOSURE_AUTO control"),
            "duration": controlEvidence(abs, missing: "no EXPOSURE_ABSOLUTE control"),
            "gain": controlEvidence(gain, missing: "no GAIN or ANALOGUE_GAIN control"),
            "iso": controlEvidence(m[ControlID.isoSensitivity], missing: "no ISO_SENSITIVITY control"),
            "mayLowerFrameRate": valueEvidence(
                m[ControlID.exposureAutoPriority], missing: "no EXPOSURE_AUTO_PRIORITY control: whether the rate drops is not reported"),
        ]
        if m[ControlID.exposureAuto] == nil, let lines = m[ControlID.exposure], m[ControlID.autogain] == nil {
            e["current"] = FieldEvidence(.derived, "\(lines.key) with no EXPOSURE_AUTO: the sensor exposes as set")
            e["duration"] = FieldEvidence(.unknown, "\(lines.key) is in lines, not 100 µs: no duration range without the line time")
        }
        if let abs {
            e["minDuration"] = FieldEvidence(.derived, "\(abs.key) minimum × 100 µs")
            e["maxDuration"] = FieldEvidence(.derived, "\(abs.key) maximum × 100 µs")
        }
        return e
    }

    static func whiteBalanceEvidence(_ m: [UInt32: Control]) -> [String: FieldEvidence] {
        [
            "current": valueEvidence(m[ControlID.autoWhiteBalance], missing: "no AUTO_WHITE_BALANCE control"),
            "temperature": controlEvidence(m[ControlID.whiteBalanceTemperature], missing: "no WHITE_BALANCE_TEMPERATURE control"),
        ]
    }

    static func featureEvidence(_ c: Control?, missing: String) -> [String: FieldEvidence] {
        guard let c else { return ["supported": FieldEvidence(.driver, missing)] }
        return ["supported": FieldEvidence(.driver, "\(c.key) flags"), "range": FieldEvidence(.driver, c.key)]
    }

    static func zoomEvidence(_ z: Control?, missing: String) -> [String: FieldEvidence] {
        var e = featureEvidence(z, missing: missing)
        if let z {
            e["factorRange"] =
                z.minimum > 0
                ? FieldEvidence(.derived, "\(z.key) maximum / minimum (the minimum taken as 1x)")
                : FieldEvidence(.unknown, "\(z.key) starts at \(z.minimum): driver units with no scale, so no factor")
        }
        return e
    }

    static func deviceEvidence(_ m: [UInt32: Control]) -> [String: FieldEvidence] {
        [
            "position": valueEvidence(m[ControlID.cameraOrientation], missing: "no CAMERA_ORIENTATION control"),
            "sensorRotation": valueEvidence(m[ControlID.cameraSensorRotation], missing: "no CAMERA_SENSOR_ROTATION control"),
        ]
    }
}

extension SemanticMapper {
    /// Focus when a lens's controls were not read: what is absent only because it was not read is unknown.
    static func unknownFocus(_ f: FocusSemantics, _ m: [UInt32: Control], _ why: String) -> FocusSemantics {
        guard m[ControlID.focusAbsolute] == nil, m[ControlID.focusAuto] == nil else { return f }
        var f = f
        f.modes = f.modes.map { ModeSupport(mode: $0.mode, supported: false, note: why, evidence: .unknown) }
        for k in ["current", "lensPosition", "rangeRestrictions"] { f.evidence[k] = FieldEvidence(.unknown, why) }
        return f
    }
}

extension CaptureSemantics {
    /// The same answers with every `driver` evidence said to be `imported`: the controls came from pasted text.
    package func imported() -> CaptureSemantics {
        func fix(_ e: inout [String: FieldEvidence]) {
            for k in e.keys where e[k]!.level == .driver { e[k]!.level = .imported }
        }
        func fix(_ modes: inout [ModeSupport]) {
            for i in modes.indices where modes[i].evidence == .driver { modes[i].evidence = .imported }
        }
        var s = self
        for kind in PointOfInterestKind.allCases where s.pointsOfInterest[kind].evidence == .driver {
            switch kind {
            case .focus: s.pointsOfInterest.focus.evidence = .imported
            case .exposure: s.pointsOfInterest.exposure.evidence = .imported
            }
        }
        fix(&s.evidence)
        fix(&s.focus.evidence)
        fix(&s.focus.modes)
        fix(&s.exposure.evidence)
        fix(&s.exposure.modes)
        fix(&s.whiteBalance.evidence)
        fix(&s.whiteBalance.modes)
        for path in [\CaptureSemantics.torch, \.flash] {
            fix(&s[keyPath: path].evidence)
            fix(&s[keyPath: path].modes)
        }
        for path in [
            \CaptureSemantics.zoom, \.pan, \.tilt, \.mirroring, \.verticalFlip, \.powerLineFrequency, \.stabilization, \.wideDynamicRange,
            \.backlightCompensation,
        ] {
            fix(&s[keyPath: path].evidence)
        }
        return s
    }
}

extension PointOfInterestSupport {
    /// Every answer with its evidence said: nil (read from the driver) becomes `driver`.
    func withEvidence() -> PointOfInterestSupport {
        var p = self
        p.focus.evidence = p.focus.evidence ?? .driver
        p.exposure.evidence = p.exposure.evidence ?? .driver
        return p
    }
}
