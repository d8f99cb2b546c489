import CamProbe
import CamProbeTesting
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// `camprobe-bench --hotplug N`: N raw hotplug events (plug/unplug of one
/// camera) through a registry watching a fake machine, as a monitor that runs
/// for weeks would see them; prints resident memory at checkpoints.
enum HotplugSoak {
    static let node = #"""
        {"path":"/dev/video0","driver":"uvcvideo","card":"Soak Cam","busInfo":"usb-0000:00:14.0-1","deviceCaps":"0x04200001",
         "capabilities":"0x84a00001","formats":[{"fourcc":"YUYV","description":"YUYV","sizes":[{"discrete":"640x480","intervals":{"discrete":["1/30"]}}]}],
         "udev":{"parent":{"sysPath":"/sys/soak","bus":"usb","vendorID":"046d","productID":"0825","serial":"SOAK","speed":"480"}}}
        """#

    /// Resident memory from `/proc/self/statm` (its second field, in pages); -1 if unreadable.
    static func residentKilobytes() -> Int {
        guard let f = fopen("/proc/self/statm", "r") else { return -1 }
        defer { fclose(f) }
        var line = [CChar](repeating: 0, count: 256)
        guard fgets(&line, 256, f) != nil else { return -1 }
        let fields = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).split(separator: " ")
        guard fields.count >= 2, let pages = Int(fields[1]) else { return -1 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
    }

    static func run(events: Int) async {
        let spec = try! JSONDecoder().decode(FakeNodeSpec.self, from: Data(node.utf8))
        let machine = FakeMachine()
        let registry = DeviceRegistry(makeSystem: { machine.makeSystem() }, settle: .zero)
        await registry.start(events: machine.events)
        let stream = await registry.events()
        var iterator = stream.makeAsyncIterator()
        print("| raw events | device events | RSS (kB) |")
        print("|---:|---:|---:|")
        var delivered = 0
        let step = max(2, events / 10)
        for n in stride(from: 0, to: events, by: 2) {
            machine.plug(spec)
            _ = await iterator.next()
            machine.unplug(spec.path)
            _ = await iterator.next()
            delivered += 2
            if (n + 2) % step == 0 { print("| \(n + 2) | \(delivered) | \(residentKilobytes()) |") }
        }
        let kept = await registry.statistics.latencies.count
        print("\nlatency samples kept: \(kept) (bounded at 4096)")
        await registry.stop()
    }
}
