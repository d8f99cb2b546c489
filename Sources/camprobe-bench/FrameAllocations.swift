import CAllocationCounter
import CamProbe
import CamProbeTesting
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// `camprobe-bench --frame-allocations N`: heap allocations of the whole process
/// (every malloc family call, counted by `CAllocationCounter`) while N frames
/// arrive in borrow mode through the fake camera, after a warm-up; prints
/// "frame allocations: A over N frames (P per frame)" and exits 1 when P > 0.
/// The frames are read with `VideoFrames.forEach` (the allocation-free way), or with
/// `forAwait` a `for try await` loop on the global executor (which costs libdispatch's wake-ups).
enum FrameAllocations {
    static let node = """
        {"nodes":[{"path":"/dev/video0","driver":"uvcvideo","card":"Alloc Cam","busInfo":"usb-0000:00:14.0-1","version":"6.1.0",
         "capabilities":"0x84a00001","deviceCaps":"0x04200001",
         "formats":[{"fourcc":"MJPG","description":"Motion-JPEG","flags":1,"sizes":[
            {"discrete":"640x480","intervals":{"discrete":["1/30"]}}]}],
         "activeFormat":{"fourcc":"MJPG","width":640,"height":480},"frameInterval":"1/30",
         "udev":{"parent":{"sysPath":"/sys/alloc","bus":"usb","vendorID":"046d","productID":"0825","serial":"ALLOC1"}}}]}
        """

    /// With `devicePath` (a real node, e.g. vivid's in the guest) the real seam is measured;
    /// without, the fake camera (whose own bookkeeping allocates: an upper bound only).
    static func run(frames n: Int, devicePath: String?, consumerDelay: Duration = .zero, forAwait: Bool = false) async -> Int32 {
        do {
            let sys: any DeviceSystem =
                devicePath == nil
                ? FakeDeviceSystem(spec: try JSONDecoder().decode(FakeSystemSpec.self, from: Data(node.utf8))) : SystemDeviceSystem()
            let devices = DeviceDiscovery(system: sys).discover().devices
            guard let device = devices.first(where: { d in devicePath.map { p in d.captures.contains { $0.path == p } } ?? true })
            else {
                print("frame allocations: no camera \(devicePath ?? "in the fake")")
                return 1
            }
            let camera = try CaptureDevice(device: device, node: devicePath ?? device.captures[0].path, system: sys)
            try await camera.lockForConfiguration()
            let frames = try await camera.frames(FrameOutputOptions(delivery: .borrow, lateFrames: .block))
            var seen = 0
            var bytes = 0
            var before: UInt64 = 0
            var counted: UInt64 = 0
            func look(_ frame: VideoFrame) async throws -> Bool {
                bytes &+= try frame.withUnsafeBytes { $0.count }
                seen += 1
                // A consumer slower than the camera finds a frame waiting and never suspends: no wake-up crosses threads.
                if consumerDelay > .zero { try await Task.sleep(for: consumerDelay) }
                if seen == 200 { before = calloccounter_allocations() }  // warmed up
                if seen == 200 + n { counted = calloccounter_allocations() - before }
                return seen < 200 + n
            }
            if forAwait {
                for try await frame in frames where try await !look(frame) { break }
            } else {
                try await frames.forEach { frame in
                    if try await !look(frame) { await frames.stop() }
                }
            }
            await frames.stop()
            await camera.close()
            let per = Double(counted) / Double(max(n, 1))
            print(
                "frame allocations: \(counted) over \(n) frames (\(per) per frame; \(bytes) bytes read in place) on \(devicePath ?? "the fake"), \(forAwait ? "for try await" : "forEach")"
            )
            return counted == 0 ? 0 : 1
        } catch {
            print("frame allocations: \(error)")
            return 1
        }
    }
}
