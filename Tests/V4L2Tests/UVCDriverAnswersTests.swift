import CV4L2
import CaptureModel
import HostSystem
import Testing
import V4L2
import V4L2Testing

/// The fake at the seam answers `S_FMT` and `S_PARM` on a `uvcvideo` node as uvcvideo itself did for the
/// guest's UVC gadget (scripts/vm/uvc_gadget/default.json; block uvc's `DRIVER_ANSWERS` asks the real driver
/// the same questions with raw ioctls).
@Suite("The fake answers as uvcvideo does")
struct UVCDriverAnswersTests {
    /// The gadget's formats, in its descriptor order: MJPG first (uvcvideo's default format), then YUYV.
    static let gadget = """
        {"nodes":[{"path":"/dev/video1","driver":"uvcvideo","card":"camprobe UVC gadget: UVC Camera",
         "busInfo":"usb-vhci_hcd.0-1","version":"6.1.0","capabilities":"0x84a00001","deviceCaps":"0x04200001",
         "formats":[{"fourcc":"MJPG","description":"Motion-JPEG","flags":1,"sizes":[
            {"discrete":"640x480","intervals":{"discrete":["1/30","1/15"]}},
            {"discrete":"1280x720","intervals":{"discrete":["1/30","1/15"]}}]},
           {"fourcc":"YUYV","description":"YUYV 4:2:2","sizes":[
            {"discrete":"640x480","intervals":{"discrete":["1/30","1/15"]}},
            {"discrete":"320x240","intervals":{"discrete":["1/30","1/15"]}}]}],
         "activeFormat":{"fourcc":"MJPG","width":640,"height":480},"frameInterval":"1/30"}]}
        """

    struct FormatAnswer: Equatable, CustomStringConvertible {
        var width: UInt32, height: UInt32, fourcc: String, bytesPerLine: UInt32, sizeImage: UInt32
        var description: String { "\(width)x\(height) \(fourcc) bytesperline \(bytesPerLine) sizeimage \(sizeImage)" }

        init(width: UInt32, height: UInt32, fourcc: String, bytesPerLine: UInt32, sizeImage: UInt32) {
            (self.width, self.height, self.fourcc, self.bytesPerLine, self.sizeImage) = (width, height, fourcc, bytesPerLine, sizeImage)
        }

        init(_ p: v4l2_pix_format) {
            let bytes = withUnsafeBytes(of: p.pixelformat.littleEndian) { Array($0) }
            self.init(
                width: p.width, height: p.height, fourcc: String(decoding: bytes, as: UTF8.self), bytesPerLine: p.bytesperline,
                sizeImage: p.sizeimage)
        }
    }

    func setFormat(_ port: any DevicePort, _ width: UInt32, _ height: UInt32, _ fourcc: String) throws -> FormatAnswer {
        var f = v4l2_format()
        f.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        f.fmt.pix.width = width
        f.fmt.pix.height = height
        f.fmt.pix.pixelformat = FourCC(fourcc)!.rawValue
        try port.call(.sFmt, &f)
        return FormatAnswer(f.fmt.pix)
    }

    func setInterval(_ port: any DevicePort, _ numerator: UInt32, _ denominator: UInt32) throws -> Rational {
        var p = v4l2_streamparm()
        p.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        p.parm.capture.timeperframe = v4l2_fract(numerator: numerator, denominator: denominator)
        try port.call(.sParm, &p)
        return Rational(p.parm.capture.timeperframe.numerator, p.parm.capture.timeperframe.denominator)
    }

    @Test func formatsAsUVCVideoAnswered() throws {
        let port = try Fixtures.system(json: Self.gadget).openPort("/dev/video1")
        // The size with the least non-overlapping area; compressed: no lines, the frame budget as sizeimage.
        #expect(
            try setFormat(port, 800, 600, "MJPG")
                == FormatAnswer(width: 640, height: 480, fourcc: "MJPG", bytesPerLine: 0, sizeImage: 614_400))
        // A format the camera lacks: its default (first) format.
        #expect(
            try setFormat(port, 640, 480, "H264")
                == FormatAnswer(width: 640, height: 480, fourcc: "MJPG", bytesPerLine: 0, sizeImage: 614_400))
        #expect(
            try setFormat(port, 320, 240, "YUYV")
                == FormatAnswer(width: 320, height: 240, fourcc: "YUYV", bytesPerLine: 640, sizeImage: 153_600))
        #expect(
            try setFormat(port, 640, 480, "YUYV")
                == FormatAnswer(width: 640, height: 480, fourcc: "YUYV", bytesPerLine: 1280, sizeImage: 614_400))
    }

    @Test func intervalsAsUVCVideoAnswered() throws {
        let port = try Fixtures.system(json: Self.gadget).openPort("/dev/video1")
        _ = try setFormat(port, 640, 480, "YUYV")
        // 1/20 s is 500000 × 100 ns: 666666 (15 fps) is 1 nearer than 333333 (30 fps).
        #expect(try setInterval(port, 1, 20) == Rational(1, 15))
        // A zero denominator saturates: the slowest rate. A zero numerator is 0: the fastest.
        #expect(try setInterval(port, 0, 0) == Rational(1, 15))
        #expect(try setInterval(port, 0, 1) == Rational(1, 30))
        #expect(try setInterval(port, 1, 1000) == Rational(1, 30))
        #expect(try setInterval(port, 1, 25) == Rational(1, 30))
    }
}
