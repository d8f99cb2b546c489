import CamProbe

/// Problems printed to stderr after text output, so a person sees what was
/// missing or odd and what to do about it.
enum Diagnostics {
    static func report(_ result: DeviceDiscovery.Result, devices: [Device]) {
        for p in result.problems { Terminal.warning(p.message) }
        var seen = Set<String>()
        for d in devices {
            for p in d.allProblems where seen.insert(p.message).inserted {
                if p.kind == .access { Terminal.error(p.message) } else { Terminal.warning("\(d.name): \(p.message)") }
            }
        }
        if let note = result.note, !devices.isEmpty { Terminal.note(note) }
    }
}
