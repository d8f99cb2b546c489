import Testing

@testable import CaptureModel

@Suite("Semantic mapper: white balance, lights, zoom and switches")
struct SemanticDeviceTests {
    static let awb = Ctl.bool(ControlID.autoWhiteBalance, "White Balance, Automatic", value: 1)
    static let temperature = Ctl.int(
        ControlID.whiteBalanceTemperature, "White Balance Temperature", min: 2800, max: 6500, step: 10, def: 4600, value: 4600,
        flags: .inactive)
    static let ledMenu: [(Int64, String)] = [(0, "Off"), (1, "Flash"), (2, "Torch")]

    @Test func whiteBalanceAbsent() {
        let w = SemanticMapper.map([]).whiteBalance
        #expect(summary(w.modes) == ["locked:no:driver", "autoWhiteBalance:no:driver", "continuousAutoWhiteBalance:no:driver"])
        #expect(w.current == nil && w.temperature == nil)
        #expect(w.evidence["current"]?.level == .unknown && w.evidence["temperature"]?.level == .driver)
    }

    @Test func whiteBalanceAutoAndTemperature() {
        let w = SemanticMapper.map([Self.awb, Self.temperature]).whiteBalance
        #expect(summary(w.modes) == ["locked:yes:driver", "autoWhiteBalance:no:driver", "continuousAutoWhiteBalance:yes:driver"])
        #expect(w.modes[0].note == "white_balance_automatic=0, white_balance_temperature in K")
        #expect(w.current == "continuousAutoWhiteBalance")
        #expect(
            w.temperature?.unit == "K" && w.temperature?.minimum == 2800 && w.temperature?.step == 10 && w.temperature?.inactive == true)
    }

    @Test func whiteBalanceSwitchAloneAndOneShot() {
        var off = Self.awb
        off.value = .integer(0)
        let w = SemanticMapper.map([off, Ctl.button(ControlID.doWhiteBalance, "Do White Balance")]).whiteBalance
        #expect(summary(w.modes) == ["locked:yes:driver", "autoWhiteBalance:yes:driver", "continuousAutoWhiteBalance:yes:driver"])
        #expect(w.modes[0].note == "white_balance_automatic=0 keeps the current balance")
        #expect(w.current == "locked")
    }

    @Test func whiteBalanceReadOnly() {
        var ro = Self.temperature
        ro.flags = .readOnly
        #expect(!SemanticMapper.map([Self.awb, ro]).whiteBalance.modes[0].supported)
        var awbRO = Self.awb
        awbRO.flags = .readOnly
        let w = SemanticMapper.map([awbRO]).whiteBalance
        #expect(summary(w.modes) == ["locked:no:driver", "autoWhiteBalance:no:driver", "continuousAutoWhiteBalance:no:driver"])
        #expect(w.current == "continuousAutoWhiteBalance")
    }

    @Test func torchFromFlashLEDMode() {
        let led = Ctl.menu(ControlID.flashLEDMode, "LED Mode", Self.ledMenu, value: 0)
        let intensity = Ctl.int(ControlID.flashTorchIntensity, "Torch Intensity")
        let t = SemanticMapper.map([led, intensity]).torch
        #expect(t.available)
        #expect(summary(t.modes) == ["off:yes:driver", "on:yes:driver", "auto:no:driver"])
        #expect(t.modes[1].note == "led_mode=2, torch_intensity sets the level")
        var ro = led
        ro.flags = .readOnly
        let readOnly = SemanticMapper.map([ro]).torch
        #expect(!readOnly.available)
        // the modes say the same: a read-only FLASH_LED_MODE switches nothing
        #expect(summary(readOnly.modes) == ["off:no:driver", "on:no:driver", "auto:no:driver"])
        #expect(readOnly.modes[1].note.contains("read-only") && readOnly.note == "FLASH_LED_MODE lists Torch but is read-only")
    }

    @Test func noTorchWithoutATorchEntry() {
        let flashOnly = Ctl.menu(ControlID.flashLEDMode, "LED Mode", [(0, "Off"), (1, "Flash")], value: 1)
        let t = SemanticMapper.map([flashOnly]).torch
        #expect(!t.available && t.modes.allSatisfy { !$0.supported })
        #expect(t.note == "no FLASH_LED_MODE control with a Torch entry")
        // The entry counts when the driver holds it even if the menu does not list it.
        let held = Ctl.menu(ControlID.flashLEDMode, "LED Mode", [(0, "Off")], value: 2)
        #expect(SemanticMapper.map([held]).torch.available)
    }

    @Test func logitechActivityLEDIsNotATorch() {
        let led1 = Ctl.menu(ControlID.logitechLED1Mode, "LED1 Mode", [(0, "Off"), (1, "On"), (2, "Blink"), (3, "Auto")], value: 3)
        let t = SemanticMapper.map([led1]).torch
        #expect(!t.available && t.modes.map(\.mode) == ["off", "on", "auto"] && t.modes.allSatisfy { !$0.supported })
        #expect(t.note == "led1_mode is the activity LED, not a light for the scene")
    }

    @Test func flashNeedsAFlashEntryAndAStrobe() {
        let led = Ctl.menu(ControlID.flashLEDMode, "LED Mode", Self.ledMenu, value: 0)
        let strobe = Ctl.button(ControlID.flashStrobe, "Strobe")
        let f = SemanticMapper.map([led, strobe]).flash
        #expect(f.available && summary(f.modes) == ["off:yes:driver", "on:yes:driver", "auto:no:driver"])
        #expect(f.modes[1].note == "led_mode=1 and strobe")
        #expect(!SemanticMapper.map([led]).flash.available)
        // a flash is available only when it can be fired: both controls writable
        var roStrobe = strobe
        roStrobe.flags = .readOnly
        let readOnly = SemanticMapper.map([led, roStrobe]).flash
        #expect(!readOnly.available && !readOnly.modes.contains { $0.supported })
        #expect(readOnly.modes[1].note == "strobe read-only (or disabled): the flash cannot be fired from here")
        #expect(
            !SemanticMapper.map([Ctl.menu(ControlID.flashLEDMode, "LED Mode", [(0, "Off"), (2, "Torch")], value: 0), strobe]).flash
                .available)
    }

    @Test(arguments: [
        (Int64(100), Int64(500), "1x–5x", true), (100, 250, "1x–2.5x", true), (3, 10, "1x–3.33x", true), (100, 100, "1x–1x", false),
    ])
    func zoomFactor(_ min: Int64, _ max: Int64, _ factor: String, _ supported: Bool) {
        let z = SemanticMapper.map([Ctl.int(ControlID.zoomAbsolute, "Zoom, Absolute", min: min, max: max, value: min)]).zoom
        #expect(z.factorRange == factor)
        #expect(z.supported == supported)
        #expect(z.range?.control == "zoom_absolute")
        #expect(z.evidence["factorRange"]?.level == .derived)
    }

    @Test func zoomWithoutScaleOrPosition() {
        let fromZero = SemanticMapper.map([Ctl.int(ControlID.zoomAbsolute, "Zoom, Absolute", min: 0, max: 10)]).zoom
        #expect(fromZero.supported && fromZero.factorRange == nil)
        #expect(fromZero.evidence["factorRange"]?.level == .unknown)
        let speed = SemanticMapper.map([Ctl.int(ControlID.zoomContinuous, "Zoom, Continuous", min: -1, max: 1)]).zoom
        #expect(!speed.supported && speed.range == nil && speed.note == "only ZOOM_CONTINUOUS (a speed, no position): no zoom factor")
        let none = SemanticMapper.map([]).zoom
        #expect(!none.supported && none.note == "no ZOOM_ABSOLUTE control")
        #expect(none.evidence == ["supported": FieldEvidence(.driver, "no ZOOM_ABSOLUTE control")])
        let ro = SemanticMapper.map([Ctl.int(ControlID.zoomAbsolute, "Zoom, Absolute", min: 100, max: 400, flags: .readOnly)]).zoom
        #expect(!ro.supported && ro.factorRange == "1x–4x")
    }

    @Test func switchesAndRanges() {
        let s = SemanticMapper.map([
            Ctl.int(ControlID.panAbsolute, "Pan, Absolute", min: -36000, max: 36000),
            Ctl.bool(ControlID.horizontalFlip, "Horizontal Flip", value: 0),
            Ctl.menu(ControlID.powerLineFrequency, "Power Line Frequency", [(0, "Disabled"), (1, "50 Hz"), (2, "60 Hz")], value: 1),
            Ctl.int(ControlID.backlightCompensation, "Backlight Compensation", flags: .readOnly),
        ])
        #expect(s.pan.supported && s.pan.range?.unit == "arc-second" && s.pan.range?.minimum == -36000)
        #expect(!s.tilt.supported && s.tilt.note == "no TILT_ABSOLUTE control" && s.tilt.range == nil)
        #expect(s.mirroring.supported && s.mirroring.note == "horizontal_flip")
        #expect(!s.verticalFlip.supported)
        #expect(s.powerLineFrequency.note == "power_line_frequency (Disabled, 50 Hz, 60 Hz)")
        #expect(!s.backlightCompensation.supported && s.backlightCompensation.note == "backlight_compensation is read-only")
        #expect(s.backlightCompensation.range?.readOnly == true)
        #expect(
            s.pan.evidence == ["supported": FieldEvidence(.driver, "pan_absolute flags"), "range": FieldEvidence(.driver, "pan_absolute")])
        #expect(!s.stabilization.supported && !s.wideDynamicRange.supported)
    }

    @Test(arguments: [(Int64(0), "front"), (1, "back"), (2, "external"), (3, "unspecified"), (-1, "unspecified")])
    func position(_ value: Int64, _ expected: String) {
        let s = SemanticMapper.map([Ctl.menu(ControlID.cameraOrientation, "Camera Orientation", [], value: value, flags: .readOnly)])
        #expect(s.position == expected)
        #expect(s.evidence["position"] == FieldEvidence(.driver, "camera_orientation=\(value)"))
    }

    @Test func positionAndRotationAbsent() {
        let s = SemanticMapper.map([])
        #expect(s.position == "unspecified" && s.sensorRotation == nil)
        #expect(s.evidence["sensorRotation"]?.level == .unknown)
        let r = SemanticMapper.map([Ctl.int(ControlID.cameraSensorRotation, "Camera Sensor Rotation", max: 270, value: 180)])
        #expect(r.sensorRotation == 180)
    }

    @Test func firstControlWithAnIDWins() {
        var second = Self.awb
        second.value = .integer(0)
        #expect(SemanticMapper.map([Self.awb, second]).whiteBalance.current == "continuousAutoWhiteBalance")
        #expect(SemanticMapper.map([second, Self.awb]).whiteBalance.current == "locked")
    }

    @Test func importedTurnsDriverEvidenceIntoImported() {
        let controls = [Self.awb, Self.temperature, Ctl.int(ControlID.zoomAbsolute, "Zoom, Absolute", min: 1, max: 4)]
        let live = SemanticMapper.map(controls)
        let pasted = SemanticMapper.map(controls, imported: true)
        #expect(live.whiteBalance.evidence["current"]?.level == .driver)
        #expect(pasted.whiteBalance.evidence["current"]?.level == .imported)
        #expect(pasted.whiteBalance.modes.allSatisfy { $0.evidence == .imported })
        #expect(pasted.zoom.evidence["range"]?.level == .imported && pasted.zoom.evidence["factorRange"]?.level == .derived)
        #expect(pasted.focus.evidence["current"]?.level == .unknown)
        #expect(pasted.pointsOfInterest.focus.evidence == .imported && live.pointsOfInterest.focus.evidence == .driver)
        #expect(pasted.torch.modes.allSatisfy { $0.evidence == .imported })
        // Only evidence changes: the answers are the same.
        #expect(pasted.whiteBalance.current == live.whiteBalance.current && pasted.zoom.factorRange == live.zoom.factorRange)
        #expect(live.imported() == pasted)
    }
}
