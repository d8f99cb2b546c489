import Testing

@testable import CaptureModel

/// `[ModeSupport]` as (mode, supported, evidence) triples, in order.
func summary(_ modes: [ModeSupport]) -> [String] {
    modes.map { "\($0.mode):\($0.supported ? "yes" : "no"):\($0.evidence.rawValue)" }
}

@Suite("Semantic mapper: focus")
struct SemanticFocusTests {
    static let auto = Ctl.bool(ControlID.focusAuto, "Focus, Automatic Continuous", value: 1)
    static let absolute = Ctl.int(
        ControlID.focusAbsolute, "Focus, Absolute", min: 0, max: 255, step: 5, def: 0, value: 30, flags: .inactive)

    @Test func noFocusControlsMeansNothingSupported() {
        let f = SemanticMapper.map([]).focus
        #expect(summary(f.modes) == ["locked:no:driver", "autoFocus:no:driver", "continuousAutoFocus:no:driver"])
        #expect(f.current == nil && f.lensPosition == nil && f.isAdjustingFocus == nil && f.rangeRestrictions.isEmpty)
        #expect(f.evidence["current"]?.level == .unknown)
        #expect(f.evidence["lensPosition"]?.level == .driver)
        #expect(f.evidence["isAdjustingFocus"]?.level == .unknown)
        #expect(f.evidence["rangeRestrictions"]?.level == .driver)
    }

    @Test func autoSwitchAndLensPosition() throws {
        let f = SemanticMapper.map([Self.auto, Self.absolute]).focus
        #expect(summary(f.modes) == ["locked:yes:driver", "autoFocus:no:driver", "continuousAutoFocus:yes:driver"])
        #expect(f.modes[0].note == "focus_absolute with focus_automatic_continuous=0")
        #expect(f.modes[2].note == "focus_automatic_continuous=1")
        #expect(f.current == "continuousAutoFocus")
        let lens = try #require(f.lensPosition)
        #expect(
            lens
                == ControlRange(
                    control: "focus_absolute", id: ControlID.focusAbsolute, minimum: 0, maximum: 255, step: 5, defaultValue: 0, value: 30,
                    unit: "", readOnly: false, inactive: true))
        #expect(f.evidence["current"] == FieldEvidence(.driver, "focus_automatic_continuous=1"))
        #expect(f.evidence["lensPosition"] == FieldEvidence(.driver, "focus_absolute"))
    }

    @Test func autoSwitchOffIsLocked() {
        var off = Self.auto
        off.value = .integer(0)
        #expect(SemanticMapper.map([off, Self.absolute]).focus.current == "locked")
        // A switch with no readable value: current is not known.
        var unread = Self.auto
        unread.value = nil
        let f = SemanticMapper.map([unread]).focus
        #expect(f.current == nil)
        #expect(f.evidence["current"]?.level == .unknown)
    }

    @Test func lensWithoutAutoSwitchIsLockedByDerivation() {
        let f = SemanticMapper.map([Self.absolute]).focus
        #expect(summary(f.modes) == ["locked:yes:driver", "autoFocus:no:driver", "continuousAutoFocus:no:driver"])
        #expect(f.modes[0].note == "focus_absolute with no auto switch")
        #expect(f.current == "locked")
        #expect(f.evidence["current"]?.level == .derived)
    }

    @Test func autoSwitchAloneCanLockTheLens() {
        let f = SemanticMapper.map([Self.auto]).focus
        #expect(f.modes[0].supported && f.modes[0].note == "focus_automatic_continuous=0 keeps the lens where it is")
        #expect(f.lensPosition == nil)
    }

    @Test func readOnlyControlsSupportNothing() {
        var ro = Self.absolute
        ro.flags = .readOnly
        var autoRO = Self.auto
        autoRO.flags = .disabled
        let f = SemanticMapper.map([ro, autoRO, Ctl.button(ControlID.autoFocusStart, "Auto Focus, Start", flags: .readOnly)]).focus
        #expect(summary(f.modes) == ["locked:no:driver", "autoFocus:no:driver", "continuousAutoFocus:no:driver"])
        #expect(f.lensPosition?.readOnly == true)
        // Read-only does not hide the current value.
        #expect(f.current == "continuousAutoFocus")
    }

    @Test func singleScanStatusAndRanges() {
        let start = Ctl.button(ControlID.autoFocusStart, "Auto Focus, Start")
        let range = Ctl.menu(ControlID.autoFocusRange, "Auto Focus, Range", [(0, "Auto"), (1, "Normal"), (2, "Macro")], value: 0)
        for (status, busy) in [(Int64(1), true), (2, false), (3, true), (0, false)] {
            let s = Ctl.int(ControlID.autoFocusStatus, "Auto Focus, Status", max: 7, value: status, flags: .readOnly)
            let f = SemanticMapper.map([start, s, range]).focus
            #expect(f.modes[1].mode == "autoFocus" && f.modes[1].supported)
            #expect(f.isAdjustingFocus == busy, "status \(status)")
            #expect(f.rangeRestrictions == ["Auto", "Normal", "Macro"])
            #expect(f.evidence["isAdjustingFocus"]?.level == .driver)
        }
    }

    @Test func unlistedRangeMenuIsUnknown() {
        let range = Ctl.menu(ControlID.autoFocusRange, "Auto Focus, Range", [], value: 2)
        let f = SemanticMapper.map([range]).focus
        #expect(f.rangeRestrictions.isEmpty)
        #expect(f.evidence["rangeRestrictions"]?.level == .unknown)
    }

    @Test func unreadLensMakesFocusUnknownNotAbsent() {
        let f = SemanticMapper.map([], lensUnread: "lens not read").focus
        #expect(summary(f.modes) == ["locked:no:unknown", "autoFocus:no:unknown", "continuousAutoFocus:no:unknown"])
        #expect(f.modes.allSatisfy { $0.note == "lens not read" && $0.isUnknown })
        #expect(f.evidence["current"] == FieldEvidence(.unknown, "lens not read"))
        #expect(f.evidence["lensPosition"] == FieldEvidence(.unknown, "lens not read"))
        // Status is not a lens control: its evidence stays as it was.
        #expect(f.evidence["isAdjustingFocus"]?.basis == "no AUTO_FOCUS_STATUS control: not reported")
        // With the lens control present the reason does not apply.
        #expect(SemanticMapper.map([Self.absolute], lensUnread: "lens not read").focus.modes[0].supported)
    }
}

@Suite("Semantic mapper: exposure")
struct SemanticExposureTests {
    static func autoMenu(_ items: [(Int64, String)], value: Int64?, flags: ControlFlags = []) -> Control {
        Ctl.menu(ControlID.exposureAuto, "Auto Exposure", items, value: value, flags: flags)
    }
    static let manualAndAperture: [(Int64, String)] = [(1, "Manual Mode"), (3, "Aperture Priority Mode")]
    static let time = Ctl.int(ControlID.exposureAbsolute, "Exposure Time, Absolute", min: 2, max: 5000, def: 156, value: 156)

    @Test func noControlsAtAll() {
        let e = SemanticMapper.map([]).exposure
        #expect(summary(e.modes) == ["locked:no:driver", "continuousAutoExposure:no:unknown", "custom:no:driver"])
        #expect(e.current == nil && e.duration == nil && e.minDuration == nil && e.maxDuration == nil)
        #expect(e.gain == nil && e.iso == nil && e.mayLowerFrameRate == nil)
        #expect(e.evidence["mayLowerFrameRate"]?.level == .unknown && e.evidence["minDuration"] == nil)
    }

    @Test func uvcCameraWithAperturePriority() throws {
        let prio = Ctl.bool(ControlID.exposureAutoPriority, "Exposure, Dynamic Framerate", value: 1)
        let gain = Ctl.int(ControlID.gain, "Gain", min: 0, max: 255, value: 64)
        let e = SemanticMapper.map([Self.autoMenu(Self.manualAndAperture, value: 3), Self.time, prio, gain]).exposure
        #expect(summary(e.modes) == ["locked:yes:driver", "continuousAutoExposure:yes:driver", "custom:yes:driver"])
        #expect(e.modes[0].note == "auto_exposure=1 keeps the current exposure")
        #expect(e.modes[2].note == "auto_exposure=1 then exposure_time_absolute in 100 µs units")
        #expect(e.current == "continuousAutoExposure")
        #expect(e.duration?.unit == "100 µs" && e.duration?.minimum == 2 && e.duration?.value == 156)
        #expect(e.minDuration == "1/5000" && e.maxDuration == "1/2")
        #expect(e.mayLowerFrameRate == true)
        #expect(e.gain?.control == "gain" && e.gain?.unit == "")
        #expect(e.evidence["minDuration"]?.level == .derived && e.evidence["current"] == FieldEvidence(.driver, "auto_exposure=3"))
    }

    @Test func manualValueIsCustomAndPriorityOffKeepsTheRate() {
        let prio = Ctl.bool(ControlID.exposureAutoPriority, "Exposure, Dynamic Framerate", value: 0)
        let e = SemanticMapper.map([Self.autoMenu(Self.manualAndAperture, value: 1), Self.time, prio]).exposure
        #expect(e.current == "custom")
        #expect(e.mayLowerFrameRate == false)
    }

    @Test func menuWithoutManualEntry() {
        let e = SemanticMapper.map([Self.autoMenu([(0, "Auto Mode")], value: 0), Self.time]).exposure
        #expect(summary(e.modes) == ["locked:no:driver", "continuousAutoExposure:yes:driver", "custom:no:driver"])
        #expect(e.modes[1].note == "auto_exposure=0")
        #expect(e.current == "continuousAutoExposure")
    }

    @Test func currentValueCountsAsAMenuEntry() {
        // Menu lists only Manual, but the driver holds 0 (auto): auto is supported.
        let e = SemanticMapper.map([Self.autoMenu([(1, "Manual Mode")], value: 0)]).exposure
        #expect(summary(e.modes) == ["locked:yes:driver", "continuousAutoExposure:yes:driver", "custom:no:driver"])
    }

    @Test func readOnlySwitchOrTime() {
        let ro = SemanticMapper.map([Self.autoMenu(Self.manualAndAperture, value: 1, flags: .readOnly), Self.time]).exposure
        #expect(summary(ro.modes) == ["locked:no:driver", "continuousAutoExposure:no:driver", "custom:no:driver"])
        var timeRO = Self.time
        timeRO.flags = .readOnly
        let t = SemanticMapper.map([Self.autoMenu(Self.manualAndAperture, value: 1), timeRO]).exposure
        #expect(summary(t.modes) == ["locked:yes:driver", "continuousAutoExposure:yes:driver", "custom:no:driver"])
        #expect(t.duration?.readOnly == true)
    }

    @Test func unlistedMenuDerivesFromTheCurrentValue() {
        let manual = SemanticMapper.map([Self.autoMenu([], value: 1), Self.time]).exposure
        #expect(summary(manual.modes) == ["locked:yes:derived", "continuousAutoExposure:no:unknown", "custom:yes:derived"])
        let aperture = SemanticMapper.map([Self.autoMenu([], value: 3), Self.time]).exposure
        #expect(summary(aperture.modes) == ["locked:no:unknown", "continuousAutoExposure:yes:derived", "custom:no:unknown"])
        let noTime = SemanticMapper.map([Self.autoMenu([], value: 1)]).exposure
        #expect(summary(noTime.modes) == ["locked:yes:derived", "continuousAutoExposure:no:unknown", "custom:no:driver"])
        let unread = SemanticMapper.map([Self.autoMenu([], value: nil)]).exposure
        #expect(summary(unread.modes) == ["locked:no:unknown", "continuousAutoExposure:no:unknown", "custom:no:driver"])
        #expect(unread.current == nil)
    }

    @Test func rawSensorExposureInLines() {
        let lines = Ctl.int(ControlID.exposure, "Exposure", min: 4, max: 1759, value: 1600)
        let again = Ctl.int(ControlID.analogueGain, "Analogue Gain", min: 0, max: 232, value: 0)
        let e = SemanticMapper.map([lines, again]).exposure
        #expect(summary(e.modes) == ["locked:yes:derived", "continuousAutoExposure:no:derived", "custom:yes:derived"])
        #expect(e.current == "custom")
        #expect(e.duration == nil && e.minDuration == nil)
        #expect(e.gain?.control == "analogue_gain")
        #expect(e.evidence["current"]?.level == .derived && e.evidence["duration"]?.level == .unknown)
        var ro = lines
        ro.flags = .readOnly
        #expect(
            summary(SemanticMapper.map([ro]).exposure.modes) == [
                "locked:no:derived", "continuousAutoExposure:no:derived", "custom:no:derived",
            ])
    }

    @Test func sensorLinesWithAutogainAreNotASensor() {
        let e = SemanticMapper.map([Ctl.int(ControlID.exposure, "Exposure"), Ctl.bool(ControlID.autogain, "Gain, Automatic")]).exposure
        #expect(summary(e.modes) == ["locked:no:driver", "continuousAutoExposure:no:unknown", "custom:no:driver"])
        #expect(e.current == nil)
    }

    @Test func gainPrefersUserGainAndISOHasItsUnit() {
        let e = SemanticMapper.map([
            Ctl.int(ControlID.analogueGain, "Analogue Gain"), Ctl.int(ControlID.gain, "Gain"),
            Ctl.int(ControlID.isoSensitivity, "ISO Sensitivity", min: 100, max: 3200, value: 400),
        ]).exposure
        #expect(e.gain?.id == ControlID.gain)
        #expect(e.iso?.unit == "ISO" && e.iso?.value == 400)
        #expect(e.evidence["iso"] == FieldEvidence(.driver, "iso_sensitivity"))
    }
}
