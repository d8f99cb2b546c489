import CamProbe
import Udev  // UdevMonitor (hotplug)

let result = DeviceDiscovery().discover()  // libudev + ioctl(2)
for device in result.devices {
    print(device.id, device.name, device.transport)
    for capture in device.captures {
        for format in capture.formats { print(format.fourcc, format.sizes.count) }
        print(capture.bestModes())
    }
}

if let device = result.devices.first {
    let request = CaptureRequest(
        size: .exact(Dimensions(width: 1280, height: 720)), rate: .exact(Rational(30, 1)),
        format: .list(["MJPG", "YUYV"]))
    let pick = Negotiator.decide(request, across: device)  // or: decide(preset: .p1280x720, across: device)
    print(pick)  // "/dev/video0: VALID MJPG 1280x720 @ 30 fps"
    if let node = pick.path, let choice = pick.decision.choice {
        let camera = try CaptureDevice(device: device, node: node)  // open(2)
        try await camera.lockForConfiguration()  // VIDIOC_S_PRIORITY
        let applied = try await camera.commitConfiguration(FormatRequest(choice))  // VIDIOC_S_FMT, VIDIOC_S_PARM
        print(applied.after, applied.adjustments)
        await camera.close()
    }
}

let registry = DeviceRegistry()
let events = await registry.events()
await registry.start(events: try UdevMonitor.start())
for await event in events {
    switch event {
    case .connected(let device):
        print("+", device.id, device.name)
        let camera = try await registry.open(device.id)
        do throws(CaptureDeviceError) { print(try await camera.activeFormat()) }  // VIDIOC_G_FMT
        catch { print(error.kind, error.message) }  // "disconnected", "… was disconnected while held open …"
        await camera.close()
    case .disconnected(let id, let name): print("-", id, name)
    case .changed, .overflow: break
    }
}
