// The main.swift of scripts/dev/check-recorder-writers.sh's scratch package: compiled with
// Examples/Recorder/{FileSink,Y4MWriter,AVIWriter,WAVWriter}.swift only, it writes the files
// the script then checks with ffprobe/ffmpeg.
//
//   recorder-writers-check OUTDIR JPEG

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

func say(_ text: String) {
    print(text)
}

func die(_ text: String) -> Never {
    let line = "recorder-writers-check: \(text)\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
    exit(1)
}

func expectError(_ what: String, _ body: () throws -> Void) {
    do {
        try body()
        die("\(what): expected an error, got none")
    } catch {
        say("expected error (\(what)): \(error)")
    }
}

func readWhole(_ path: String) -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { die("\(path): \(String(cString: strerror(errno)))") }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n < 0, errno == EINTR { continue }
        guard n >= 0 else { die("\(path): read: \(String(cString: strerror(errno)))") }
        if n == 0 { break }
        bytes += buffer[0..<n]
        guard bytes.count <= 16 << 20 else { die("\(path): larger than 16 MiB") }
    }
    return bytes
}

/// A moving colour-bar picture in a packed 4:2:2 layout (YUYV or UYVY), `stride` bytes per row.
func packed422(width: Int, height: Int, stride: Int, frame: Int, uyvy: Bool) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: stride * height)
    for row in 0..<height {
        for pair in 0..<(width / 2) {
            let bar = ((pair * 2 + frame * 4) * 8 / width) % 8
            let y = UInt8(16 + (row * 219) / height)
            let u = UInt8(truncatingIfNeeded: 16 + bar * 28)
            let v = UInt8(truncatingIfNeeded: 240 - bar * 28)
            let s = row * stride + 4 * pair
            if uyvy {
                (bytes[s], bytes[s + 1], bytes[s + 2], bytes[s + 3]) = (u, y, v, y)
            } else {
                (bytes[s], bytes[s + 1], bytes[s + 2], bytes[s + 3]) = (y, u, y, v)
            }
        }
    }
    return bytes
}

/// Planar/semi-planar test frames: luma ramp, flat chroma, `stride` bytes per luma row.
func planar420(width: Int, height: Int, stride: Int, frame: Int, nv12: Bool) -> [UInt8] {
    let luma = stride * height
    let chroma = nv12 ? stride * (height / 2) : 2 * (stride / 2) * (height / 2)
    var bytes = [UInt8](repeating: 128, count: luma + chroma)
    for row in 0..<height {
        for x in 0..<width { bytes[row * stride + x] = UInt8(truncatingIfNeeded: x + row + frame) }
    }
    return bytes
}

/// `--until-killed`: writes y4m, avi and wav side by side at 25 frames a second (a frame and 40 ms
/// of audio per step) until the process is killed, printing "written N" once all three hold N frames.
/// The script kills it with SIGKILL and checks that ffprobe reads at least N frames from each.
func writeUntilKilled(_ out: String, _ jpeg: [UInt8]) throws -> Never {
    let y4m = try Y4MWriter(path: "\(out)/killed.y4m", width: 320, height: 180, fourcc: "YUYV", rate: (25, 1))
    let avi = try AVIWriter(path: "\(out)/killed.avi", width: 640, height: 480, rate: (25, 1))
    let wav = try WAVWriter(path: "\(out)/killed.wav", format: "S16_LE", channels: 2, sampleRate: 48000)
    let audio = [UInt8](repeating: 0, count: 1920 * 4)  // 40 ms of silence
    var n = 0
    while true {
        try y4m.append(packed422(width: 320, height: 180, stride: 640, frame: n, uyvy: false))
        try avi.append(jpeg)
        try wav.append(audio)
        n += 1
        let line = "written \(n)\n"
        _ = line.withCString { write(1, $0, strlen($0)) }
        var pause = timespec(tv_sec: 0, tv_nsec: 40_000_000)
        nanosleep(&pause, nil)
    }
}

let arguments = CommandLine.arguments
if arguments.count == 4, arguments[1] == "--until-killed" {
    do { try writeUntilKilled(arguments[2], readWhole(arguments[3])) } catch { die("\(error)") }
}
guard arguments.count == 3 else { die("usage: recorder-writers-check OUTDIR JPEG | --until-killed OUTDIR JPEG") }
let out = arguments[1]
let jpeg = readWhole(arguments[2])
let rate: (numerator: UInt32, denominator: UInt32) = (25, 1)

/// Frame 0 of a layout, tightly packed, for the script to compare with ffmpeg's reading of the .y4m.
func reference(_ name: String, _ bytes: [UInt8]) throws {
    let sink = try FileSink(path: "\(out)/\(name)-0.raw")
    try sink.write(bytes)
    try sink.close()
}

do {
    // 1. Y4M: 125 YUYV 640x480 frames at 25/1.
    let y4m = try Y4MWriter(path: "\(out)/yuyv.y4m", width: 640, height: 480, fourcc: "YUYV", rate: rate)
    for i in 0..<125 { try y4m.append(packed422(width: 640, height: 480, stride: 1280, frame: i, uyvy: false)) }
    expectError("short YUYV frame") { try y4m.append([UInt8](repeating: 0, count: 100)) }
    say("yuyv.y4m: \(try y4m.close()) frames")
    try reference("yuyv", packed422(width: 640, height: 480, stride: 1280, frame: 0, uyvy: false))
    try reference("uyvy", packed422(width: 64, height: 48, stride: 128, frame: 0, uyvy: true))
    try reference("nv12", planar420(width: 64, height: 48, stride: 64, frame: 0, nv12: true))
    try reference("yu12", planar420(width: 64, height: 48, stride: 64, frame: 0, nv12: false))
    try reference("grey", [UInt8](repeating: 0, count: 63 * 47))

    // The other layouts, small, some with padded rows (bytesPerLine).
    let uyvy = try Y4MWriter(path: "\(out)/uyvy.y4m", width: 64, height: 48, fourcc: "UYVY", rate: (30000, 1001), bytesPerLine: 160)
    for i in 0..<10 { try uyvy.append(packed422(width: 64, height: 48, stride: 160, frame: i, uyvy: true)) }
    say("uyvy.y4m: \(try uyvy.close()) frames")
    let grey = try Y4MWriter(path: "\(out)/grey.y4m", width: 63, height: 47, fourcc: "GREY", rate: rate)
    for i in 0..<10 { try grey.append([UInt8](repeating: UInt8(i * 20), count: 63 * 47)) }
    say("grey.y4m: \(try grey.close()) frames")
    let nv12 = try Y4MWriter(path: "\(out)/nv12.y4m", width: 64, height: 48, fourcc: "NV12", rate: rate, bytesPerLine: 128)
    for i in 0..<10 { try nv12.append(planar420(width: 64, height: 48, stride: 128, frame: i, nv12: true)) }
    say("nv12.y4m: \(try nv12.close()) frames")
    let yu12 = try Y4MWriter(path: "\(out)/yu12.y4m", width: 64, height: 48, fourcc: "YU12", rate: rate)
    for i in 0..<10 { try yu12.append(planar420(width: 64, height: 48, stride: 64, frame: i, nv12: false)) }
    say("yu12.y4m: \(try yu12.close()) frames")
    expectError("unsupported Y4M fourcc") {
        _ = try Y4MWriter(path: "\(out)/bad.y4m", width: 64, height: 48, fourcc: "RGB3", rate: rate)
    }
    expectError("odd YUYV width") { _ = try Y4MWriter(path: "\(out)/bad.y4m", width: 63, height: 48, fourcc: "YUYV", rate: rate) }

    // 2. AVI: 125 JPEG frames at 25/1; a 3-frame file; a file closed after errors.
    let avi = try AVIWriter(path: "\(out)/mjpeg.avi", width: 640, height: 480, fourcc: "MJPG", rate: rate)
    for _ in 0..<125 { try avi.append(jpeg) }
    say("mjpeg.avi: \(try avi.close()) frames")
    let short = try AVIWriter(path: "\(out)/short.avi", width: 640, height: 480, rate: rate)
    for _ in 0..<3 { try short.append(jpeg) }
    say("short.avi: \(try short.close()) frames")
    // Odd-sized frames (padding), then refusals: a non-JPEG frame, and the size ceiling (lowered to 8 frames' worth).
    let odd = jpeg + (jpeg.count % 2 == 0 ? [0] : [])
    let ceiling = UInt64(224 + 8 * (8 + odd.count + 1) + 8 + 8 * 16)
    let failing = try AVIWriter(path: "\(out)/error.avi", width: 640, height: 480, rate: (30000, 1001), maximumFileBytes: ceiling)
    for _ in 0..<5 { try failing.append(odd) }
    expectError("non-JPEG AVI frame") { try failing.append([1, 2, 3]) }
    for _ in 0..<3 { try failing.append(odd) }
    expectError("AVI size ceiling") { try failing.append(odd) }
    say("error.avi: \(try failing.close()) frames (closed after errors)")
    expectError("append after close") { try failing.append(odd) }
    expectError("unsupported AVI fourcc") { _ = try AVIWriter(path: "\(out)/bad.avi", width: 64, height: 48, fourcc: "YUYV", rate: rate) }

    // 3. WAV: 1 kHz sine, S16_LE stereo 48000 Hz, 2 s (in 10 ms periods, as ALSA delivers them).
    let wav = try WAVWriter(path: "\(out)/sine.wav", format: "S16_LE", channels: 2, sampleRate: 48000)
    var period = [UInt8]()
    for n in 0..<(2 * 48000) {
        let sample = Int16(10000 * sin(2 * Double.pi * 1000 * Double(n) / 48000))
        for _ in 0..<2 { period.appendLE16(UInt16(bitPattern: sample)) }
        if period.count == 480 * 4 {
            try wav.append(period)
            period.removeAll(keepingCapacity: true)
        }
    }
    expectError("partial WAV frame") { try wav.append([1, 2, 3]) }
    say("sine.wav: \(try wav.close()) frames")
    // The other formats, 0.5 s each.
    for (format, channels, bytes) in [
        ("S32_LE", 2, 4), ("FLOAT_LE", 1, 4), ("S24_LE", 2, 4), ("S24_3LE", 2, 3), ("U8", 1, 1), ("S16_LE", 6, 2),
    ] {
        let name = "\(out)/\(format.lowercased())-\(channels)ch.wav"
        let writer = try WAVWriter(path: name, format: format, channels: channels, sampleRate: 44100)
        try writer.append([UInt8](repeating: format == "U8" ? 128 : 0, count: 22051 * channels * bytes))  // odd frame count
        say("\(name.split(separator: "/").last!): \(try writer.close()) frames")
    }
    expectError("unsupported WAV format") { _ = try WAVWriter(path: "\(out)/bad.wav", format: "S16_BE", channels: 2, sampleRate: 48000) }
    expectError("unwritable path") { _ = try WAVWriter(path: "/nonexistent-dir/x.wav", format: "S16_LE", channels: 2, sampleRate: 48000) }
} catch {
    die("\(error)")
}
