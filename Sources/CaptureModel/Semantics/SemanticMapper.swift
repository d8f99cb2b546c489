/// Maps V4L2 controls to capture-device semantics, by control ID.
package enum SemanticMapper {
    /// - Parameters:
    ///   - imported: the controls came from pasted text: what would be `driver` evidence is `imported`.
    ///   - lensUnread: why a lens's controls are missing: focus without focus controls is then unknown, not absent.
    package static func map(_ controls: [Control], imported: Bool = false, lensUnread: String? = nil) -> CaptureSemantics {
        var byID: [UInt32: Control] = [:]
        for c in controls where byID[c.id] == nil { byID[c.id] = c }
        func feature(_ id: UInt32, _ unit: String, _ missing: String) -> FeatureSemantics {
            var f = Self.feature(byID[id], unit: unit, missing: missing)
            f.evidence = featureEvidence(byID[id], missing: missing)
            return f
        }
        var focus = focus(byID)
        focus.evidence = focusEvidence(byID)
        if let why = lensUnread { focus = unknownFocus(focus, byID, why) }
        var exposure = exposure(byID)
        exposure.evidence = exposureEvidence(byID)
        var whiteBalance = whiteBalance(byID)
        whiteBalance.evidence = whiteBalanceEvidence(byID)
        var zoom = zoom(byID)
        zoom.evidence = zoomEvidence(byID[ControlID.zoomAbsolute], missing: zoom.note)
        var s = CaptureSemantics(
            focus: focus, exposure: exposure, whiteBalance: whiteBalance, torch: torch(byID), flash: flash(byID), zoom: zoom,
            pan: feature(ControlID.panAbsolute, "arc-second", "no PAN_ABSOLUTE control"),
            tilt: feature(ControlID.tiltAbsolute, "arc-second", "no TILT_ABSOLUTE control"),
            mirroring: feature(ControlID.horizontalFlip, "", "no HFLIP control: the camera cannot mirror; mirror in software"),
            verticalFlip: feature(ControlID.verticalFlip, "", "no VFLIP control"),
            powerLineFrequency: feature(ControlID.powerLineFrequency, "", "no POWER_LINE_FREQUENCY control"),
            stabilization: feature(ControlID.imageStabilization, "", "no IMAGE_STABILIZATION control"),
            wideDynamicRange: feature(ControlID.wideDynamicRange, "", "no WIDE_DYNAMIC_RANGE control"),
            backlightCompensation: feature(ControlID.backlightCompensation, "", "no BACKLIGHT_COMPENSATION control"),
            position: position(byID[ControlID.cameraOrientation]),
            sensorRotation: byID[ControlID.cameraSensorRotation].flatMap(intValue),
            pointsOfInterest: PointOfInterestSupport.from(controls).withEvidence())
        s.evidence = deviceEvidence(byID)
        return imported ? s.imported() : s
    }

    static func intValue(_ c: Control) -> Int64? {
        if case .integer(let v)? = c.value { return v }
        return nil
    }
    static func writable(_ c: Control) -> Bool { !c.flags.contains(.readOnly) && !c.flags.contains(.disabled) }

    static func range(_ c: Control, unit: String) -> ControlRange {
        ControlRange(
            control: c.key, id: c.id, minimum: c.minimum, maximum: c.maximum, step: c.step, defaultValue: c.defaultValue,
            value: intValue(c), unit: unit, readOnly: c.flags.contains(.readOnly), inactive: c.flags.contains(.inactive))
    }

    /// Whether a menu offers entry `index`: listed, or the control's current value (a value the driver holds is
    /// supported even when its menu item is missing from the list).
    static func menuHas(_ c: Control, _ index: Int64) -> Bool { c.menu.contains { $0.index == index } || intValue(c) == index }

    static func why(_ c: Control?, _ missing: String) -> String? {
        guard let c else { return missing }
        return writable(c) ? nil : "\(c.key) is read-only"
    }

    static func focus(_ m: [UInt32: Control]) -> FocusSemantics {
        let auto = m[ControlID.focusAuto]
        let abs = m[ControlID.focusAbsolute]
        let start = m[ControlID.autoFocusStart]
        let lockWhy: String?
        if let abs {
            lockWhy = writable(abs) ? nil : "\(abs.key) is read-only"
        } else if let auto, writable(auto) {
            lockWhy = nil
        } else {
            lockWhy = "no FOCUS_ABSOLUTE control and no focus auto switch to turn off"
        }
        var modes = [
            ModeSupport(
                mode: "locked", supported: lockWhy == nil,
                note: lockWhy
                    ?? (abs != nil
                        ? "\(abs!.key) with \(auto.map { "\($0.key)=0" } ?? "no auto switch")"
                        : "\(auto!.key)=0 keeps the lens where it is")),
            ModeSupport(
                mode: "autoFocus", supported: start.map(writable) ?? false,
                note: start.map { writable($0) ? "\($0.key) (one scan)" : "\($0.key) is read-only" }
                    ?? "no AUTO_FOCUS_START control: no single-scan autofocus"),
        ]
        let cont = why(auto, "no FOCUS_AUTO control: no continuous autofocus")
        modes.append(ModeSupport(mode: "continuousAutoFocus", supported: cont == nil, note: cont ?? "\(auto!.key)=1"))
        var current: String?
        if let a = auto, let v = intValue(a) {
            current = v != 0 ? "continuousAutoFocus" : "locked"
        } else if auto == nil, abs != nil {
            current = "locked"
        }
        let status = m[ControlID.autoFocusStatus].flatMap(intValue).map { $0 & 1 != 0 }
        let ranges = m[ControlID.autoFocusRange]?.menu.compactMap(\.name) ?? []
        return FocusSemantics(
            modes: modes, current: current, lensPosition: abs.map { range($0, unit: "") }, isAdjustingFocus: status,
            rangeRestrictions: ranges)
    }

    static func exposure(_ m: [UInt32: Control]) -> ExposureSemantics {
        let auto = m[ControlID.exposureAuto]
        let abs = m[ControlID.exposureAbsolute]
        var modes: [ModeSupport] = []
        // EXPOSURE_AUTO menu: 0 auto, 1 manual, 2 shutter priority, 3 aperture priority.
        if let a = auto, a.menu.isEmpty {
            modes = unlistedExposureMenu(a, abs)
        } else if let a = auto {
            let manual = menuHas(a, 1) || menuHas(a, 2)
            let manualWhy = !writable(a) ? "\(a.key) is read-only" : manual ? nil : "\(a.key)'s menu lacks Manual Mode"
            modes.append(
                ModeSupport(
                    mode: "locked", supported: manualWhy == nil,
                    note: manualWhy ?? "\(a.key)=\(menuHas(a, 1) ? 1 : 2) keeps the current exposure"))
            let autoEntry: Int64? = menuHas(a, 0) ? 0 : menuHas(a, 3) ? 3 : nil
            modes.append(
                ModeSupport(
                    mode: "continuousAutoExposure", supported: autoEntry != nil && writable(a),
                    note: autoEntry.map { "\(a.key)=\($0)\($0 == 3 ? " (aperture priority: the camera picks the exposure time)" : "")" }
                        ?? "\(a.key)'s menu lacks an automatic mode"))
            let customWhy = manualWhy ?? (abs == nil ? "no EXPOSURE_ABSOLUTE control" : writable(abs!) ? nil : "\(abs!.key) is read-only")
            modes.append(
                ModeSupport(mode: "custom", supported: customWhy == nil, note: customWhy ?? "\(a.key)=1 then \(abs!.key) in 100 µs units"))
        } else if let lines = m[ControlID.exposure], m[ControlID.autogain] == nil {
            modes = sensorExposureModes(lines)
        } else {
            modes = [
                ModeSupport(mode: "locked", supported: false, note: "no EXPOSURE_AUTO control"),
                ModeSupport(
                    mode: "continuousAutoExposure", supported: false,
                    note: "no EXPOSURE_AUTO control: whether the camera exposes automatically on its own is not reported",
                    evidence: .unknown),
                ModeSupport(
                    mode: "custom", supported: abs.map(writable) ?? false,
                    note: abs.map { "\($0.key) in 100 µs units" } ?? "no EXPOSURE_ABSOLUTE control"),
            ]
        }
        var current: String?
        if let a = auto, let v = intValue(a) { current = v == 0 || v == 3 ? "continuousAutoExposure" : "custom" }
        if auto == nil, m[ControlID.exposure] != nil, m[ControlID.autogain] == nil { current = "custom" }
        let prio = m[ControlID.exposureAutoPriority]
        let lower = prio.flatMap(intValue).map { $0 != 0 }
        let note =
            prio.map { p in
                lower == true
                    ? "\(p.key)=1: in low light the camera may lower its frame rate to expose longer" : "\(p.key)=0: the frame rate is kept"
            }
            ?? "no EXPOSURE_AUTO_PRIORITY control: whether the rate drops in low light is not reported"
        let gain = m[ControlID.gain] ?? m[ControlID.analogueGain]
        return ExposureSemantics(
            modes: modes, current: current, duration: abs.map { range($0, unit: "100 µs") },
            minDuration: abs.map { Rational.reducedText($0.minimum, over: 10000) },
            maxDuration: abs.map { Rational.reducedText($0.maximum, over: 10000) },
            gain: gain.map { range($0, unit: "") }, iso: m[ControlID.isoSensitivity].map { range($0, unit: "ISO") },
            mayLowerFrameRate: lower, mayLowerFrameRateNote: note)
    }

    /// A raw sensor's exposure (`V4L2_CID_EXPOSURE`, in lines, with no EXPOSURE_AUTO): always manual on the sensor;
    /// automatic exposure is the ISP's or libcamera's algorithm, outside V4L2.
    static func sensorExposureModes(_ e: Control) -> [ModeSupport] {
        let manual = writable(e)
        return [
            ModeSupport(
                mode: "locked", supported: manual,
                note: manual ? "\(e.key) keeps the exposure it is set to (the sensor has no automatic exposure)" : "\(e.key) is read-only",
                evidence: .derived),
            ModeSupport(
                mode: "continuousAutoExposure", supported: false,
                note: "not in the sensor: automatic exposure is run by the ISP's algorithms (libcamera) from statistics",
                evidence: .derived),
            ModeSupport(
                mode: "custom", supported: manual,
                note: manual ? "\(e.key) in lines (a line lasts width + HBLANK pixels at PIXEL_RATE)" : "\(e.key) is read-only",
                evidence: .derived),
        ]
    }

    /// EXPOSURE_AUTO whose menu items were not listed (`v4l2-ctl -l` prints none): only the current value is known.
    static func unlistedExposureMenu(_ a: Control, _ abs: Control?) -> [ModeSupport] {
        let current = intValue(a)
        let why = "\(a.key)'s menu items were not listed (v4l2-ctl -l omits them), so whether it offers this mode is unknown"
        let isManual = current == 1 || current == 2
        let isAuto = current == 0 || current == 3
        return [
            isManual
                ? ModeSupport(mode: "locked", supported: true, note: "\(a.key) is \(current!) now (manual)", evidence: .derived)
                : ModeSupport(mode: "locked", supported: false, note: why, evidence: .unknown),
            isAuto
                ? ModeSupport(
                    mode: "continuousAutoExposure", supported: true,
                    note: "\(a.key) is \(current!) now (\(current == 3 ? "aperture priority" : "auto"))", evidence: .derived)
                : ModeSupport(mode: "continuousAutoExposure", supported: false, note: why, evidence: .unknown),
            isManual && abs.map(writable) == true
                ? ModeSupport(mode: "custom", supported: true, note: "\(abs!.key) in 100 µs units", evidence: .derived)
                : ModeSupport(
                    mode: "custom", supported: false, note: abs == nil ? "no EXPOSURE_ABSOLUTE control" : why,
                    evidence: abs == nil ? .driver : .unknown),
        ]
    }

    static func whiteBalance(_ m: [UInt32: Control]) -> WhiteBalanceSemantics {
        let auto = m[ControlID.autoWhiteBalance]
        let temp = m[ControlID.whiteBalanceTemperature]
        let once = m[ControlID.doWhiteBalance]
        let lockWhy: String? =
            temp.map { writable($0) ? nil : "\($0.key) is read-only" }
            ?? (auto.map(writable) == true ? nil : "no WHITE_BALANCE_TEMPERATURE control and no auto switch")
        let modes = [
            ModeSupport(
                mode: "locked", supported: lockWhy == nil,
                note: lockWhy
                    ?? (temp.map { "\(auto.map { "\($0.key)=0, " } ?? "")\($0.key) in K" } ?? "\(auto!.key)=0 keeps the current balance")),
            ModeSupport(
                mode: "autoWhiteBalance", supported: once.map(writable) ?? false,
                note: once.map { "\($0.key) (one measurement)" } ?? "no DO_WHITE_BALANCE control: no single-shot balance"),
            ModeSupport(
                mode: "continuousAutoWhiteBalance", supported: auto.map(writable) ?? false,
                note: auto.map { "\($0.key)=1" } ?? "no AUTO_WHITE_BALANCE control"),
        ]
        let current = auto.flatMap(intValue).map { $0 != 0 ? "continuousAutoWhiteBalance" : "locked" }
        return WhiteBalanceSemantics(modes: modes, current: current, temperature: temp.map { range($0, unit: "K") })
    }

    static func torch(_ m: [UInt32: Control]) -> LightSemantics {
        if let led = m[ControlID.flashLEDMode], menuHas(led, 2) {
            let intensity = m[ControlID.flashTorchIntensity]
            // A torch is only there for a recorder if the mode can be set: a read-only FLASH_LED_MODE reports, it does not switch.
            let settable = writable(led)
            let refused = "\(led.key) is read-only (or disabled): the driver reports the mode but does not let it be set"
            return LightSemantics(
                available: settable,
                modes: [
                    ModeSupport(mode: "off", supported: settable, note: settable ? "\(led.key)=0" : refused),
                    ModeSupport(
                        mode: "on", supported: settable,
                        note: settable ? "\(led.key)=2" + (intensity.map { ", \($0.key) sets the level" } ?? "") : refused),
                    ModeSupport(mode: "auto", supported: false, note: "V4L2 has no automatic torch"),
                ],
                note: settable ? "FLASH_LED_MODE offers Torch" : "FLASH_LED_MODE lists Torch but is read-only")
        }
        let why =
            m[ControlID.logitechLED1Mode].map { "\($0.key) is the activity LED, not a light for the scene" }
            ?? "no FLASH_LED_MODE control with a Torch entry"
        return LightSemantics(
            available: false, modes: ["off", "on", "auto"].map { ModeSupport(mode: $0, supported: false, note: why) }, note: why)
    }

    static func flash(_ m: [UInt32: Control]) -> LightSemantics {
        if let led = m[ControlID.flashLEDMode], menuHas(led, 1), let strobe = m[ControlID.flashStrobe] {
            // Firing needs both: the mode set to Flash and the strobe button pressed.
            let settable = writable(led) && writable(strobe)
            let refused =
                [led, strobe].filter { !writable($0) }.map(\.key).joined(separator: " and ")
                + " read-only (or disabled): the flash cannot be fired from here"
            return LightSemantics(
                available: settable,
                modes: [
                    ModeSupport(mode: "off", supported: settable, note: settable ? "\(led.key)=0" : refused),
                    ModeSupport(mode: "on", supported: settable, note: settable ? "\(led.key)=1 and \(strobe.key)" : refused),
                    ModeSupport(mode: "auto", supported: false, note: "V4L2 has no automatic flash decision"),
                ],
                note: settable ? "the flash control class" : "the flash control class, read-only here")
        }
        let why = "no flash class controls (FLASH_LED_MODE with Flash, FLASH_STROBE)"
        return LightSemantics(
            available: false, modes: ["off", "on", "auto"].map { ModeSupport(mode: $0, supported: false, note: why) }, note: why)
    }

    static func zoom(_ m: [UInt32: Control]) -> FeatureSemantics {
        guard let z = m[ControlID.zoomAbsolute] else {
            let cont = m[ControlID.zoomContinuous]
            return FeatureSemantics(
                supported: false, range: nil, factorRange: nil,
                note: cont != nil ? "only ZOOM_CONTINUOUS (a speed, no position): no zoom factor" : "no ZOOM_ABSOLUTE control")
        }
        let factor = z.minimum > 0 ? "1x–\(formatFactor(Double(z.maximum) / Double(z.minimum)))x" : nil
        return FeatureSemantics(
            supported: writable(z) && z.maximum > z.minimum, range: range(z, unit: ""), factorRange: factor,
            note: z.maximum <= z.minimum
                ? "\(z.key) has a single value"
                : z.minimum > 0
                    ? "\(z.key) \(z.minimum)…\(z.maximum) (driver units; factor = value / minimum)"
                    : "\(z.key) \(z.minimum)…\(z.maximum) (driver units; no factor: the range starts at \(z.minimum))")
    }

    static func formatFactor(_ v: Double) -> String {
        let r = (v * 100).rounded() / 100
        return r == r.rounded() ? String(Int64(r)) : String(r)
    }

    static func feature(_ c: Control?, unit: String, missing: String) -> FeatureSemantics {
        guard let c else { return FeatureSemantics(supported: false, range: nil, factorRange: nil, note: missing) }
        let menu = c.menu.compactMap(\.name)
        return FeatureSemantics(
            supported: writable(c), range: range(c, unit: unit), factorRange: nil,
            note: writable(c) ? c.key + (menu.isEmpty ? "" : " (" + menu.joined(separator: ", ") + ")") : "\(c.key) is read-only")
    }

    static func position(_ c: Control?) -> String {
        guard let c, let v = intValue(c) else { return "unspecified" }
        return switch v {
        case 0: "front"
        case 1: "back"
        case 2: "external"
        default: "unspecified"
        }
    }
}
