import CaptureModel
import DeviceFixtures
import Negotiation
import Testing

/// `ctl`: plans with auto/manual coupling and the semantics of old and new control
/// names (the transactions that apply plans are CamProbeTests' `ControlPlanTransactionTests`).
@Suite("Controls: semantic writes, coupling")
struct ControlTests {
    /// The C525 (old control names) as discovery read it from the fake driver.
    func c525() throws -> Device { try Cameras.fixture("c525") }

    func controls(_ d: Device) -> [Control] { d.captures[0].controls ?? [] }

    @Test func semanticWritesTurnTheAutoSwitchOffFirst() throws {
        let d = try c525()
        let plan = try ControlPlanner.plan(["focus=locked:120", "exposure=custom:1/120", "wb=5000K"], controls: controls(d))
        #expect(
            plan.map(\.control) == [
                "focus_auto", "exposure_auto", "white_balance_temperature_auto", "focus_absolute", "exposure_absolute",
                "white_balance_temperature",
            ])
        #expect(plan.map(\.value) == [0, 1, 0, 120, 83, 5000])
        #expect(plan[0].reason == "turn continuous autofocus off first")
    }

    @Test func aManualValueWhileItsAutoSwitchIsOnIsRefusedBeforeAnythingIsWritten() throws {
        let d = try c525()
        #expect(d.captures[0].control("focus_absolute")?.flags.contains(.inactive) == true)  // focus_auto=1 in the fixture
        do throws(ControlRequestError) {
            _ = try ControlPlanner.plan(["focus_absolute=120"], controls: controls(d))
            Issue.record("must refuse")
        } catch {
            #expect(error.message.contains("inactive while focus_auto is on"))
        }
        // In one command with the switch, it is fine.
        #expect(try ControlPlanner.plan(["focus_auto=0", "focus_absolute=120"], controls: controls(d)).count == 2)
        // Only a switch value that frees it: the switch left automatic (or exposure left in any mode but Manual)
        // is refused here, as uvcvideo would refuse it with EACCES.
        for plan in [["focus_auto=1", "focus_absolute=120"], ["exposure_auto=3", "exposure_absolute=300"]] {
            do throws(ControlRequestError) {
                _ = try ControlPlanner.plan(plan, controls: controls(d))
                Issue.record("must refuse \(plan)")
            } catch {
                #expect(error.message.contains("is inactive while"))
            }
        }
    }

    @Test func valuesOutsideTheRangeSayWhatIsAllowed() throws {
        let d = try c525()
        do throws(ControlRequestError) {
            _ = try ControlPlanner.plan(["wb=9000K"], controls: controls(d))
            Issue.record("must refuse")
        } catch {
            #expect(error.message == "out of range; allowed: 2800…6500")
        }
        do throws(ControlRequestError) {
            _ = try ControlPlanner.plan(["torch=on"], controls: controls(d))
            Issue.record("must refuse")
        } catch {
            #expect(error.message.contains("led1_mode is the activity LED") || error.message.contains("no FLASH_LED_MODE"))
        }
        do throws(ControlRequestError) {
            _ = try ControlPlanner.plan(["pan_absolute=100"], controls: controls(d))
            Issue.record("must refuse")
        } catch {
            #expect(error.message.contains("step"))
        }
        do throws(ControlRequestError) {
            _ = try ControlPlanner.plan(["brightnes=1"], controls: controls(d))
            Issue.record("must refuse")
        } catch {
            #expect(error.message.contains("did you mean 'brightness'?"))
        }
        #expect(try ControlPlanner.plan(["power_line_frequency=50 Hz"], controls: controls(d)).first?.value == 1)
    }

    @Test func oldAndNewControlNamesGiveTheSameSemantics() throws {
        let old = try c525()
        let renamed = controls(old).map { c -> Control in
            var n = c
            n.name = c.name + " (renamed)"
            n.key = "renamed_" + c.key
            return n
        }
        var a = SemanticMapper.map(controls(old))
        var b = SemanticMapper.map(renamed)
        #expect(a.focus.modes.map(\.supported) == b.focus.modes.map(\.supported))
        #expect(a.exposure.modes.map(\.supported) == b.exposure.modes.map(\.supported))
        #expect(a.exposure.minDuration == "3/10000" && b.exposure.maxDuration == "2047/10000")
        a.focus.modes = []
        b.focus.modes = []
        #expect(a.focus.current == "continuousAutoFocus" && b.focus.current == a.focus.current)
        #expect(a.exposure.mayLowerFrameRate == true && b.exposure.mayLowerFrameRate == true)
        #expect(a.zoom.factorRange == "1x–5x")
        #expect(!a.torch.available && a.torch.note.contains("led1_mode"))
        #expect(!a.mirroring.supported && a.mirroring.note.contains("no HFLIP"))
    }
}

@Suite("Semantics of real cameras' controls")
struct SemanticsFixtureTests {
    @Test func newControlNamesOfAModern4KCamera() throws {
        let d = try Cameras.profile("imported-mission-control-4k")
        let s = try #require(d.captures.first?.semantics)
        #expect(s.focus.current == "continuousAutoFocus")  // focus_automatic_continuous=1
        #expect(s.focus.lensPosition?.control == "focus_absolute" && s.focus.lensPosition?.inactive == true)
        #expect(s.exposure.current == "continuousAutoExposure")  // auto_exposure=3 (aperture priority)
        #expect(s.exposure.duration?.control == "exposure_time_absolute")
        #expect(s.whiteBalance.current == "continuousAutoWhiteBalance")  // white_balance_automatic=1
        #expect(s.whiteBalance.temperature?.minimum == 2800)
        #expect(s.zoom.supported && s.zoom.factorRange == nil)  // zoom_absolute starts at 0: no factor scale
        #expect(s.exposure.mayLowerFrameRate == nil && s.exposure.mayLowerFrameRateNote.contains("not reported"))
    }

    @Test func vividWebcam() throws {
        let d = try Cameras.profile("vivid-webcam")
        let s = try #require(d.captures.first?.semantics)
        #expect(s.mirroring.supported && s.verticalFlip.supported)
        #expect(s.exposure.gain?.control == "gain")
        #expect(!s.focus.modes.contains { $0.supported })
        #expect(s.focus.modes.first { $0.mode == "continuousAutoFocus" }?.note == "no FOCUS_AUTO control: no continuous autofocus")
    }
}
