import CamProbe
import HostSystem

#if canImport(Glibc)
    import Glibc
#endif

/// `camprobe-bench --stream-frames N --device /dev/videoN`: what a recorder costs
/// per frame, for the side-by-side with `v4l2-ctl --stream-mmap --stream-count=N`.
/// Finds the camera with only identity and nodes read, opens and locks the node, streams N frames in the format it has (borrow mode,
/// every frame's bytes touched once), and prints the time from `frames()` to the
/// first frame and the frames received. Its CPU is measured from outside (getrusage).
enum StreamFrames {
    /// CPU seconds (user+sys) of this process so far: getrusage(RUSAGE_SELF).
    static func cpuSoFar() -> Double {
        var u = rusage()
        getrusage(RUSAGE_SELF.rawValue, &u)
        return Double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + Double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6
    }

    static func run(frames n: Int, devicePath: String) async -> Int32 {
        let atStart = cpuSoFar()
        do {
            // Streaming in the format the node has needs no format or control enumeration: only the
            // camera with this node is read, identity and nodes only (what v4l2-ctl --stream-mmap knows).
            let holds = { (d: Device) in d.nodes.contains { $0.path == devicePath } }
            let found = DeviceDiscovery().discover(DiscoveryOptions(formats: false, controls: false)) { all in
                Set(all.indices.filter { holds(all[$0]) })
            }
            let device = found.devices.first(where: holds)
            guard let device else {
                print("stream frames: no camera at \(devicePath)")
                return 1
            }
            let afterDiscovery = cpuSoFar()
            let camera = try CaptureDevice(device: device, node: devicePath)
            try await camera.lockForConfiguration()
            let afterLock = cpuSoFar()
            var before = rusage()
            getrusage(RUSAGE_SELF.rawValue, &before)
            let start = monotonicNanoseconds()
            let frames = try await camera.frames(FrameOutputOptions(delivery: .borrow, lateFrames: .block))
            var firstAt: UInt64?
            var count = 0
            var checksum: UInt8 = 0
            for try await frame in frames {
                firstAt = firstAt ?? monotonicNanoseconds()
                checksum ^= try frame.withUnsafeBytes { $0.first ?? 0 }
                count += 1
                if count == n { break }
            }
            await frames.stop()
            await camera.close()
            var after = rusage()
            getrusage(RUSAGE_SELF.rawValue, &after)
            func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
            let cpu = seconds(after.ru_utime) + seconds(after.ru_stime) - seconds(before.ru_utime) - seconds(before.ru_stime)
            let ms = firstAt.map { Double($0 - start) / 1e6 } ?? -1
            print(
                "stream frames: \(count) frames, first after \(ms) ms, dropped \(frames.statistics.droppedByDriver), "
                    + "streaming CPU \(cpu) s (\(checksum)); CPU before main \(atStart) s, discovery \(afterDiscovery - atStart) s, "
                    + "open and lock \(afterLock - afterDiscovery) s")
            return count == n ? 0 : 1
        } catch {
            print("stream frames: \(error)")
            return 1
        }
    }
}
