import CamProbe

let discovery = await DiscoverySession(DiscoveryFilter(mediaTypes: [.video]))  // libudev + hotplug
for device in await discovery.devices {
    print(device.id, device.name, device.transport)
    for capture in device.captures { print(capture.path, capture.bestModes()) }  // [MJPG 1920x1080 @ 30 fps, …]
}
if case .off(let reason) = discovery.hotplug { print("hotplug is off:", reason) }

let events = await discovery.events()
for await event in events {
    guard case .wasConnected(let device, let initial) = event else { continue }
    print(initial ? "present:" : "plugged in:", device.name)
    let pick = Negotiator.decide(preset: .p640x480, across: device)
    print(pick)  // "/dev/video0: VALID YUYV 640x480 @ 30 fps"
    guard let node = pick.path else { continue }
    let camera = try await discovery.open(device, node: node)  // open(2)
    try await camera.lockForConfiguration()  // flock(2) + VIDIOC_S_PRIORITY
    let applied = try await camera.apply(pick)  // VIDIOC_S_FMT, VIDIOC_S_PARM, read back
    print(applied.mode, applied.adjustments)  // "YUYV 640x480 @ 30 fps" []
    do {
        for try await frame in try await camera.frames() {  // mmap buffers, STREAMON
            let bytes = try frame.withUnsafeBytes { $0.count }  // the frame in place; throws once released
            print(frame.sequence, frame.timestampNanoseconds, bytes, frame.framesLostBefore)
            if frame.sequence >= 29 { break }  // leaving the loop: STREAMOFF, munmap, REQBUFS 0
        }
    } catch {  // typed: `error` is a CaptureDeviceError, no cast
        guard error.kind == .disconnected else { throw error }
        print("unplugged:", error.message)
    }
    if await camera.isConnected {  // the loop left is over: the same handle streams again at once
        print(try await count(try await camera.frames(), upTo: 30), "frames again")
    }
    await camera.unlockForConfiguration()  // others may configure it now
    await camera.close()
    break
}

nonisolated func count(_ frames: VideoFrames, upTo n: Int) async throws -> Int {
    var seen = 0
    try await frames.forEach { frame in  // on the stream's thread; nothing allocated per frame
        seen += 1
        if seen == n { await frames.stop() }  // the sequence ends after this frame
    }
    return seen
}

if let device = await discovery.devices.first, let microphone = try? Microphone.open(device) {
    for try await buffer in try microphone.buffers() {  // snd_pcm_readi on a thread of its own
        print(buffer.frameCount, buffer.format.rate, buffer.timestampNanoseconds, buffer.discontinuity)
        if buffer.sequence >= 9 { break }
    }
}
await discovery.stop()
