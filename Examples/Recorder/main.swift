// A recorder built on camprobe's public API only: it finds a camera (or waits
// for one), negotiates a mode from its arguments, locks the camera and applies
// the mode, then records frames as they arrive — MJPEG to an .avi, raw formats
// to a .y4m — and the camera's microphone to a .wav. On unplug it closes its
// files, says so, and with --resume records again when the camera is back.
//
//   camprobe-recorder-example [DEVICE] [--preset P | --size WxH --fps F] [--seconds N] [--output PREFIX]
//                             [--wait] [--resume] [--microphone SELECTOR] [--no-audio]
//                             [--hold-locked S] [--hold-unlocked S] [--profile FILE]
//
// DEVICE is a list index, a stable ID, a node path or part of the name (default: the first camera).
// --microphone records that microphone instead of the camera's own; with no DEVICE, audio only.
// --hold-locked S keeps the configuration lock S seconds after applying, then unlocks;
// --hold-unlocked S then keeps the camera open S seconds more (to show what the lock does).
import CamProbe

#if canImport(Glibc)
    import Glibc
#endif

/// One line on standard output, written at once (a reader may follow the file while it runs).
func say(_ line: String) {
    let text = line + "\n"
    _ = text.withCString { write(1, $0, strlen($0)) }
}

func fail(_ message: String) -> Never {
    let line = "camprobe-recorder-example: \(message)\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
    exit(1)
}

// 1. The arguments.
var arguments = Array(CommandLine.arguments.dropFirst())
@MainActor func option(_ name: String) -> String? {
    guard let i = arguments.firstIndex(of: name) else { return nil }
    guard i + 1 < arguments.count else { fail("\(name) needs a value") }
    let value = arguments[i + 1]
    arguments.removeSubrange(i...(i + 1))
    return value
}
@MainActor func flag(_ name: String) -> Bool {
    guard let i = arguments.firstIndex(of: name) else { return false }
    arguments.remove(at: i)
    return true
}
@MainActor func seconds(_ name: String) -> Double? {
    guard let text = option(name) else { return nil }
    guard let v = Double(text), v >= 0, v <= 86_400 else { fail("\(name) must be a number of seconds (0…86400)") }
    return v
}
let presetName = option("--preset")
let sizeText = option("--size")
let fpsText = option("--fps")
let duration = seconds("--seconds") ?? 5
let prefix = option("--output") ?? "recording"
let microphoneText = option("--microphone")
let holdLocked = seconds("--hold-locked")
let holdUnlocked = seconds("--hold-unlocked")
let waitForCamera = flag("--wait")
let resume = flag("--resume")
let noAudio = flag("--no-audio")
let profile = option("--profile")
guard arguments.count <= 1, arguments.first?.hasPrefix("--") != true else {
    fail("unexpected arguments: \(arguments.joined(separator: " "))")
}
let cameraText = arguments.first

// 2. What to record: a session preset, or a size and rate (default: the 640x480 preset).
var request = CaptureRequest()
if let sizeText {
    guard let size = Dimensions(parsing: sizeText) else { fail("--size must be WIDTHxHEIGHT, e.g. 1280x720") }
    request.size = .exact(size)
}
if let fpsText {
    guard let fps = Rational(fpsText: fpsText) else { fail("--fps must be a rate like 30, 29.97 or 30000/1001") }
    request.rate = .exact(fps)
}
if presetName != nil && (sizeText != nil || fpsText != nil) { fail("use either --preset or --size/--fps, not both") }
let preset = SessionPreset(rawValue: presetName ?? "640x480")
if preset == nil { fail("unknown preset; one of: " + SessionPreset.allCases.map(\.rawValue).joined(separator: ", ")) }

@MainActor func decide(_ device: Device) -> DeviceDecision {
    sizeText != nil || fpsText != nil ? Negotiator.decide(request, across: device) : Negotiator.decide(preset: preset!, across: device)
}

// A saved profile (`--profile Profiles/c525.json`) can be negotiated, but not configured or recorded.
if let profile {
    let device: Device
    do {
        let devices = [try ProfileFile.load(profile)]
        device = devices[try DeviceSelector(cameraText ?? "0").resolve(in: devices)]
    } catch {
        fail("\(error)")
    }
    say("Camera: \(device.name) (\(device.id))")
    say("Decision: \(decide(device))")
    fail("\(profile) is a profile, not a live camera: it can be negotiated but not configured or streamed")
}

// 3. The devices: a discovery session (libudev now, and hotplug for as long as it lives).
let discovery = await DiscoverySession(DiscoveryFilter(mediaTypes: [.video, .audio]))
let events = await discovery.events()  // first the devices present, then live changes

/// The device `text` selects among those present with `kind` of capture; with --wait, the first that arrives.
@MainActor func find(_ text: String?, _ kind: MediaType, waiting: Bool) async -> Device {
    let filter = DiscoveryFilter(mediaTypes: [kind])
    func pick(_ devices: [Device]) -> Device? {
        let candidates = devices.filter(filter.matches)
        guard !candidates.isEmpty, let i = try? DeviceSelector(text ?? "0").resolve(in: candidates) else { return nil }
        return candidates[i]
    }
    if let d = pick(await discovery.devices) { return d }
    let what = kind == .video ? "camera" : "microphone"
    let missing = text.map { "no \(what) matches '\($0)'" } ?? "no \(what) found"
    guard waiting else { fail("\(missing); camprobe list shows what there is (--wait waits for one)") }
    if case .off(let reason) = discovery.hotplug { fail("cannot wait for a \(what): hotplug is off (\(reason))") }
    say("Waiting: \(missing) yet; plug one in (Ctrl-C stops)")
    for await e in events {
        if case .wasConnected = e, let d = pick(await discovery.devices) { return d }
    }
    fail("the device events ended while waiting for a \(what)")
}

/// Writes every buffer of `stream` to `path` as WAV until `seconds` of audio or cancellation.
func recordAudio(_ stream: AudioBufferStream, to path: String, seconds: Double?) async -> String {
    var wav: WAVWriter?
    var frames = 0
    var rate: UInt32 = 0
    do {
        for try await buffer in stream.buffers() {
            if wav == nil {
                rate = buffer.format.rate
                wav = try WAVWriter(
                    path: path, format: buffer.format.format.rawValue, channels: buffer.format.channels, sampleRate: buffer.format.rate)
            }
            let wanted = seconds.map { Int($0 * Double(rate)) } ?? Int.max
            let take = min(buffer.frameCount, wanted - frames)
            try buffer.bytes.withUnsafeBytes { all in
                try wav?.append(UnsafeRawBufferPointer(rebasing: all[0..<(take * buffer.bytes.count / max(buffer.frameCount, 1))]))
            }
            frames += take
            if frames >= wanted { break }
        }
    } catch {
        say("Audio stopped: \(error)")
    }
    _ = try? wav?.close()
    return wav == nil
        ? "Recorded audio: nothing (the microphone delivered no buffer)" : "Recorded audio: \(frames) frames at \(rate) Hz to \(path)"
}

enum Ending { case finished, disconnected }

/// A video file of the right kind for the mode: MJPEG in AVI, raw formats in YUV4MPEG2.
protocol VideoFile: AnyObject {
    func append(_ bytes: UnsafeRawBufferPointer) throws
    func close() throws -> Int
}
extension AVIWriter: VideoFile {}
extension Y4MWriter: VideoFile {}

/// The file for frames in `mode`: `base.avi` for MJPEG, `base.y4m` for raw formats.
func videoFile(for mode: CaptureMode, base: String) -> (file: any VideoFile, path: String, mode: CaptureMode) {
    let rate = mode.frameRate ?? Rational(30, 1)
    let code = String(mode.fourcc.description.prefix { $0 != " " })  // "YUYV", "MJPG"
    let compressed = ["MJPG", "JPEG"].contains(code)
    let path = base + (compressed ? ".avi" : ".y4m")
    do {
        let (w, h) = (Int(mode.size.width), Int(mode.size.height))
        let r = (numerator: rate.numerator, denominator: rate.denominator)
        let file: any VideoFile =
            compressed
            ? try AVIWriter(path: path, width: w, height: h, fourcc: code, rate: r)
            : try Y4MWriter(path: path, width: w, height: h, fourcc: code, rate: r)
        return (file, path, mode)
    } catch {
        fail("\(error)")
    }
}

/// One recording: negotiate, lock, apply, (hold), record `duration` seconds.
@MainActor func record(_ device: Device, take: Int) async throws -> Ending {
    let pick = decide(device)
    say("Camera: \(device.name) (\(device.id))")
    say("Decision: \(pick)")
    guard let node = pick.path, pick.decision.choice != nil else { fail("nothing to record: no capture node of \(device.name) fits") }
    // The file is made from the decision before the camera is touched, so it is ready when the
    // frames start; it is made again if the driver adjusts the mode.
    let base = take > 1 ? "\(prefix)-\(take)" : prefix
    let records = duration > 0 && holdLocked == nil && holdUnlocked == nil
    var prepared = records ? pick.decision.choice.map { videoFile(for: $0.mode, base: base) } : nil
    func discard() {
        if let p = prepared {
            _ = try? p.file.close()
            unlink(p.path)
        }
        prepared = nil
    }
    let camera = try await discovery.open(device, node: node)  // open(2)
    defer { Task { await camera.close() } }
    let applied: AppliedConfiguration
    do {
        try await camera.lockForConfiguration()  // flock(2) + VIDIOC_S_PRIORITY
        applied = try await camera.apply(pick)  // VIDIOC_S_FMT, VIDIOC_S_PARM, read back
    } catch {
        discard()
        throw error
    }
    say("Applied: \(applied.mode)" + (applied.isExact ? "" : " (the driver adjusted: \(applied.adjustments.joined(separator: "; ")))"))
    if let holdLocked {
        say("Locked: holding the configuration lock for \(formatFPS(holdLocked)) s")
        try await Task.sleep(for: .seconds(holdLocked))
    }
    if holdLocked != nil || holdUnlocked != nil {
        await camera.unlockForConfiguration()  // VIDIOC_S_PRIORITY default, flock(LOCK_UN)
        if let holdUnlocked {
            say("Unlocked: the camera stays open for \(formatFPS(holdUnlocked)) s")
            try await Task.sleep(for: .seconds(holdUnlocked))
        }
    }
    guard duration > 0 else {
        await camera.close()
        return .finished
    }
    let mode = applied.mode
    if let p = prepared, p.mode.fourcc != mode.fourcc || p.mode.size != mode.size || p.mode.frameRate != mode.frameRate {
        discard()
    }
    let (file, path) =
        prepared.map { ($0.file, $0.path) }
        ?? {
            let v = videoFile(for: mode, base: base)
            return (v.file, v.path)
        }()
    // Streaming starts first (VIDIOC_REQBUFS, mmap, STREAMON; DQBUF/QBUF per frame); the lines and
    // the microphone follow while the driver fills the first buffer.
    let frames: VideoFrames
    do {
        frames = try await camera.frames()
    } catch {
        _ = try? file.close()
        unlink(path)
        throw error
    }
    say("Recording: \(path)")
    var audio: Task<String, Never>?
    let microphone: AudioBufferStream? =
        noAudio || microphoneText != nil ? nil : device.microphoneBufferStream()  // the camera's own microphone
    if let microphone {
        say("Recording audio: \(base).wav")
        audio = Task.detached { await recordAudio(microphone, to: base + ".wav", seconds: duration) }
    }
    let wanted = mode.frameRate != nil ? max(1, Int((duration * (mode.fps ?? 30)).rounded())) : Int.max
    let take = await writeFrames(frames, to: HandedFile(file), wanted: wanted, seconds: duration)
    let (count, lost, first, last) = (take.count, take.lost, take.first, take.last)
    var ending = Ending.finished
    if let error = take.error {
        guard (error as? CaptureDeviceError)?.kind == .disconnected || access(node, F_OK) != 0 else { throw error }
        ending = .disconnected
    }
    await frames.stop()  // STREAMOFF, munmap, REQBUFS 0
    let written = (try? file.close()) ?? count
    if let audio {
        if ending == .disconnected { audio.cancel() }
        say(await audio.value)
    }
    if ending == .disconnected {
        say("Disconnected: \(device.name) went away; closed \(path) after \(written) frames")
        return .disconnected
    }
    let fps = first.flatMap { f in last > f && count > 1 ? Double(count - 1) * 1e9 / Double(last - f) : nil }
    say("Recorded: \(written) frames, \(lost) dropped, at \(fps.map(formatFPS) ?? "?") fps to \(path)")
    if let fps, let nominal = mode.fps, abs(fps / nominal - 1) > 0.05 {
        say(
            "Note: the camera delivered \(formatFPS(fps)) fps (from its timestamps); the file plays at \(formatFPS(nominal)) fps, "
                + "so it runs \(fps < nominal ? "faster" : "slower") than life (low light or a busy machine slows cameras down)")
    }
    await camera.close()
    return .finished
}

// 4. Audio only: --microphone with no camera.
if cameraText == nil, let microphoneText {
    let mic = await find(microphoneText, .audio, waiting: waitForCamera)
    guard let pcm = mic.audio.first?.pcms.first else { fail("\(mic.name) has no capture PCM") }
    say("Microphone: \(mic.name) (\(pcm.alsaName))")
    say("Recording audio: \(prefix).wav")
    say(await recordAudio(pcm.bufferStream(), to: prefix + ".wav", seconds: duration))
    exit(0)
}

// 5. The camera, take after take while --resume brings it back.
var device = await find(cameraText, .video, waiting: waitForCamera)
var take = 1
var extraAudio: Task<String, Never>?
if let microphoneText, !noAudio {
    let mic = await find(microphoneText, .audio, waiting: false)
    if let pcm = mic.audio.first?.pcms.first {
        say("Recording audio: \(prefix).wav (\(mic.name))")
        let stream = pcm.bufferStream()
        extraAudio = Task.detached { await recordAudio(stream, to: prefix + ".wav", seconds: duration) }
    }
}
while true {
    let ending: Ending
    do { ending = try await record(device, take: take) } catch { fail("\(error)") }
    guard ending == .disconnected, resume else { break }
    say("Waiting: for \(device.name) (\(device.id)) to come back (Ctrl-C stops)")
    var back: Device?
    for await e in events {
        if case .wasConnected(let d, _) = e, d.id == device.id {
            back = d
            break
        }
    }
    guard let back else { fail("the device events ended while waiting for \(device.name)") }
    device = back
    take += 1
}
if let extraAudio { say(await extraAudio.value) }
await discovery.stop()
