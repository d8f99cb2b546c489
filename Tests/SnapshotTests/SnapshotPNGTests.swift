import CamProbe
import CamProbeTesting
import Foundation
import Snapshot
import Testing
import V4L2

/// Runs `python3 -c script` with `input` on stdin; its stdout. A missing python3 is a
/// failure, not a silent pass: the PNG must be read back by an independent decoder.
private func python(_ script: String, input: [UInt8]) throws -> String? {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else {
        Issue.record("python3 is missing, so the PNG is not decoded by an independent reader (scripts/install-deps.sh --vm installs it)")
        return nil
    }
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    p.arguments = ["-c", script]
    let inPipe = Pipe()
    let outPipe = Pipe()
    p.standardInput = inPipe
    p.standardOutput = outPipe
    try p.run()
    inPipe.fileHandleForWriting.write(Data(input))
    try inPipe.fileHandleForWriting.close()
    let out = outPipe.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return String(decoding: out, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
}

/// Checks every chunk's CRC with zlib.crc32, undoes each row's filter (none or Up), and prints IHDR, the pixel
/// count and the first 32 pixel bytes (hex).
private let decodePNG = """
    import sys, struct, zlib
    d = sys.stdin.buffer.read()
    assert d[:8] == bytes([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    i, idat, ihdr, types = 8, b'', None, []
    while i < len(d):
        n, = struct.unpack('>I', d[i:i+4]); t = d[i+4:i+8]; c = d[i+8:i+8+n]
        assert struct.unpack('>I', d[i+8+n:i+12+n])[0] == zlib.crc32(t + c), t
        types.append(t.decode())
        if t == b'IHDR': ihdr = struct.unpack('>IIBBBBB', c)
        if t == b'IDAT': idat += c
        i += 12 + n
    raw = zlib.decompress(idat)
    w, h = ihdr[0], ihdr[1]; rb = w * 3; px = bytearray(); prev = bytearray(rb)
    for y in range(h):
        f = raw[y * (rb + 1)]; row = bytearray(raw[y * (rb + 1) + 1:(y + 1) * (rb + 1)])
        assert f in (0, 2), f
        if f == 2: row = bytearray((a + b) & 255 for a, b in zip(row, prev))
        px += row; prev = row
    print(','.join(types), ihdr, len(px), px[:32].hex(), zlib.crc32(bytes(px)))
    """

@Suite("Snapshot: PNG writer, checksums, libv4lconvert, frame copy")
struct SnapshotPNGTests {
    @Test func chunkChecksumsMatchTheirKnownValues() {
        #expect(PNGWriter.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(PNGWriter.crc32(Array("IEND".utf8)) == 0xAE42_6082)
    }

    @Test func aTwoByTwoImageDecodesToItsPixels() throws {
        let rgb: [UInt8] = [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255]
        let png = try PNGWriter.encode(rgb: rgb, width: 2, height: 2)
        let head: [UInt8] =
            PNGWriter.signature
            + [0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 0, 2, 0, 0, 0, 2, 8, 2, 0, 0, 0] + [0xFD, 0xD4, 0x9A, 0x73]
        #expect(Array(png.prefix(head.count)) == head)
        #expect(Array(png.suffix(12)) == [0, 0, 0, 0] + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82])
        // The rows as filtered: the first as is, the second as its difference from the first ("Up").
        #expect(PNGWriter.scanlines(rgb, rowBytes: 6, height: 2) == [0, 255, 0, 0, 0, 255, 0, 2, 1, 0, 255, 255, 0, 255])
        if let out = try python(decodePNG, input: png) {
            #expect(out == "IHDR,IDAT,IEND (2, 2, 8, 2, 0, 0, 0) 12 ff000000ff000000ffffffff \(crc(rgb))", "\(out)")
        }
    }

    /// zlib's CRC-32 of `bytes`, as Python's zlib.crc32 prints it.
    func crc(_ bytes: [UInt8]) -> UInt32 { PNGWriter.crc32(bytes) }

    /// A camera-like image (smooth gradients, a little noise) deflates to a fraction of its pixels; noise that does
    /// not compress still reads back exactly. Stored blocks made a 640x480 image 921,654 bytes whatever it showed.
    @Test func imagesDeflateAndDecodeToTheirPixels() throws {
        let (w, h) = (640, 480)
        var seed: UInt32 = 1
        func noise() -> UInt8 {
            seed = seed &* 1_103_515_245 &+ 12345
            return UInt8(truncatingIfNeeded: seed >> 16)
        }
        var smooth: [UInt8] = []
        for y in 0..<h {
            for x in 0..<w { smooth += [UInt8(x * 255 / w), UInt8(y * 255 / h), UInt8((x + y) / 5 % 256) &+ (noise() & 3)] }
        }
        let png = try PNGWriter.encode(rgb: smooth, width: w, height: h)
        #expect(png.count < smooth.count / 4, "\(png.count) bytes for \(smooth.count) of pixels")
        if let out = try python(decodePNG, input: png) {
            #expect(out.hasPrefix("IHDR,IDAT,IEND (640, 480, 8, 2, 0, 0, 0) 921600 "), "\(out)")
            #expect(out.hasSuffix(" \(crc(smooth))"), "\(out)")
        }
        let random = (0..<(300 * 200 * 3)).map { _ in noise() }
        let noisy = try PNGWriter.encode(rgb: random, width: 300, height: 200)
        if let out = try python(decodePNG, input: noisy) { #expect(out.hasSuffix(" \(crc(random))"), "\(out)") }
        #expect(throws: PNGWriter.SizeError.self) { try PNGWriter.encode(rgb: [1, 2], width: 2, height: 2) }
        #expect(throws: PNGWriter.SizeError.self) { try PNGWriter.encode(rgb: [], width: 0, height: 0) }
    }

    @Test func libv4lconvertTurnsYUYVIntoRGB() throws {
        // Four grey pixels a row (U = V = 128), two rows.
        let yuyv: [UInt8] = (0..<16).map { $0 % 2 == 1 ? 128 : UInt8($0 * 16) }
        let rgb = try FrameConverter.rgb24(yuyv, fourcc: "YUYV", width: 4, height: 2, bytesPerLine: 8)
        #expect(rgb == [0, 0, 0, 32, 32, 32, 64, 64, 64, 96, 96, 96, 128, 128, 128, 160, 160, 160, 192, 192, 192, 224, 224, 224])
        #expect(throws: FrameConversionError.self) { try FrameConverter.rgb24([1, 2, 3], fourcc: "MJPG", width: 4, height: 2) }
        #expect(throws: FrameConversionError.self) { try FrameConverter.rgb24([], fourcc: "YUYV", width: 4, height: 2) }
    }

    @Test func aJPEGFrameIsKeptAsSentAndOtherFormatsAreRefused() throws {
        let format = ActiveFormat(
            bufferType: .videoCapture, fourcc: "MJPG", width: 2, height: 2, field: "none", bytesPerLine: 0, sizeImage: 8,
            colorspace: "srgb", quantization: "default", planes: [])
        let jpeg = SnapshotFrame(format: format, bytes: [0xFF, 0xD8, 0xFF, 0xD9], sequence: 3, framesSkipped: 3)
        #expect(try SnapshotEncoder.encode(jpeg, as: .jpeg) == [0xFF, 0xD8, 0xFF, 0xD9])
        var yuyv = jpeg
        yuyv.format.fourcc = "YUYV"
        #expect(throws: SnapshotError.self) { try SnapshotEncoder.jpeg(from: yuyv) }
        #expect(SnapshotEncoder.Encoding(fileName: "/tmp/A.JPEG") == .jpeg && SnapshotEncoder.Encoding(fileName: "x.png") == .png)
        #expect(SnapshotEncoder.Encoding(fileName: "x.gif") == nil)
    }

    @Test func nextFrameCopiesBytesUsedAndStopReleasesEverything() throws {
        let sys = try seamSystem()
        let port = try sys.openPort("/dev/video0")
        do {
            let stream = try FrameStream(port: port, bufferType: .videoCapture)
            let frame = try #require(try stream.nextFrame(timeoutMilliseconds: 1000))
            #expect(frame.bytes.count == Int(frame.record.bytesUsed) && !frame.bytes.isEmpty)
            stream.stop()
        }
        #expect(sys.ledger.liveMappings == 0)
        #expect(port.counts["VIDIOC_STREAMOFF"] == 1 && port.counts["VIDIOC_REQBUFS"] == 2)
    }

    @Test func aFrameThatNeverComesIsATimeoutAndStreamingStops() async throws {
        let sys = try seamSystem(extra: #""faults":[{"ioctl":"VIDIOC_DQBUF","errno":"EAGAIN","sticky":true}]"#)
        let ledger = sys.ledger
        let device = try #require(sys.discoverAll().devices.first)
        let camera = try CaptureDevice(device: device, system: sys)
        do {
            _ = try await camera.captureFrame(skipping: 0, timeoutSeconds: 0.05)
            Issue.record("no frame must be a timeout")
        } catch {
            #expect(error.kind == .timeout && error.message.contains("timed out"), "\(error.message)")
        }
        #expect(ledger.liveMappings == 0)  // STREAMOFF, munmap, REQBUFS 0 on the error path
        await camera.close()
    }
}
