// A recorder's whole flow through camprobe's public API: find a camera,
// negotiate a mode across its capture nodes, lock and configure the chosen
// node, stream, and report the rate that really arrived.
//
//   camprobe-recorder-example [DEVICE] [--preset P | --size WxH --fps F] [--frames N] [--profile FILE]
//
// DEVICE is a list index (default 0), a stable ID, a node path or part of the name.
// A profile (`--profile Profiles/c525.json`) can be negotiated but not streamed.
import CamProbe

#if canImport(Glibc)
    import Glibc
#endif

func fail(_ message: String) -> Never {
    let line = "camprobe-recorder-example: \(message)\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
    exit(1)
}

// 1. The arguments: `--name value` options, then the device selector.
var arguments = Array(CommandLine.arguments.dropFirst())
@MainActor func option(_ name: String) -> String? {
    guard let i = arguments.firstIndex(of: name) else { return nil }
    guard i + 1 < arguments.count else { fail("\(name) needs a value") }
    let value = arguments[i + 1]
    arguments.removeSubrange(i...(i + 1))
    return value
}
let profile = option("--profile")
let presetName = option("--preset")
let sizeText = option("--size")
let fpsText = option("--fps")
guard let frames = Int(option("--frames") ?? "60"), frames >= 2 else { fail("--frames must be a number ≥ 2") }
guard arguments.count <= 1, arguments.first?.hasPrefix("--") != true else {
    fail("unexpected arguments: \(arguments.joined(separator: " "))")
}
let selector = DeviceSelector(arguments.first ?? "0")

// 2. The devices: the machine's (libudev + ioctl(2)), or one saved profile.
let devices: [Device]
if let profile {
    do { devices = [try ProfileFile.load(profile)] } catch { fail("\(error)") }
} else {
    devices = DeviceDiscovery().discover().devices
}
let device: Device
do { device = devices[try selector.resolve(in: devices)] } catch { fail("\(error)") }

// 3. What to record: a session preset, or a size and rate (default: the 1280x720 preset).
var request = CaptureRequest()
if let sizeText {
    guard let size = Dimensions(parsing: sizeText) else { fail("--size must be WIDTHxHEIGHT, e.g. 1280x720") }
    request.size = .exact(size)
}
if let fpsText {
    guard let fps = Rational(fpsText: fpsText) else { fail("--fps must be a rate like 30, 29.97 or 30000/1001") }
    request.rate = .exact(fps)
}
let pick: DeviceDecision
if sizeText != nil || fpsText != nil {
    if presetName != nil { fail("use either --preset or --size/--fps, not both") }
    pick = Negotiator.decide(request, across: device)
} else {
    guard let preset = SessionPreset(rawValue: presetName ?? "1280x720") else {
        fail("unknown preset; one of: " + SessionPreset.allCases.map(\.rawValue).joined(separator: ", "))
    }
    pick = Negotiator.decide(preset: preset, across: device)
}
print("\(device.name) (\(device.id))")
print("Decision: \(pick)")  // "/dev/video0: VALID MJPG 1280x720 @ 30 fps"
guard let node = pick.path, let choice = pick.decision.choice else { fail("nothing to record: no capture node of \(device.name) fits") }
if let profile { fail("\(profile) is a profile, not a live camera: it can be negotiated but not configured or streamed") }

// 4. Open the chosen node, lock it, set the mode, stream and measure.
let camera: CaptureDevice
do { camera = try CaptureDevice(device: device, node: node) } catch { fail("\(error)") }  // open(2)
do {
    try await camera.lockForConfiguration()  // VIDIOC_S_PRIORITY
    let applied = try await camera.commitConfiguration(FormatRequest(choice))  // VIDIOC_S_FMT, VIDIOC_S_PARM, read back
    let fps = applied.afterInterval?.fps ?? choice.frameInterval?.fps
    print("Applied:  \(applied.after.fourcc) \(applied.after.width)x\(applied.after.height) @ \(fps.map(formatFPS) ?? "?") fps")
    let report = try await camera.measureStreaming(frames: frames, expectedFPS: fps)  // VIDIOC_REQBUFS, STREAMON, DQBUF…
    let delivered = report.deliveredFPS.map(formatFPS) ?? "?"
    print("Streamed: \(report.framesReceived) frames at \(delivered) fps delivered, \(report.framesDropped) dropped")
} catch {
    await camera.close()
    fail("\(error)")
}
await camera.close()
