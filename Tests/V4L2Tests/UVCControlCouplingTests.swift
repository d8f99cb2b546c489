import CV4L2
import CaptureModel
import HostSystem
import Testing
import V4L2
import V4L2Testing

/// The fake couples auto switches and manual controls as uvcvideo 6.1 does (`uvc_ctrl_is_accessible`), as block uvc
/// saw on the real driver with the gadget's exposure and white balance: the refusal is `EACCES` (the fake said
/// `EBUSY`), a switch written in the same call decides, and only Manual Mode frees exposure time (the fake also
/// freed it in Shutter Priority).
@Suite("The fake couples controls as uvcvideo does")
struct UVCControlCouplingTests {
    static let exposureAuto: UInt32 = 0x009a_0901
    static let exposureAbsolute: UInt32 = 0x009a_0902

    /// The Logitech C525's dump (exposure_auto 3, aperture priority, at first).
    func port() throws -> any DevicePort {
        try Fixtures.system(json: Fixtures.read("c525.json")).openPort("/dev/video0")
    }

    /// `VIDIOC_S_EXT_CTRLS` with `values` in one call: 0 when taken, else the errno.
    func set(_ port: any DevicePort, _ values: [(UInt32, Int32)]) -> Int32 {
        var ctrls = values.map { v -> v4l2_ext_control in
            var c = v4l2_ext_control()
            c.id = v.0
            c.value = v.1
            return c
        }
        return ctrls.withUnsafeMutableBufferPointer { buf -> Int32 in
            var req = v4l2_ext_controls()
            req.count = UInt32(buf.count)
            req.controls = buf.baseAddress
            do throws(V4L2Error) {
                try port.call(.sExtCtrls, &req)
                return 0
            } catch {
                return error.errno
            }
        }
    }

    @Test func aManualValueWhileItsSwitchIsOnIsRefusedWithEACCES() throws {
        let p = try port()
        #expect(try p.controlFlags(Self.exposureAbsolute).contains(.inactive))
        #expect(set(p, [(Self.exposureAbsolute, 300)]) == Errno.EACCES)
    }

    @Test func aSwitchWrittenInTheSameCallDecidesWhicheverComesFirst() throws {
        let p = try port()
        #expect(set(p, [(Self.exposureAbsolute, 300), (Self.exposureAuto, 1)]) == 0)
        #expect(try p.readControl(Self.exposureAbsolute) == 300)
        #expect(set(p, [(Self.exposureAuto, 3), (Self.exposureAbsolute, 200)]) == Errno.EACCES)
        #expect(try p.readControl(Self.exposureAbsolute) == 300)  // all or nothing
    }

    @Test func shutterPriorityLeavesExposureTimeInactive() throws {
        let p = try port()
        #expect(set(p, [(Self.exposureAuto, 2)]) == 0)
        #expect(try p.controlFlags(Self.exposureAbsolute).contains(.inactive))
        #expect(set(p, [(Self.exposureAbsolute, 300)]) == Errno.EACCES)
    }
}
