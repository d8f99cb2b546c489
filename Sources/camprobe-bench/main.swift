import CamProbe
import CamProbeTesting
import FoundationEssentials
import Negotiation

#if canImport(Glibc)
    import Glibc
#endif

/// camprobe-bench: ioctl counts of `show` per fixture against the minimum,
/// and enumeration time of a large synthetic device. Prints Markdown.
///
/// Usage: camprobe-bench [FIXTURE_DIR] [--iterations N]
///        camprobe-bench --hotplug N   (registry memory over N hotplug events)
///        camprobe-bench --stream-frames N --device /dev/videoN   (a recorder's streaming, for the side-by-side with v4l2-ctl)
///        camprobe-bench --console-page N   (camprobe serve's device page: read as show reads it, drawn; exit 1 over 50 ms for the C525)
///        camprobe-bench --joint N   (Negotiator.decide(together:) for 16 cameras × 200 modes, fair, N times; exit 1 over 20 ms)
///        camprobe-bench --frame-allocations N   [--device /dev/videoN]  [--for-await] (heap allocations while N borrowed frames arrive; exit 1 if any)
var args = Array(CommandLine.arguments.dropFirst())
if let i = args.firstIndex(of: "--hotplug"), i + 1 < args.count, let n = Int(args[i + 1]) {
    await HotplugSoak.run(events: n)
    exit(0)
}
if let i = args.firstIndex(of: "--console-page") {
    exit(ConsolePageBench.run(iterations: i + 1 < args.count ? Int(args[i + 1]) ?? 50 : 50, fixtures: "Tests/Fixtures"))
}
if let i = args.firstIndex(of: "--joint") {
    exit(JointPlanBench.run(iterations: i + 1 < args.count ? Int(args[i + 1]) ?? 20 : 20))
}
if let i = args.firstIndex(of: "--frame-allocations") {
    let n = i + 1 < args.count ? Int(args[i + 1]) ?? 1000 : 1000
    let device = args.firstIndex(of: "--device").flatMap { $0 + 1 < args.count ? args[$0 + 1] : nil }
    let delay = args.firstIndex(of: "--consumer-delay-ms").flatMap { $0 + 1 < args.count ? Int(args[$0 + 1]) : nil } ?? 0
    exit(
        await FrameAllocations.run(
            frames: n, devicePath: device, consumerDelay: .milliseconds(delay), forAwait: args.contains("--for-await")))
}
if let i = args.firstIndex(of: "--stream-frames"), let d = args.firstIndex(of: "--device"), d + 1 < args.count {
    let n = i + 1 < args.count ? Int(args[i + 1]) ?? 300 : 300
    exit(await StreamFrames.run(frames: n, devicePath: args[d + 1]))
}
var iterations = 200
if let i = args.firstIndex(of: "--iterations"), i + 1 < args.count, let n = Int(args[i + 1]) {
    iterations = n
    args.removeSubrange(i...(i + 1))
}
let dir = args.first ?? "Tests/Fixtures"

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

func fixtureFiles(_ dir: String) -> [String] {
    guard let d = opendir(dir) else { return [] }
    defer { closedir(d) }
    var out: [String] = []
    while let e = readdir(d) {
        let name = withUnsafeBytes(of: e.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if name.hasSuffix(".json") { out.append(dir + "/" + name) }
    }
    return out.sorted()
}

struct Row {
    var name: String
    var devices: Int
    var ioctls: Int
    var minimum: Int
    var stateChanging: Int
    var micros: Double
}

var rows: [Row] = []
var large: Row?
for path in fixtureFiles(dir) {
    guard let system = try? FakeDeviceSystem(fixtures: [path]) else { continue }
    let name = String(path.split(separator: "/").last ?? "")
    // Skip fixtures that inject faults: their counts are not comparable.
    if system.spec.nodes.contains(where: { $0.faults != nil || $0.endlessList != nil || $0.openError != nil }) { continue }
    let result = DeviceDiscovery(system: system).discover(DiscoveryOptions())
    let counts = system.ioctlCounts
    let minimum = system.spec.nodes.map(MinimumIoctls.forNode).reduce(0, +)
    let state = V4L2Request.allCases.filter(\.changesState).reduce(0) { $0 + (counts[$1.description] ?? 0) }
    let n = name.hasPrefix("large") ? max(3, iterations / 20) : iterations
    let spec = system.spec
    let t0 = now()
    for _ in 0..<n {
        let s = FakeDeviceSystem(spec: spec)
        _ = DeviceDiscovery(system: s).discover(DiscoveryOptions())
    }
    let micros = (now() - t0) / Double(n) * 1e6
    let row = Row(
        name: name, devices: result.devices.count, ioctls: counts.values.reduce(0, +), minimum: minimum, stateChanging: state,
        micros: micros)
    rows.append(row)
    if name.hasPrefix("large") { large = row }
}

print("| fixture | devices | ioctls (`show` all) | minimum | S_FMT/TRY_FMT/S_PARM/… | time per full read (µs) |")
print("|---|---:|---:|---:|---:|---:|")
for r in rows {
    let mark = r.ioctls == r.minimum ? "" : " ≠"
    print("| \(r.name) | \(r.devices) | \(r.ioctls)\(mark) | \(r.minimum) | \(r.stateChanging) | \(Int(r.micros.rounded())) |")
}
if let l = large {
    print("")
    print(
        "Large synthetic device: \(l.ioctls) ioctls, \(Int(l.micros.rounded())) µs per full enumeration (\(Double(Int(l.micros / Double(max(l.ioctls, 1)) * 100)) / 100) µs per ioctl through the fake seam)."
    )
}
// Negotiation: decisions per second on the large synthetic device.
if let path = fixtureFiles(dir).first(where: { $0.hasSuffix("large-synthetic.json") }),
    let system = try? FakeDeviceSystem(fixtures: [path]),
    let node = DeviceDiscovery(system: system).discover(DiscoveryOptions()).devices.first?.captures.first
{
    let combos = node.formats.reduce(0) { acc, f in
        acc
            + f.sizes.reduce(0) { a, s in
                if case .discrete(_, .discrete(let l)) = s { return a + l.count }
                return a + 1
            }
    }
    let requests: [CaptureRequest] = [
        CaptureRequest(size: .exact(Dimensions(width: 1280, height: 720)), rate: .exact(Rational(30, 1))),
        CaptureRequest(size: .nearest(Dimensions(width: 1000, height: 700)), rate: .atLeast(Rational(25, 1))),
        CaptureRequest(
            size: .atLeast(Dimensions(width: 1920, height: 1080)), rate: .range(min: Rational(15, 1), max: Rational(60, 1)), format: .raw),
        CaptureRequest(rate: .exact(Rational(30000, 1001)), format: .list([FourCC("MJPG"), FourCC("YUYV")])),
    ]
    let n = max(20, iterations)
    let t0 = now()
    for i in 0..<n { _ = Negotiator.decide(requests[i % requests.count], for: node) }
    let perDecision = (now() - t0) / Double(n)
    let t1 = now()
    for _ in 0..<max(2, n / 50) { for p in SessionPreset.allCases { _ = Negotiator.decide(preset: p, for: node) } }
    let perPreset = (now() - t1) / Double(max(2, n / 50) * SessionPreset.allCases.count)
    // Per request kind, with the node's mode table built once and reused (`decide(_:using:)`), and without.
    let table = ModeTable(node: node)
    let kinds = ["exact size, exact rate", "nearest size, rate at least", "size at least, rate range, raw", "rate exact, format list"]
    var perKind: [String] = []
    for (k, r) in requests.enumerated() {
        let t2 = now()
        for _ in 0..<n { _ = Negotiator.decide(r, using: table) }
        let reused = (now() - t2) / Double(n) * 1e6
        let t3 = now()
        for _ in 0..<n { _ = Negotiator.decide(r, for: node) }
        let fresh = (now() - t3) / Double(n) * 1e6
        perKind.append(
            "\(kinds[k]): \(Double(Int(reused * 10)) / 10) µs (table reused), \(Double(Int(fresh * 10)) / 10) µs (table per call)")
    }
    let t4 = now()
    for _ in 0..<max(2, n / 50) { for p in SessionPreset.allCases { _ = Negotiator.decide(preset: p, using: table) } }
    let perPresetReused = (now() - t4) / Double(max(2, n / 50) * SessionPreset.allCases.count)
    print("")
    print(
        "Per request kind (\(table.modes.count) modes in the table): " + perKind.joined(separator: "; ")
            + "; presets \(Double(Int(perPresetReused * 1e7)) / 10) µs each (table reused)."
    )
    print("")
    print(
        "Negotiation on the large synthetic device (\(node.formats.count) formats, \(combos) format/size/rate combinations): \(Int((1 / perDecision).rounded())) decisions/s (\(Int((perDecision * 1e6).rounded())) µs each, 4 request kinds, explanations and ranking included); presets \(Int((perPreset * 1e6).rounded())) µs each."
    )
}

let bad = rows.filter { $0.ioctls != $0.minimum || $0.stateChanging != 0 }
if !bad.isEmpty {
    print("")
    print("NOT MINIMAL: " + bad.map(\.name).joined(separator: ", "))
    exit(1)
}
