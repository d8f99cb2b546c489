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

    /// `list`'s quiet form: a listing is read every day, so it names no problem in full. Access
    /// errors are still printed (they are why the exit status is 1, and they say which group to join);
    /// the rest are marked `!` beside the device's number and counted in one line that says where they
    /// are explained. `--verbose` prints them all, as `report` does.
    static func summarize(_ result: DeviceDiscovery.Result, devices: [Device]) {
        var seen = Set<String>()
        for d in devices {
            for p in d.allProblems where p.kind == .access && seen.insert(p.message).inserted { Terminal.error(p.message) }
        }
        let marked = devices.filter { !ListRenderer.shownProblems($0).isEmpty }
        let count = marked.reduce(0) { $0 + ListRenderer.shownProblems($1).count } + result.problems.count
        if count > 0 {
            let whose = marked.count == 1 ? "`camprobe show \(marked[0].id.rawValue)`" : "`camprobe show ID`"
            let markedWords = marked.count == 1 ? "1 device (marked !)" : "\(marked.count) devices (marked !)"
            let machine = result.problems.count == 1 ? "this machine" : "this machine (\(result.problems.count))"
            let who = [marked.isEmpty ? nil : markedWords, result.problems.isEmpty ? nil : machine].compactMap { $0 }.joined(
                separator: " and ")
            Terminal.note(
                "\(count) \(count == 1 ? "problem" : "problems") on \(who): "
                    + (marked.isEmpty ? "" : "\(whose) or ") + "`camprobe doctor` explains and says how to fix; "
                    + "`camprobe list --verbose` prints them here")
        }
        if let note = result.note, !devices.isEmpty { Terminal.note(note) }
    }
}
