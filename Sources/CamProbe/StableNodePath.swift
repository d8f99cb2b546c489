import CaptureModel

#if canImport(Glibc)
    import Glibc
#endif

/// The name to write for a capture node in commands meant to be kept (scripts, configs, service files):
/// its `/dev/v4l/by-id/…` link when udev made one for that node, else its `/dev/v4l/by-path/…` link,
/// else the kernel's `/dev/videoN`, with a note that the number can change across reboots and replugs.
package struct StableNodePath: Sendable, Hashable {
    /// Which kind of name `path` is.
    package enum Kind: String, Sendable, Hashable, Codable {
        /// `/dev/v4l/by-id/…`: follows the camera (vendor, model, serial) wherever it is plugged in.
        case byID = "by-id"
        /// `/dev/v4l/by-path/…`: follows the port (or platform device) the camera hangs off.
        case byPath = "by-path"
        /// `/dev/videoN`: the kernel's name, which can change.
        case kernelName = "kernel-name"
    }

    /// The path to print in commands.
    package var path: String
    package var kind: Kind
    /// Said once next to the command (stderr for `--emit`, a field in JSON); nil when there is nothing to say.
    package var note: String?

    package init(path: String, kind: Kind, note: String? = nil) {
        self.path = path
        self.kind = kind
        self.note = note
    }

    /// Picks the name for `node` from the links udev made for that node (a by-id link resolves to one node:
    /// only the links of `node` itself may be passed). Pure.
    ///
    /// Among several links of one kind the one for video index 0 (`…-video-index0`) wins, then the first in
    /// sorted order, so the choice is deterministic.
    package static func choose(node: String, byID: [String], byPath: [String]) -> StableNodePath {
        func best(_ links: [String]) -> String? {
            let sorted = links.sorted()
            return sorted.first { $0.hasSuffix("-video-index0") } ?? sorted.first
        }
        if let l = best(byID.filter { $0.hasPrefix("/dev/v4l/by-id/") }) { return StableNodePath(path: l, kind: .byID) }
        if let l = best(byPath.filter { $0.hasPrefix("/dev/v4l/by-path/") }) {
            return StableNodePath(
                path: l, kind: .byPath,
                note:
                    "udev made no /dev/v4l/by-id link for \(node): \(l) names where the camera is attached (another port gives another link)"
            )
        }
        return StableNodePath(
            path: node, kind: .kernelName,
            note: "udev made no /dev/v4l/by-id or by-path link for \(node): the number can change across reboots and replugs")
    }

    /// For a live node: the links of the node record udev (or a fake) gives for `node`. With `resolve`
    /// (`realPath` on a real machine), a link is kept only when it resolves to `node` now: udev's `DEVLINKS` may
    /// name a link another node won (vivid's instances all claim `platform-vivid.0-video-index0`).
    package static func live(node: String, records: [NodeRecord], resolve: ((String) -> String?)? = nil) -> StableNodePath {
        let r = records.first { $0.devnode == node }
        var byID = r?.byID ?? []
        var byPath = r?.byPath ?? []
        if let resolve {
            let target = resolve(node) ?? node
            byID = byID.filter { resolve($0) == target }
            byPath = byPath.filter { resolve($0) == target }
        }
        return choose(node: node, byID: byID, byPath: byPath)
    }

    /// For a live node of `system` (reads its node records once); `resolve` as in `live(node:records:resolve:)`.
    package static func live(node: String, system: any DeviceSystem, resolve: ((String) -> String?)? = nil) -> StableNodePath {
        live(node: node, records: system.nodeRecords().nodes, resolve: resolve)
    }

    /// `realpath(3)`: where a link points on this machine now; nil when it does not resolve.
    package static func realPath(_ path: String) -> String? {
        guard let r = realpath(path, nil) else { return nil }
        defer { free(r) }
        return String(cString: r)
    }

    /// For a saved profile: there are no live links, so the recorded node path is kept. When the profile
    /// recorded links for its capture node, the note names them (they are not checked on this machine).
    package static func recorded(node: String, device: Device) -> StableNodePath {
        let links = device.identity.byID.sorted() + device.identity.byPath.sorted()
        guard let first = links.first else { return StableNodePath(path: node, kind: .kernelName) }
        return StableNodePath(
            path: node, kind: .kernelName,
            note: "a profile has no live links: \(node) is the path it recorded; when it was made, udev also named the camera \(first)")
    }
}
