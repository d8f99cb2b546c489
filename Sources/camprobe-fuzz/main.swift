import CaptureModel
import Profiles

#if canImport(Glibc)
    import Glibc
#endif

// A seeded random-mutation fuzzer for the three profile readers: JSON, XML and
// v4l2-ctl text. Deterministic: (seed, iteration) gives the input, so a crash is
// reproduced with `--seed S --from I --iterations 1`. Whatever a reader accepts
// is written back and read again; a different model is a finding.
//
//   camprobe-fuzz [--seconds N] [--seed S] [--reader json|xml|v4l2-ctl|all] CORPUS_FILES…

struct Rng {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { n <= 1 ? 0 : Int(next() % UInt64(n)) }
}

let tokens: [[UInt8]] = [
    "<!DOCTYPE x [<!ENTITY e \"aaaaaaaaaa\">]>", "&e;", "<![CDATA[", "{", "}", "[", "]", "\"", ":", ",", "null", "-1",
    "99999999999999999999999", "1/0", "0/0", "4294967295", "\t", "\n", "Size: Discrete ", "Size: Stepwise ", "Interval: Discrete ",
    "(30.000 fps)", "0x", "[0]: 'MJPG'", "Pixel Format: ", "min=", "max=", "flags=", "\t\t\t\t0: ", "<format ", "/>", "schemaVersion",
    "\u{00}", "\u{FF}\u{FE}", "é", "x",
].map { Array($0.utf8) }

func mutate(_ seed: [UInt8], _ rng: inout Rng) -> [UInt8] {
    var b = seed
    for _ in 0...rng.below(8) {
        switch rng.below(7) {
        case 0 where !b.isEmpty: b[rng.below(b.count)] ^= UInt8(1 << rng.below(8))
        case 1 where !b.isEmpty: b[rng.below(b.count)] = UInt8(truncatingIfNeeded: rng.next())
        case 2: b.insert(contentsOf: tokens[rng.below(tokens.count)], at: rng.below(b.count + 1))
        case 3 where b.count > 1:
            let i = rng.below(b.count)
            let n = min(b.count - i, 1 + rng.below(64))
            b.removeSubrange(i..<(i + n))
        case 4 where b.count > 1:
            let i = rng.below(b.count)
            let n = min(b.count - i, 1 + rng.below(256))
            b.insert(contentsOf: b[i..<(i + n)], at: rng.below(b.count + 1))
        case 5 where !b.isEmpty: b.removeSubrange(rng.below(b.count)...)
        default:
            if !b.isEmpty {
                b[rng.below(b.count)] = [UInt8(ascii: "0"), UInt8(ascii: "9"), UInt8(ascii: "<"), UInt8(ascii: "\"")][rng.below(4)]
            }
        }
    }
    return b
}

enum Reader: String, CaseIterable {
    case json, xml
    case v4l2ctl = "v4l2-ctl"
    case mediactl = "media-ctl"
}

/// Runs one input; returns a finding's description, nil when all is well.
func run(_ reader: Reader, _ input: [UInt8]) -> String? {
    switch reader {
    case .json:
        guard let doc = try? JSONProfile.read(input) else { return nil }
        let again = try? JSONProfile.read(Array(JSONProfile.write(doc).utf8))
        return again?.device == doc.device ? nil : "JSON accepted but did not round-trip"
    case .xml:
        guard let doc = try? XMLProfile.read(input) else { return nil }
        let again = try? XMLProfile.read(Array(XMLProfile.write(doc).utf8))
        return again?.device == doc.device ? nil : "XML accepted but did not round-trip"
    case .v4l2ctl:
        let text = String(decoding: input, as: UTF8.self)
        _ = try? V4L2CtlImporter.importText([("fuzz", text)], partial: false)
        _ = try? V4L2CtlImporter.importText([("fuzz", text)], partial: true)
        return nil
    case .mediactl:
        // A media-ctl -p paste plus a sensor listing: whatever is accepted must give profiles that write and read back.
        let text = String(decoding: input, as: UTF8.self)
        guard let result = try? MediaCtlImporter.importText([("fuzz", text)]) else { return nil }
        for d in result.devices {
            let doc = DeviceDocument(generator: "fuzz", device: d)
            guard let back = try? JSONProfile.read(Array(JSONProfile.write(doc).utf8)) else {
                return "media-ctl import wrote JSON it cannot read"
            }
            if back.device != d { return "media-ctl import did not round-trip through JSON" }
        }
        return nil
    }
}

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

var seconds = 60.0
var seed: UInt64 = 1
var from = 0
var iterations = Int.max
var readers = Reader.allCases
var corpusPaths: [String] = []
var args = CommandLine.arguments.dropFirst().makeIterator()
while let a = args.next() {
    switch a {
    case "--seconds": seconds = Double(args.next() ?? "") ?? seconds
    case "--seed": seed = UInt64(args.next() ?? "") ?? seed
    case "--from": from = Int(args.next() ?? "") ?? 0
    case "--iterations": iterations = Int(args.next() ?? "") ?? iterations
    case "--reader": readers = Reader(rawValue: args.next() ?? "").map { [$0] } ?? readers
    default: corpusPaths.append(a)
    }
}
var corpus: [Reader: [[UInt8]]] = [:]
for p in corpusPaths {
    guard let bytes = try? ReadFile.bytes(p, limit: 64 << 20) else {
        print("fuzz: cannot read \(p)")
        exit(2)
    }
    let r: Reader =
        switch ProfileFormat.detect(bytes) {
        case .json: .json
        case .xml: .xml
        case nil: String(decoding: bytes.prefix(4096), as: UTF8.self).contains("- entity ") ? .mediactl : .v4l2ctl
        }
    corpus[r, default: []].append(bytes)
    if r == .json, let doc = try? JSONProfile.read(bytes), let xml = try? XMLProfile.write(doc) {
        corpus[.xml, default: []].append(Array(xml.utf8))
    }
}
var totalFindings = 0
for reader in readers {
    guard let seeds = corpus[reader], !seeds.isEmpty else {
        print("fuzz: \(reader.rawValue): no seed inputs")
        continue
    }
    let start = now()
    var execs = 0
    var findings = 0
    var i = from
    while now() - start < seconds && execs < iterations {
        var rng = Rng(state: seed &* 1_000_003 &+ UInt64(i))
        let input = mutate(seeds[rng.below(seeds.count)], &rng)
        if let f = run(reader, input) {
            findings += 1
            if findings <= 5 { print("fuzz: \(reader.rawValue): finding at --seed \(seed) --from \(i): \(f)") }
        }
        execs += 1
        i += 1
    }
    let t = now() - start
    defer { fflush(nil) }
    print(
        "fuzz: \(reader.rawValue): \(execs) executions in \(Int(t)) s (\(Int(Double(execs) / max(t, 0.001)))/s) from \(seeds.count) seeds, 0 crashes, \(findings) round-trip findings"
    )
    totalFindings += findings
}
exit(totalFindings == 0 ? 0 : 1)
