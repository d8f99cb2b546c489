import CaptureModel
import DeviceFixtures

/// The fake node's active format (what `VIDIOC_G_FMT` returns).
struct FakeActiveFormat {
    var fourcc: UInt32
    var width: UInt32
    var height: UInt32
    var mplane: Bool
    var field: UInt32
    var bytesPerLine: UInt32
    var sizeImage: UInt32
    var colorspace: UInt32
    var quantization: UInt32
    var planes: Int

    init?(spec a: FakeActiveFormatSpec) {
        guard let fourcc = FourCC(a.fourcc)?.rawValue else { return nil }
        self.fourcc = fourcc
        width = a.width
        height = a.height
        mplane = (a.bufferType ?? "capture") == "capture-mplane"
        field = a.field ?? 1
        planes = max(1, min(a.planes ?? 1, 8))
        bytesPerLine = a.bytesPerLine ?? (mplane ? a.width : a.width &* 2)
        sizeImage = a.sizeImage ?? (mplane ? a.width &* a.height : a.width &* a.height &* 2)
        colorspace = a.colorspace ?? 8
        quantization = a.quantization ?? 0
    }

    /// NV12, YU12, YV12, M420: the formats uvcvideo gives the luma line as `bytesperline`.
    static let planar420: Set<UInt32> = Set(["NV12", "YU12", "YV12", "M420"].compactMap { FourCC($0)?.rawValue })

    /// A format chosen by `S_FMT`: line and image sizes computed as uvcvideo does (`uvc_v4l2_get_bytesperline`):
    /// a compressed format has no lines (0) and the frame budget of 2 bytes a pixel (the usual
    /// `dwMaxVideoFrameSize`); 4:2:0 formats (NV12, YU12, YV12, M420) give the luma line, 1.5 bytes a pixel;
    /// others 2 bytes a pixel.
    init(fourcc: UInt32, width: UInt32, height: UInt32, mplane: Bool, compressed: Bool = false) {
        self.fourcc = fourcc
        self.width = width
        self.height = height
        self.mplane = mplane
        field = 1
        planes = 1
        let area = UInt64(width) * UInt64(height)
        let line = UInt64(width) * 2
        if compressed {
            bytesPerLine = 0
            sizeImage = UInt32(clamping: area * 2)
        } else if FakeActiveFormat.planar420.contains(fourcc) {
            bytesPerLine = width
            sizeImage = UInt32(clamping: area * 3 / 2)
        } else {
            bytesPerLine = UInt32(clamping: line)
            sizeImage = UInt32(clamping: area * 2)
        }
        colorspace = 8
        quantization = 0
    }
}

/// One buffer granted by `VIDIOC_REQBUFS`.
struct FakeBuffer {
    var length: Int
    /// The offset `VIDIOC_QUERYBUF` reports and `mmap` takes.
    var offset: UInt32
    var mappings = 0
}

/// A control event waiting for `VIDIOC_DQEVENT`.
struct FakeControlEvent {
    var id: UInt32
    /// `V4L2_EVENT_CTRL_CH_*` bits.
    var changes: UInt32
    var value: Int64
    var flags: UInt32
    var minimum: Int64
    var maximum: Int64
}
