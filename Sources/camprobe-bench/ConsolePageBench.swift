import CamProbe
import CamProbeCLI
import CamProbeTesting
import Console

#if canImport(Glibc)
    import Glibc
#endif

/// `camprobe-bench --console-page N`: the server's time for `camprobe serve`'s device page, natively, for the fixture
/// cameras (the C525's 296 modes, the S800's 62, a synthetic camera's 9600): reading the device as `show` reads it
/// (`ShowCall.device`, through the fake machine at the ioctl seam) and drawing the page (`DevicePage.body`), N times
/// each; prints the medians and worst in Markdown. Exit 1 when the C525's read and draw together take over 50 ms.
enum ConsolePageBench {
    static func run(iterations: Int, fixtures dir: String) -> Int32 {
        let files = ["c525.json", "emeet-s800.json", "large-synthetic.json"].map { dir + "/" + $0 }
        print("| camera | modes | read (show) median | draw median | together median | together worst |")
        print("|---|---:|---:|---:|---:|---:|")
        var c525 = Double.infinity
        for file in files {
            // One fixture per machine: each camera alone, as the console would read it.
            guard let spec = try? FakeDeviceSystem(fixtures: [file]).spec else {
                print("camprobe-bench: cannot read \(file)")
                return 2
            }
            CLIEnvironment.install(
                CLIEnvironment(makeSystem: { FakeDeviceSystem(spec: spec) }, hotplugEvents: { AsyncStream { $0.finish() } }, isLive: false))
            guard let d = FakeDeviceSystem(spec: spec).discoverAll().devices.first else { continue }
            var reads: [Double] = []
            var draws: [Double] = []
            var modes = 0
            for _ in 0..<iterations {
                let t0 = clock()
                let device: Device
                do { device = try ShowCall.device(d.id.rawValue) } catch {
                    print("camprobe-bench: \(d.name): \(error)")
                    return 2
                }
                let t1 = clock()
                let html = DevicePage.body(device, features: PageRoutes.features(device), allowControl: true)
                let t2 = clock()
                modes = html.split(separator: "<tr class=\"mode\"").count - 1
                reads.append(t1 - t0)
                draws.append(t2 - t1)
            }
            let together = zip(reads, draws).map { $0 + $1 }.sorted()
            guard !together.isEmpty else { continue }
            let median = together[together.count / 2]
            if d.name.contains("C525") { c525 = median }
            print(
                "| \(d.name) | \(modes) | \(ms(reads.sorted()[reads.count / 2])) ms | \(ms(draws.sorted()[draws.count / 2])) ms | \(ms(median)) ms | \(ms(together.last!)) ms |"
            )
        }
        guard c525.isFinite else {
            print("camprobe-bench: no C525 among the fixtures")
            return 2
        }
        print("\nC525 (296 modes): \(ms(c525)) ms read and drawn (target ≤ 50 ms for a camera of 100 modes)")
        return c525 <= 50 ? 0 : 1
    }

    static func clock() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return (Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9) * 1000
    }

    static func ms(_ v: Double) -> String { String(Double(Int((v * 100).rounded())) / 100) }
}
