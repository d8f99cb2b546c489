import CaptureModel

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

    /// A format chosen by `S_FMT`: line and image sizes computed as a driver would (2 bytes a pixel).
    init(fourcc: UInt32, width: UInt32, height: UInt32, mplane: Bool) {
        self.fourcc = fourcc
        self.width = width
        self.height = height
        self.mplane = mplane
        field = 1
        planes = 1
        bytesPerLine = width.multipliedReportingOverflow(by: 2).overflow ? UInt32.max : width * 2
        let area = UInt64(width) * UInt64(height) * 2
        sizeImage = UInt32(clamping: area)
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
