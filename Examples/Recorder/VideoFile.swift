import CamProbe

/// A video file of the right kind for the mode: MJPEG in AVI, raw formats in YUV4MPEG2.
/// Both survive the recorder being killed with every whole frame written (see each writer).
protocol VideoFile: AnyObject {
    func append(_ bytes: UnsafeRawBufferPointer) throws
    func close() throws -> Int
    /// The file's size if it were closed now.
    var fileBytes: UInt64 { get }
    /// What appending a frame of `count` bytes adds to `fileBytes`.
    func bytesToAppend(_ count: Int) -> UInt64
}
extension AVIWriter: VideoFile {}
extension Y4MWriter: VideoFile {}

/// The file for frames in `mode`: `base.avi` for MJPEG, `base.y4m` for raw formats.
func makeVideoFile(for mode: CaptureMode, base: String) throws -> (file: any VideoFile, path: String, mode: CaptureMode) {
    let rate = mode.frameRate ?? Rational(30, 1)
    let code = String(mode.fourcc.description.prefix { $0 != " " })  // "YUYV", "MJPG"
    let compressed = AVIWriter.supportedFourCCs.contains(code)
    let path = base + (compressed ? ".avi" : ".y4m")
    let (w, h) = (Int(mode.size.width), Int(mode.size.height))
    let r = (numerator: rate.numerator, denominator: rate.denominator)
    let file: any VideoFile =
        compressed
        ? try AVIWriter(path: path, width: w, height: h, fourcc: code, rate: r)
        : try Y4MWriter(path: path, width: w, height: h, fourcc: code, rate: r)
    return (file, path, mode)
}
