import ALSA
import CaptureModel

/// Groups probed nodes into physical devices.
enum DeviceGrouping {
    /// Groups by (physical parent, bus_info); nodes that could not be opened
    /// (no bus_info) join the only group with the same parent, if there is one.
    /// Groups without a capture node (output-only, metadata-only, a lone media
    /// node) are not cameras and are dropped, unless nothing could be opened
    /// (then the user must learn about the permission problem). A group whose
    /// only capture is an ALSA card is a microphone of its own.
    static func group(_ nodes: [ProbedNode]) -> [[ProbedNode]] {
        var order: [String] = []
        var groups: [String: [ProbedNode]] = [:]
        for n in nodes {
            let k = n.groupKey
            if groups[k] == nil { order.append(k) }
            groups[k, default: []].append(n)
        }
        for k in order where k.hasSuffix("|?") {
            let parent = String(k.dropLast(2))
            let candidates = order.filter { $0 != k && $0.hasPrefix(parent + "|") && !$0.hasSuffix("|?") }
            if candidates.count == 1, let moved = groups[k] {
                groups[candidates[0], default: []].append(contentsOf: moved)
                groups[k] = nil
            }
        }
        return order.compactMap { groups[$0] }.filter(isCamera).map { g in
            g.sorted { a, b in
                let ra = rank(a.role)
                let rb = rank(b.role)
                return ra != rb ? ra < rb : NodeOrder.less(a.record.devnode, b.record.devnode)
            }
        }
    }

    /// Capture nodes first, then metadata, output, others, media, audio, unreadable.
    static func rank(_ role: NodeRole) -> Int {
        ["capture", "metadata", "output", "metadata-output", "other", "media", "audio", "unknown"].firstIndex(of: role) ?? 9
    }

    static func isCamera(_ g: [ProbedNode]) -> Bool {
        if g.contains(where: { $0.role == "capture" || $0.role == "audio" }) { return true }
        let onlyUnknown = g.allSatisfy { $0.role == "unknown" || $0.role == "media" }
        return onlyUnknown && g.contains { $0.role == "unknown" && $0.record.subsystem == "video4linux" }
    }
}

extension Device {
    /// The best modes of each capture node ("MJPG 1920x1080@30"), then each
    /// microphone PCM ("hw:CARD=Loopback,DEV=0 S16_LE 1-2 ch 8000-192000 Hz").
    public var modeSummary: [String] {
        captures.flatMap { c in c.bestModes().map(\.compactDescription) }
            + audio.flatMap { card in card.pcms.map { "\($0.alsaName) \($0.summary)" } }
    }
}
