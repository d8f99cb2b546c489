import CamProbe
import ProfileFormat

#if canImport(Glibc)
    import Glibc
#endif

/// Where each imported profile goes when `-o` is a folder (or absent): its ID's file name, unless
/// that name is already taken by another camera — earlier in this import, or on disk by a profile
/// that describes a different camera — in which case the ID gets `-2`, `-3`… and a note says so.
/// A profile on disk that describes the same camera is left for `ProfileOutput` to refuse without
/// `--force`: re-importing never makes a copy, and replacing still needs `--force`.
struct ImportPlacement {
    var format: any ProfileCodec
    var output: String?
    var force: Bool
    /// Paths given to earlier devices of this import.
    private(set) var taken: Set<String> = []

    init(format: any ProfileCodec, output: String?, force: Bool) {
        self.format = format
        self.output = output
        self.force = force
    }

    /// Gives `device` an ID whose file is free for it; returns a note when the ID changed.
    mutating func place(_ device: inout Device) -> String? {
        guard output != "-", device.id.rawValue.hasPrefix("imported-") else { return nil }
        let first = ProfilePaths.destination(output, id: device.id, format: format)
        // `-o FILE` names the file itself: nothing to choose.
        guard first.hasSuffix(ProfilePaths.fileName(for: device.id, format: format)), first != output else { return nil }
        let base = device.id.rawValue
        var path = first
        var n = 1
        while n < 1000 && (taken.contains(path) || (!force && existsWithAnotherCamera(path, device))) {
            n += 1
            device.id = DeviceID("\(base)-\(n)")
            path = ProfilePaths.destination(output, id: device.id, format: format)
        }
        taken.insert(path)
        guard n > 1 else { return nil }
        return "\(first) already holds another camera; this one (\(device.name)) is \(path)"
    }

    /// A profile is at `path` and it describes a camera other than `device` (compared as both read
    /// back from JSON, where the file came from and the ID aside).
    private func existsWithAnotherCamera(_ path: String, _ device: Device) -> Bool {
        guard access(path, F_OK) == 0 else { return false }
        guard let existing = try? ProfileFile.load(path) else { return true }
        return Self.comparable(existing, id: device.id) != Self.comparable(device, id: device.id)
    }

    private static func comparable(_ device: Device, id: DeviceID) -> String? {
        var d = device
        d.id = id
        d.provenance = nil
        let text = JSONProfile.write(DeviceDocument(generator: "", device: d))
        guard let again = try? JSONProfile.read(Array(text.utf8)) else { return nil }
        return JSONProfile.write(again)
    }
}
