// YUV4MPEG2 (.y4m) for a recorder's uncompressed frames: one header line,
// then `FRAME\n` and the planar picture per frame. V4L2's packed layouts are
// unpacked on the way:
//
//   YUYV (YUY2), UYVY  -> C422      (planar 4:2:2)
//   GREY               -> Cmono
//   NV12               -> C420jpeg  (the interleaved chroma plane split)
//   YU12 (I420)        -> C420jpeg  (already planar: rows copied)
//
// Each frame goes out in one write, so a failed append leaves no half frame.
//
// Crash safety: the format has no sizes or counts to patch, so every frame whose
// write(2) returned is in the file even if the process is then killed with SIGKILL
// (the page cache has it; no fsync until close). A kill during a write can leave
// the last frame cut short, which readers skip (ffprobe 5.1, measured: a 150-frame
// 320x180 file cut 30000 bytes into its last frame reads as 149 frames, no error).

/// Writes a .y4m file from V4L2 frames.
final class Y4MWriter {
    /// The V4L2 FourCCs `init` accepts.
    static let supportedFourCCs = ["YUYV", "YUY2", "UYVY", "GREY", "NV12", "YU12", "I420"]
    /// The largest width or height accepted.
    static let maximumDimension = 16384

    private enum Layout { case yuyv, uyvy, grey, nv12, yu12 }

    let path: String
    let width: Int
    let height: Int
    let fourcc: String
    /// The bytes from one row's start to the next in the input (packed, or the luma plane).
    let bytesPerLine: Int
    /// The least input accepted per frame; longer buffers (V4L2's sizeimage) are fine.
    let inputFrameBytes: Int
    private let layout: Layout
    private let sink: FileSink
    private var frame: [UInt8]  // "FRAME\n" + the planar picture, reused
    private(set) var frames = 0
    private var closed = false

    /// `rate` is frames per second as an exact fraction (25/1, 30000/1001).
    /// `bytesPerLine` is V4L2's bytesperline when rows are padded (nil: tightly packed).
    init(
        path: String, width: Int, height: Int, fourcc: String, rate: (numerator: UInt32, denominator: UInt32),
        bytesPerLine: Int? = nil
    ) throws {
        let layout: Layout
        let colourspace: String
        let bytesPerPixel: Int
        switch fourcc {
        case "YUYV", "YUY2": (layout, colourspace, bytesPerPixel) = (.yuyv, "C422", 2)
        case "UYVY": (layout, colourspace, bytesPerPixel) = (.uyvy, "C422", 2)
        case "GREY": (layout, colourspace, bytesPerPixel) = (.grey, "Cmono", 1)
        case "NV12": (layout, colourspace, bytesPerPixel) = (.nv12, "C420jpeg", 1)
        case "YU12", "I420": (layout, colourspace, bytesPerPixel) = (.yu12, "C420jpeg", 1)
        default:
            throw RecorderFileError(
                path: path,
                "Y4M cannot store pixel format '\(fourcc)'; supported: \(Y4MWriter.supportedFourCCs.joined(separator: ", "))")
        }
        let limit = Y4MWriter.maximumDimension
        guard (1...limit).contains(width), (1...limit).contains(height) else {
            throw RecorderFileError(path: path, "frame size \(width)x\(height) is outside 1...\(limit)")
        }
        if layout != .grey, width % 2 != 0 {
            throw RecorderFileError(path: path, "\(fourcc) needs an even width, not \(width)")
        }
        if layout == .nv12 || layout == .yu12, height % 2 != 0 {
            throw RecorderFileError(path: path, "\(fourcc) needs an even height, not \(height)")
        }
        guard rate.numerator > 0, rate.denominator > 0 else {
            throw RecorderFileError(path: path, "frame rate \(rate.numerator)/\(rate.denominator) is not positive")
        }
        let packedLine = width * bytesPerPixel
        let stride = bytesPerLine ?? packedLine
        guard stride >= packedLine, stride <= 4 * packedLine + 4096 else {
            throw RecorderFileError(path: path, "bytes per line \(stride) does not fit \(width) pixels of \(fourcc)")
        }
        let pixels = width * height
        let pictureBytes: Int
        switch layout {
        case .yuyv, .uyvy:
            pictureBytes = 2 * pixels
            inputFrameBytes = stride * height
        case .grey:
            pictureBytes = pixels
            inputFrameBytes = stride * height
        case .nv12:
            pictureBytes = pixels + pixels / 2
            inputFrameBytes = stride * height + stride * (height / 2)
        case .yu12:
            pictureBytes = pixels + pixels / 2
            inputFrameBytes = stride * height + 2 * (stride / 2) * (height / 2)
        }
        self.path = path
        self.width = width
        self.height = height
        self.fourcc = fourcc
        self.bytesPerLine = stride
        self.layout = layout
        let marker: [UInt8] = Array("FRAME\n".utf8)
        frame = marker + [UInt8](repeating: 0, count: pictureBytes)
        let (n, d) = Y4MWriter.reduced(rate.numerator, rate.denominator)
        sink = try FileSink(path: path)
        try sink.write(Array("YUV4MPEG2 W\(width) H\(height) F\(n):\(d) Ip A1:1 \(colourspace)\n".utf8))
    }

    /// Appends one frame in the input layout (at least `inputFrameBytes`).
    func append(_ bytes: UnsafeRawBufferPointer) throws {
        guard !closed else { throw RecorderFileError(path: path, "append after close") }
        guard bytes.count >= inputFrameBytes else {
            throw RecorderFileError(
                path: path, "frame \(frames) has \(bytes.count) bytes, \(fourcc) \(width)x\(height) needs \(inputFrameBytes)")
        }
        let input = bytes.bindMemory(to: UInt8.self)
        let (width, height, stride, layout) = (width, height, bytesPerLine, layout)
        frame.withUnsafeMutableBufferPointer { whole in
            let out = UnsafeMutableBufferPointer(rebasing: whole[6...])  // after "FRAME\n"
            let pixels = width * height
            switch layout {
            case .yuyv, .uyvy:
                // YUYV: Y0 U Y1 V; UYVY: U Y0 V Y1. Out: Y plane, U plane, V plane (width/2 x height each).
                let (y0, u, y1, v) = layout == .yuyv ? (0, 1, 2, 3) : (1, 0, 3, 2)
                let half = width / 2
                let uBase = pixels
                let vBase = pixels + half * height
                for row in 0..<height {
                    let src = row * stride
                    let yRow = row * width
                    let cRow = row * half
                    for pair in 0..<half {
                        let s = src + 4 * pair
                        out[yRow + 2 * pair] = input[s + y0]
                        out[yRow + 2 * pair + 1] = input[s + y1]
                        out[uBase + cRow + pair] = input[s + u]
                        out[vBase + cRow + pair] = input[s + v]
                    }
                }
            case .grey:
                Y4MWriter.copyRows(input, from: 0, stride: stride, into: out, at: 0, width: width, rows: height)
            case .nv12:
                Y4MWriter.copyRows(input, from: 0, stride: stride, into: out, at: 0, width: width, rows: height)
                let half = width / 2
                let uBase = pixels
                let vBase = pixels + half * (height / 2)
                for row in 0..<(height / 2) {
                    let src = stride * height + row * stride
                    for pair in 0..<half {
                        out[uBase + row * half + pair] = input[src + 2 * pair]
                        out[vBase + row * half + pair] = input[src + 2 * pair + 1]
                    }
                }
            case .yu12:
                Y4MWriter.copyRows(input, from: 0, stride: stride, into: out, at: 0, width: width, rows: height)
                let half = width / 2
                let chromaBytes = half * (height / 2)
                let uSource = stride * height
                let vSource = uSource + (stride / 2) * (height / 2)
                Y4MWriter.copyRows(input, from: uSource, stride: stride / 2, into: out, at: pixels, width: half, rows: height / 2)
                Y4MWriter.copyRows(
                    input, from: vSource, stride: stride / 2, into: out, at: pixels + chromaBytes, width: half, rows: height / 2)
            }
        }
        try sink.write(frame)
        frames += 1
    }

    func append(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try append($0) }
    }

    /// The file's size so far (nothing is added at close).
    var fileBytes: UInt64 { sink.offset }

    /// What appending one frame adds to the file, whatever the input's size: "FRAME\n" and the planar picture.
    func bytesToAppend(_ count: Int) -> UInt64 { UInt64(frame.count) }

    /// Finishes the file (fsync, close) and returns the frames written. Safe to call after an append failed, and again.
    @discardableResult
    func close() throws -> Int {
        guard !closed else { return frames }
        closed = true
        try sink.close()
        return frames
    }

    private static func copyRows(
        _ input: UnsafeBufferPointer<UInt8>, from source: Int, stride: Int,
        into out: UnsafeMutableBufferPointer<UInt8>, at destination: Int, width: Int, rows: Int
    ) {
        guard let inBase = input.baseAddress, let outBase = out.baseAddress else { return }
        for row in 0..<rows {
            (outBase + destination + row * width).update(from: inBase + source + row * stride, count: width)
        }
    }

    private static func reduced(_ a: UInt32, _ b: UInt32) -> (UInt32, UInt32) {
        var (x, y) = (a, b)
        while y != 0 { (x, y) = (y, x % y) }
        return (a / x, b / x)
    }
}
