// AVI 1.0 (no OpenDML) for a recorder's MJPEG frames, as V4L2 hands them over:
//
//   RIFF 'AVI '
//     LIST 'hdrl'  avih, LIST 'strl' (strh 'vids'/'MJPG', strf BITMAPINFOHEADER 'MJPG')
//     LIST 'movi'  '00dc' chunks, each padded to an even size
//     idx1         one entry per frame, offsets from the 'movi' FourCC
//
// Crash safety: after every frame the header is rewritten in place (one pwrite(2) of
// the RIFF and movi sizes, the frame counts and the largest chunk; no fsync), so at
// any moment the file is a complete AVI of every frame but the one being written.
// A process killed with SIGKILL leaves that file: no index yet (dwFlags says so and
// readers scan the movi list) and at most one frame cut short, which readers skip
// (ffprobe 5.1, measured: a 125-frame file cut 5000 bytes into its last frame reads
// as 124 frames, no error). close() writes idx1 and sets AVIF_HASINDEX. A failed
// append is rolled back, so close() after an error (a camera unplugged) still
// leaves a playable file; if idx1 itself cannot be written the file is finished
// without it. AVI 1.0's sizes are 32-bit and players trust it only up to 1 GiB:
// appends that would pass `maximumFileBytes` are refused.

/// Writes an MJPEG .avi file from V4L2 MJPG/JPEG frames.
final class AVIWriter {
    /// The V4L2 FourCCs `init` accepts (both stored as 'MJPG').
    static let supportedFourCCs = ["MJPG", "JPEG"]
    /// AVI 1.0's ceiling: 1 GiB.
    static let maximumAVI1Bytes: UInt64 = 1 << 30
    /// The largest width or height accepted.
    static let maximumDimension = 16384

    // Offsets of the fields close() patches (the header layout is fixed, see writeHeaders()).
    private static let riffSizeAt: UInt64 = 4
    private static let avihMaxBytesPerSecAt: UInt64 = 32 + 4
    private static let avihFlagsAt: UInt64 = 32 + 12
    private static let avihTotalFramesAt: UInt64 = 32 + 16
    private static let avihSuggestedBufferAt: UInt64 = 32 + 28
    private static let strhLengthAt: UInt64 = 108 + 32
    private static let strhSuggestedBufferAt: UInt64 = 108 + 36
    private static let moviSizeAt: UInt64 = 216
    private static let moviFourCCAt: UInt64 = 220
    private static let headerBytes: UInt64 = 224

    private static let flagHasIndex: UInt32 = 0x10  // AVIF_HASINDEX
    private static let flagKeyFrame: UInt32 = 0x10  // AVIIF_KEYFRAME

    let path: String
    let width: Int
    let height: Int
    /// The file never grows past this (at most 1 GiB).
    let maximumFileBytes: UInt64
    private let rate: (numerator: UInt32, denominator: UInt32)
    private let sink: FileSink
    private var header: [UInt8] = []  // the `headerBytes` at the start of the file, as last written
    private var index: [UInt8] = []  // idx1 entries, 16 bytes each
    private var largestChunk: UInt32 = 0
    private(set) var frames = 0
    private var closed = false

    /// `rate` is frames per second as an exact fraction (25/1, 30000/1001): dwRate/dwScale.
    /// `maximumFileBytes` can only lower the 1 GiB ceiling.
    init(
        path: String, width: Int, height: Int, fourcc: String = "MJPG", rate: (numerator: UInt32, denominator: UInt32),
        maximumFileBytes: UInt64 = AVIWriter.maximumAVI1Bytes
    ) throws {
        guard AVIWriter.supportedFourCCs.contains(fourcc) else {
            throw RecorderFileError(
                path: path,
                "AVI writer stores only MJPEG; '\(fourcc)' is not one of: \(AVIWriter.supportedFourCCs.joined(separator: ", "))")
        }
        let limit = AVIWriter.maximumDimension
        guard (1...limit).contains(width), (1...limit).contains(height) else {
            throw RecorderFileError(path: path, "frame size \(width)x\(height) is outside 1...\(limit)")
        }
        guard rate.numerator > 0, rate.denominator > 0 else {
            throw RecorderFileError(path: path, "frame rate \(rate.numerator)/\(rate.denominator) is not positive")
        }
        var (x, y) = (rate.numerator, rate.denominator)
        while y != 0 { (x, y) = (y, x % y) }
        self.path = path
        self.width = width
        self.height = height
        self.rate = (rate.numerator / x, rate.denominator / x)
        self.maximumFileBytes = min(maximumFileBytes, AVIWriter.maximumAVI1Bytes)
        sink = try FileSink(path: path)
        try writeHeaders()
    }

    /// Appends one JPEG frame (it must start with the SOI marker FF D8). Throws, writing nothing,
    /// for an empty or non-JPEG frame and once the file would pass `maximumFileBytes`.
    func append(_ bytes: UnsafeRawBufferPointer) throws {
        guard !closed else { throw RecorderFileError(path: path, "append after close") }
        guard bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xD8 else {
            throw RecorderFileError(path: path, "frame \(frames) (\(bytes.count) bytes) is not a JPEG picture")
        }
        let padded = UInt64(bytes.count + bytes.count % 2)
        let chunkStart = sink.offset
        // The file after this frame and a final idx1 holding it: 8 + data for the chunk, 8 + 16 per frame for idx1.
        let after = chunkStart + 8 + padded + 8 + UInt64(index.count + 16)
        guard after <= maximumFileBytes else {
            throw RecorderFileError(
                path: path, "AVI 1.0 file full: frame \(frames) would take it past \(maximumFileBytes) bytes; start a new file")
        }
        var chunkHeader: [UInt8] = []
        chunkHeader.appendFourCC("00dc")
        chunkHeader.appendLE32(UInt32(bytes.count))
        do {
            try sink.write(chunkHeader)
            try sink.write(bytes)
            if bytes.count % 2 != 0 { try sink.write([0]) }
        } catch {
            sink.rollBack(to: chunkStart)
            throw error
        }
        index.appendFourCC("00dc")
        index.appendLE32(AVIWriter.flagKeyFrame)
        index.appendLE32(UInt32(chunkStart - AVIWriter.moviFourCCAt))
        index.appendLE32(UInt32(bytes.count))
        largestChunk = max(largestChunk, UInt32(bytes.count))
        frames += 1
        try rewriteHeader(hasIndex: false)
    }

    /// The file's size if it were closed now (its idx1 included).
    var fileBytes: UInt64 { sink.offset + 8 + UInt64(index.count) }

    /// What appending a `count`-byte frame adds to `fileBytes`: chunk header, data, padding, index entry.
    func bytesToAppend(_ count: Int) -> UInt64 { UInt64(8 + count + count % 2 + 16) }

    func append(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try append($0) }
    }

    /// Writes idx1, patches the headers, fsyncs and closes; returns the frames in the file.
    /// Safe to call after an append failed, and again (the second call does nothing).
    @discardableResult
    func close() throws -> Int {
        guard !closed else { return frames }
        closed = true
        do {
            try finish()
        } catch {
            try? sink.close()
            throw error
        }
        try sink.close()
        return frames
    }

    private func finish() throws {
        let moviEnd = sink.offset
        var hasIndex = true
        var idx1: [UInt8] = []
        idx1.appendFourCC("idx1")
        idx1.appendLE32(UInt32(index.count))
        idx1 += index
        do {
            try sink.write(idx1)
        } catch {
            hasIndex = false  // write() rolled back to moviEnd: finish without an index.
        }
        try rewriteHeader(moviEnd: moviEnd, hasIndex: hasIndex)
        if !hasIndex {
            throw RecorderFileError(path: path, "idx1 could not be written; the file has no index (players scan it)")
        }
    }

    /// Sets the sizes, counts and flags for the frames written so far in `header` and writes it
    /// over the file's first bytes in one pwrite(2) (the FourCC "RIFF" and the movi FourCC never change).
    /// `moviEnd` is where the movi list ends (the file's end while recording; idx1 follows it at close).
    private func rewriteHeader(moviEnd: UInt64? = nil, hasIndex: Bool) throws {
        let moviEnd = moviEnd ?? sink.offset
        let bytesPerSecond = min(
            UInt64(UInt32.max), (UInt64(largestChunk) + 8) * UInt64(rate.numerator) / UInt64(rate.denominator) + 1)
        header.setLE32(UInt32(sink.offset - 8), at: Int(AVIWriter.riffSizeAt))
        header.setLE32(UInt32(moviEnd - AVIWriter.moviSizeAt - 4), at: Int(AVIWriter.moviSizeAt))
        header.setLE32(UInt32(bytesPerSecond), at: Int(AVIWriter.avihMaxBytesPerSecAt))
        header.setLE32(hasIndex ? AVIWriter.flagHasIndex : 0, at: Int(AVIWriter.avihFlagsAt))
        header.setLE32(UInt32(frames), at: Int(AVIWriter.avihTotalFramesAt))
        header.setLE32(largestChunk + 8, at: Int(AVIWriter.avihSuggestedBufferAt))
        header.setLE32(UInt32(frames), at: Int(AVIWriter.strhLengthAt))
        header.setLE32(largestChunk + 8, at: Int(AVIWriter.strhSuggestedBufferAt))
        let (from, to) = (Int(AVIWriter.riffSizeAt), Int(AVIWriter.moviFourCCAt))
        try header.withUnsafeBytes { try sink.patch(UnsafeRawBufferPointer(rebasing: $0[from..<to]), at: UInt64(from)) }
    }

    /// RIFF, hdrl (avih, strl: strh, strf) and the movi list's header: `headerBytes` bytes, sizes rewritten after every frame.
    private func writeHeaders() throws {
        let (width, height) = (UInt32(width), UInt32(height))
        let microseconds = (UInt64(rate.denominator) * 1_000_000 + UInt64(rate.numerator) / 2) / UInt64(rate.numerator)
        var h: [UInt8] = []
        h.appendFourCC("RIFF")
        h.appendLE32(0)  // patched: file size - 8
        h.appendFourCC("AVI ")
        h.appendFourCC("LIST")
        h.appendLE32(4 + (8 + 56) + (12 + (8 + 56) + (8 + 40)))  // 192
        h.appendFourCC("hdrl")
        // avih: MainAVIHeader (offset 24, fields from 32)
        h.appendFourCC("avih")
        h.appendLE32(56)
        h.appendLE32(UInt32(min(microseconds, UInt64(UInt32.max))))  // dwMicroSecPerFrame
        h.appendLE32(0)  // dwMaxBytesPerSec, patched
        h.appendLE32(0)  // dwPaddingGranularity
        h.appendLE32(0)  // dwFlags: AVIF_HASINDEX once close() has written idx1
        h.appendLE32(0)  // dwTotalFrames, patched
        h.appendLE32(0)  // dwInitialFrames
        h.appendLE32(1)  // dwStreams
        h.appendLE32(0)  // dwSuggestedBufferSize, patched
        h.appendLE32(width)
        h.appendLE32(height)
        for _ in 0..<4 { h.appendLE32(0) }  // dwReserved
        // LIST strl (offset 88)
        h.appendFourCC("LIST")
        h.appendLE32(4 + (8 + 56) + (8 + 40))  // 116
        h.appendFourCC("strl")
        // strh: AVIStreamHeader (offset 100, fields from 108)
        h.appendFourCC("strh")
        h.appendLE32(56)
        h.appendFourCC("vids")
        h.appendFourCC("MJPG")
        h.appendLE32(0)  // dwFlags
        h.appendLE16(0)  // wPriority
        h.appendLE16(0)  // wLanguage
        h.appendLE32(0)  // dwInitialFrames
        h.appendLE32(rate.denominator)  // dwScale
        h.appendLE32(rate.numerator)  // dwRate: dwRate/dwScale frames per second
        h.appendLE32(0)  // dwStart
        h.appendLE32(0)  // dwLength, patched
        h.appendLE32(0)  // dwSuggestedBufferSize, patched
        h.appendLE32(UInt32.max)  // dwQuality: default
        h.appendLE32(0)  // dwSampleSize: varies
        h.appendLE16(0)  // rcFrame left, top, right, bottom
        h.appendLE16(0)
        h.appendLE16(UInt16(width))
        h.appendLE16(UInt16(height))
        // strf: BITMAPINFOHEADER
        h.appendFourCC("strf")
        h.appendLE32(40)
        h.appendLE32(40)  // biSize
        h.appendLE32(width)  // biWidth
        h.appendLE32(height)  // biHeight
        h.appendLE16(1)  // biPlanes
        h.appendLE16(24)  // biBitCount
        h.appendFourCC("MJPG")  // biCompression
        h.appendLE32(width * height * 3)  // biSizeImage
        h.appendLE32(0)  // biXPelsPerMeter
        h.appendLE32(0)  // biYPelsPerMeter
        h.appendLE32(0)  // biClrUsed
        h.appendLE32(0)  // biClrImportant
        // LIST movi (offset 212): size patched, then the '00dc' chunks.
        h.appendFourCC("LIST")
        h.appendLE32(4)  // patched: 4 + the chunks
        h.appendFourCC("movi")
        precondition(UInt64(h.count) == AVIWriter.headerBytes, "AVI header layout")
        header = h
        try sink.write(h)
    }
}
