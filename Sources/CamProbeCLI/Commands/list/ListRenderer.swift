import CamProbe

#if canImport(Glibc)
    import Glibc
#endif

/// `camprobe list` as text.
enum ListRenderer {
    static func render(_ result: DeviceDiscovery.Result) {
        guard !result.devices.isEmpty else {
            print("No cameras found.")
            print(
                "camprobe looked for V4L2 video capture nodes (/dev/video*) and ALSA capture cards (/dev/snd) and found none on this machine."
            )
            if let sample = sampleProfile() {
                print("To see what camprobe reports for a camera, try a shipped profile (a Logitech C525, rebuilt from its v4l2-ctl dump):")
                print("  camprobe show --profile \(sample) 0")
            }
            return
        }
        var table = TextTable(header: ["#", "ID", "NAME", "MODEL", "TRANSPORT", "NODES", "BEST MODES"])
        for (i, d) in result.devices.enumerated() {
            let nodes = d.nodes.map { n in
                let short = n.path.hasPrefix("/dev/") ? String(n.path.dropFirst(5)) : n.path
                return n.role == "capture" ? short : "\(short) (\(n.role))"
            }.joined(separator: ", ")
            var modes = d.modeSummary.joined(separator: ", ")
            if d.captures.isEmpty, d.allProblems.contains(where: { $0.kind == .access }) {
                modes = Terminal.yellow("(no permission to open)")
            } else if modes.isEmpty {
                modes = "-"
            }
            // A device with problems is marked `!` beside its number; the line after the table says where they are explained.
            let mark = shownProblems(d).isEmpty ? "" : " " + Terminal.yellow("!")
            table.rows.append(["\(i)\(mark)", d.id.rawValue, d.name, d.modelID ?? "-", d.transport.label, nodes, modes])
        }
        print(table.render())
        for l in ListUSBBus.lines(result.devices) { print(l) }
    }
}

extension ListRenderer {
    /// The problems the `!` mark stands for, each message once: all but access errors, which `list` prints in full.
    static func shownProblems(_ d: Device) -> [Problem] {
        var seen = Set<String>()
        return d.allProblems.filter { $0.kind != .access && seen.insert($0.message).inserted }
    }

    /// A shipped sample profile, when camprobe runs from its source tree.
    static func sampleProfile() -> String? {
        let candidates = ["Profiles/c525.json"]
        return candidates.first { access($0, R_OK) == 0 }
    }
}
