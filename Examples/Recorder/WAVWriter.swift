// RIFF WAVE for a recorder's audio, in ALSA's sample format names:
//
//   U8, S16_LE, S24_3LE, S32_LE  -> WAVE_FORMAT_PCM (1)
//   FLOAT_LE                     -> WAVE_FORMAT_IEEE_FLOAT (3), with a 'fact' chunk
//   S24_LE (24 bits in 32)       -> packed to 3 bytes on append, stored as 24-bit PCM (1)
//                                   (ffmpeg misreads a 32-bit container with 24 valid bits)
//
// More than two channels use WAVE_FORMAT_EXTENSIBLE (with the usual speaker
// mask for 4, 6 and 8 channels, none otherwise).
//
// Crash safety: after every append (one microphone buffer, an ALSA period) the
// RIFF, data (and fact) sizes are rewritten in place (one pwrite(2), no fsync),
// so the header always counts every sample written but the buffer being written:
// a process killed with SIGKILL leaves a WAV readers play to its last whole
// buffer (ffprobe stops at the data size the header gives, measured). close()
// pads an odd data chunk. A failed append is rolled back, so close() after an
// error still leaves a valid file. RIFF sizes are 32-bit: appends that would
// take the file past `maximumFileBytes` (at most 4 GiB - 1) are refused.

/// Writes a .wav file from interleaved ALSA capture buffers.
final class WAVWriter {
    /// The ALSA sample formats `init` accepts.
    static let supportedFormats = ["U8", "S16_LE", "S24_LE", "S24_3LE", "S32_LE", "FLOAT_LE"]
    /// RIFF's 32-bit ceiling.
    static let maximumRIFFBytes: UInt64 = 0xFFFF_FFFF
    static let maximumChannels = 32
    static let sampleRates: ClosedRange<UInt32> = 1...768_000

    let path: String
    let format: String
    let channels: Int
    let sampleRate: UInt32
    /// Bytes per sample frame (all channels) in the input: appends must be whole frames.
    let bytesPerFrame: Int
    /// Bytes per sample frame in the file (S24_LE: 3 per sample instead of 4).
    let storedBytesPerFrame: Int
    /// The file never grows past this.
    let maximumFileBytes: UInt64
    private let sink: FileSink
    private var header: [UInt8]  // the file's header as last written
    private let dataSizeAt: UInt64
    private let factAt: UInt64?
    private var dataBytes: UInt64 = 0
    private var closed = false
    private var packed: [UInt8] = []  // S24_LE: the 3-byte samples of one append, reused

    /// Sample frames written so far.
    var frames: Int { Int(dataBytes / UInt64(storedBytesPerFrame)) }

    /// `format` is an ALSA name (`supportedFormats`), `sampleRate` in Hz.
    init(path: String, format: String, channels: Int, sampleRate: UInt32, maximumFileBytes: UInt64 = WAVWriter.maximumRIFFBytes)
        throws
    {
        let tag: UInt16  // 1 PCM, 3 float
        let containerBits: Int  // bits per sample in the file
        switch format {
        case "U8": (tag, containerBits) = (1, 8)
        case "S16_LE": (tag, containerBits) = (1, 16)
        case "S24_3LE": (tag, containerBits) = (1, 24)
        case "S24_LE": (tag, containerBits) = (1, 24)  // 32 bits in, 24 stored
        case "S32_LE": (tag, containerBits) = (1, 32)
        case "FLOAT_LE": (tag, containerBits) = (3, 32)
        default:
            throw RecorderFileError(
                path: path, "WAV cannot store sample format '\(format)'; supported: \(WAVWriter.supportedFormats.joined(separator: ", "))")
        }
        guard (1...WAVWriter.maximumChannels).contains(channels) else {
            throw RecorderFileError(path: path, "\(channels) channels is outside 1...\(WAVWriter.maximumChannels)")
        }
        guard WAVWriter.sampleRates.contains(sampleRate) else {
            throw RecorderFileError(path: path, "sample rate \(sampleRate) Hz is outside \(WAVWriter.sampleRates)")
        }
        self.path = path
        self.format = format
        self.channels = channels
        self.sampleRate = sampleRate
        bytesPerFrame = channels * (format == "S24_LE" ? 4 : containerBits / 8)
        storedBytesPerFrame = channels * containerBits / 8
        self.maximumFileBytes = min(maximumFileBytes, WAVWriter.maximumRIFFBytes)

        let extensible = channels > 2
        var h: [UInt8] = []
        h.appendFourCC("RIFF")
        h.appendLE32(0)  // patched: file size - 8
        h.appendFourCC("WAVE")
        h.appendFourCC("fmt ")
        h.appendLE32(extensible ? 40 : (tag == 1 ? 16 : 18))
        h.appendLE16(extensible ? 0xFFFE : tag)  // wFormatTag
        h.appendLE16(UInt16(channels))
        h.appendLE32(sampleRate)
        h.appendLE32(sampleRate * UInt32(storedBytesPerFrame))  // nAvgBytesPerSec
        h.appendLE16(UInt16(storedBytesPerFrame))  // nBlockAlign
        h.appendLE16(UInt16(containerBits))  // wBitsPerSample
        if extensible {
            h.appendLE16(22)  // cbSize
            h.appendLE16(UInt16(containerBits))  // wValidBitsPerSample
            let masks: [Int: UInt32] = [4: 0x33, 6: 0x3F, 8: 0x63F]
            h.appendLE32(masks[channels] ?? 0)  // dwChannelMask
            // SubFormat: KSDATAFORMAT_SUBTYPE_PCM or _IEEE_FLOAT, {0000000t-0000-0010-8000-00aa00389b71}
            h.appendLE32(UInt32(tag))
            h.appendLE16(0)
            h.appendLE16(0x10)
            h += [0x80, 0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71]
        } else if tag != 1 {
            h.appendLE16(0)  // cbSize
        }
        if tag != 1 {
            h.appendFourCC("fact")
            h.appendLE32(4)
            factAt = UInt64(h.count)
            h.appendLE32(0)  // patched: sample frames
        } else {
            factAt = nil
        }
        h.appendFourCC("data")
        dataSizeAt = UInt64(h.count)
        h.appendLE32(0)  // patched
        header = h
        sink = try FileSink(path: path)
        try sink.write(h)
    }

    /// The file's size if it were closed now (the pad byte of an odd data chunk included).
    var fileBytes: UInt64 { sink.offset + dataBytes % 2 }

    /// What appending `count` input bytes adds to the file.
    func bytesToAppend(_ count: Int) -> UInt64 { UInt64(count / bytesPerFrame * storedBytesPerFrame) }

    /// Appends interleaved samples: a whole number of frames (`bytesPerFrame` each).
    func append(_ bytes: UnsafeRawBufferPointer) throws {
        guard !closed else { throw RecorderFileError(path: path, "append after close") }
        guard bytes.count % bytesPerFrame == 0 else {
            throw RecorderFileError(
                path: path, "\(bytes.count) bytes is not a whole number of \(bytesPerFrame)-byte frames (\(channels) x \(format))")
        }
        let stored = bytes.count / bytesPerFrame * storedBytesPerFrame
        // +1: the pad byte an odd data chunk needs.
        guard sink.offset + UInt64(stored) + 1 <= maximumFileBytes else {
            throw RecorderFileError(path: path, "WAV file full: \(stored) more bytes would take it past \(maximumFileBytes) bytes")
        }
        if format == "S24_LE" {
            // Each 32-bit word holds the sample in its low three bytes: keep those.
            packed.removeAll(keepingCapacity: true)
            packed.reserveCapacity(stored)
            var i = 0
            while i < bytes.count {
                packed.append(bytes[i])
                packed.append(bytes[i + 1])
                packed.append(bytes[i + 2])
                i += 4
            }
            try sink.write(packed)
        } else {
            try sink.write(bytes)
        }
        dataBytes += UInt64(stored)
        try rewriteHeader()
    }

    /// Sets the RIFF, data and fact sizes for what is written so far and writes the header over
    /// the file's first bytes in one pwrite(2) ("RIFF" itself never changes).
    private func rewriteHeader() throws {
        header.setLE32(UInt32(sink.offset - 8), at: 4)
        header.setLE32(UInt32(dataBytes), at: Int(dataSizeAt))
        if let factAt { header.setLE32(UInt32(frames), at: Int(factAt)) }
        try header.withUnsafeBytes { try sink.patch(UnsafeRawBufferPointer(rebasing: $0[4...]), at: 4) }
    }

    func append(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try append($0) }
    }

    /// Pads the data chunk, patches the sizes, fsyncs and closes; returns the sample frames written.
    /// Safe to call after an append failed, and again (the second call does nothing).
    @discardableResult
    func close() throws -> Int {
        guard !closed else { return frames }
        closed = true
        do {
            if dataBytes % 2 != 0 { try sink.write([0]) }
            try rewriteHeader()
        } catch {
            try? sink.close()
            throw error
        }
        try sink.close()
        return frames
    }
}
