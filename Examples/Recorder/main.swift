// A recorder built on camprobe's public API only: it finds a camera (or waits
// for one), negotiates a mode from its arguments, locks the camera and applies
// the mode, then records frames as they arrive — MJPEG to an .avi, raw formats
// to a .y4m — and the camera's microphone to a .wav. On unplug it closes its
// files, says so, and with --resume records again when the camera is back.
//
// It stops, finishing its files and saying why ("Stopped: max-duration 3 s reached"),
// at --max-duration (alias --seconds), --max-size, --min-free-space, SIGINT or SIGTERM.
// Killed (SIGKILL), it leaves files that hold every frame and audio buffer written
// but the one in flight: the .y4m has no header to update, and the .avi's and .wav's
// headers are rewritten after every frame and buffer (pwrite, no fsync), so the
// interval of loss is one frame or one ALSA period. All options: Usage.swift (--help).
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
if arguments.contains("--help") || arguments.contains("-h") {
    say(usage)
    exit(0)
}
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
@MainActor func bytes(_ name: String) -> UInt64? {
    guard let text = option(name) else { return nil }
    guard let v = ByteCount.parse(text), v > 0 else { fail("\(name) must be a number of bytes with an optional K, M or G suffix (500M)") }
    return v
}
let presetName = option("--preset")
let sizeText = option("--size")
let fpsText = option("--fps")
let formatText = option("--format")
let maxDuration = seconds("--max-duration")
let secondsAlias = seconds("--seconds")
if maxDuration != nil && secondsAlias != nil { fail("--seconds is another name for --max-duration: give one of them") }
let duration = maxDuration ?? secondsAlias ?? 5
let maxSize = bytes("--max-size")
let minFreeSpace = bytes("--min-free-space")
let progress = flag("--progress")
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

// Stops: SIGINT/SIGTERM and the free space, watched beside the recording.
let control = StopControl()
StopSignals.install()
let watch = watchForStops(control, minimumFree: minFreeSpace, near: prefix)

/// The file for `mode`, or the error that makes one impossible.
func videoFile(for mode: CaptureMode, base: String) -> (file: any VideoFile, path: String, mode: CaptureMode) {
    do {
        return try makeVideoFile(for: mode, base: base)
    } catch {
        fail("\(error)")
    }
}

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
if let formatText {
    guard let code = FourCC(formatText.uppercased()) else { fail("--format must be a FourCC such as MJPG or YUYV") }
    request.format = .list([code])
}
if presetName != nil && (sizeText != nil || fpsText != nil || formatText != nil) {
    fail("use either --preset or --size/--fps/--format, not both")
}
let preset = SessionPreset(rawValue: presetName ?? "640x480")
if preset == nil { fail("unknown preset; one of: " + SessionPreset.allCases.map(\.rawValue).joined(separator: ", ")) }

@MainActor func decide(_ device: Device) -> DeviceDecision {
    sizeText != nil || fpsText != nil || formatText != nil
        ? Negotiator.decide(request, across: device) : Negotiator.decide(preset: preset!, across: device)
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

enum Ending { case finished, disconnected }

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
        say("Locked: holding the configuration lock for \(fpsText(holdLocked)) s")
        try await Task.sleep(for: .seconds(holdLocked))
    }
    if holdLocked != nil || holdUnlocked != nil {
        // (A signal during the holds ends the process from the stop watch: nothing is being recorded.)
        await camera.unlockForConfiguration()  // VIDIOC_S_PRIORITY default, flock(LOCK_UN)
        if let holdUnlocked {
            say("Unlocked: the camera stays open for \(fpsText(holdUnlocked)) s")
            try await Task.sleep(for: .seconds(holdUnlocked))
        }
    }
    guard duration > 0, control.reason == nil else {
        discard()
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
    control.begin(stopper: { await frames.stop() })
    defer { control.end(stopper: true) }  // after the files are finished
    say("Recording: \(path)")
    var audio: Task<String, Never>?
    let microphone: Microphone? =
        noAudio || microphoneText != nil ? nil : try? Microphone.open(device)  // the camera's own microphone
    if let microphone {
        say("Recording audio: \(base).wav")
        let limits = AudioLimits(seconds: duration, maxBytes: maxSize, leads: false, progress: progress)
        audio = Task.detached { await recordAudio(microphone, to: base + ".wav", limits: limits, control: control) }
    }
    let wanted = mode.frameRate != nil ? max(1, Int((duration * (mode.fps ?? 30)).rounded())) : Int.max
    let limits = TakeLimits(wanted: wanted, seconds: duration, maxBytes: maxSize, progress: progress)
    let take = await writeFrames(frames, to: HandedFile(file), limits: limits, control: control, path: path)
    let (count, lost, first, last) = (take.count, take.lost, take.first, take.last)
    var ending = Ending.finished
    if let error = take.error {
        guard (error as? CaptureDeviceError)?.kind == .disconnected || access(node, F_OK) != 0 else {
            _ = try? file.close()  // what was written stays a playable file
            throw error
        }
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
    say("Recorded: \(written) frames, \(lost) dropped, at \(fps.map(fpsText) ?? "?") fps to \(path)")
    if let fps, let nominal = mode.fps, abs(fps / nominal - 1) > 0.05 {
        say(
            "Note: the camera delivered \(fpsText(fps)) fps (from its timestamps); the file plays at \(fpsText(nominal)) fps, "
                + "so it runs \(fps < nominal ? "faster" : "slower") than life (low light or a busy machine slows cameras down)")
    }
    await camera.close()
    return .finished
}

// 4. Audio only: --microphone with no camera.
if cameraText == nil, let microphoneText {
    let mic = await find(microphoneText, .audio, waiting: waitForCamera)
    guard let microphone = try? Microphone.open(mic) else { fail("\(mic.name) has no capture PCM") }
    say("Microphone: \(mic.name) (\(microphone.pcm))")
    say("Recording audio: \(prefix).wav")
    let limits = AudioLimits(seconds: duration, maxBytes: maxSize, leads: true, progress: progress)
    say(await recordAudio(microphone, to: prefix + ".wav", limits: limits, control: control))
    if let reason = control.reason { say("Stopped: \(reason)") }
    exit(0)
}

// 5. The camera, take after take while --resume brings it back.
var device = await find(cameraText, .video, waiting: waitForCamera)
var take = 1
var extraAudio: Task<String, Never>?
if let microphoneText, !noAudio {
    let mic = await find(microphoneText, .audio, waiting: false)
    if let microphone = try? Microphone.open(mic) {
        say("Recording audio: \(prefix).wav (\(mic.name))")
        let limits = AudioLimits(seconds: duration, maxBytes: maxSize, leads: false, progress: progress)
        extraAudio = Task.detached { await recordAudio(microphone, to: prefix + ".wav", limits: limits, control: control) }
    }
}
while true {
    let ending: Ending
    do { ending = try await record(device, take: take) } catch { fail("\(error)") }
    guard ending == .disconnected, resume, control.reason == nil else { break }
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
if let reason = control.reason { say("Stopped: \(reason)") }
watch.cancel()
await discovery.stop()
