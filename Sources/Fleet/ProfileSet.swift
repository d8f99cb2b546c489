import CamProbe
import CaptureModel
import ProfileFormat

#if canImport(Glibc)
    import Glibc
#endif

/// Many profiles at once (`profile diff A B C…`, a folder of them): files and
/// folders in, devices out, with every file that was not used named and why.
package struct ProfileSet: Sendable {
    /// One loaded profile: the file and its device.
    package struct Member: Sendable {
        package var file: String
        package var device: Device
        package var fingerprint: CapabilityFingerprint
    }

    package private(set) var members: [Member] = []
    /// Files named, or profile files (`.json`, `.xml`: `ProfileCodecs.all`) in a folder, that could not be read as profiles, and why.
    package private(set) var skipped: [(file: String, reason: String)] = []
    /// Other entries of the folders named (not profile files, folders), left alone, and why.
    package private(set) var ignored: [(file: String, reason: String)] = []

    /// Loads every file named, and every profile file (by extension, `ProfileCodecs.all`) directly inside every folder named (sorted by name).
    /// Folders are read by `ProfileDirectory` (`stat(2)`, `opendir(3)`).
    package init(paths: [String]) {
        for p in paths {
            guard ProfileDirectory.isDirectory(p) else {
                load(p)
                continue
            }
            let (files, passed) = ProfileDirectory.files(in: p)
            ignored += passed.map { ($0.path, $0.reason) }
            for f in files {
                if ProfileCodecs.codec(forPath: f) != nil {
                    load(f)
                } else {
                    ignored.append((f, "not a \(ProfileCodecs.extensions()) file"))
                }
            }
            if files.isEmpty && passed.isEmpty { skipped.append((p, "an empty or unreadable folder")) }
        }
    }

    mutating func load(_ path: String) {
        do throws(ProfileFile.LoadError) {
            let d = try ProfileFile.load(path)
            members.append(Member(file: path, device: d, fingerprint: CapabilityFingerprint(of: d)))
        } catch {
            skipped.append((path, error.message))
        }
    }

    /// Members grouped by model (`modelID`, else driver and name), then by fingerprint; each model's
    /// groups largest first (ties: the one seen first), so the first group is the usual one.
    package var byModel: [(model: String, groups: [[Member]])] {
        var models: [String] = []
        var members: [String: [Member]] = [:]
        for m in self.members {
            let driver = m.device.captures.first?.identity.driver ?? m.device.audio.first?.driver ?? ""
            let key = m.device.modelID.map { "\($0) \(m.device.name)" } ?? (driver.isEmpty ? m.device.name : "\(driver) \(m.device.name)")
            if members[key] == nil { models.append(key) }
            members[key, default: []].append(m)
        }
        return models.map { model in
            var order: [String] = []
            var groups: [String: [Member]] = [:]
            for m in members[model] ?? [] {
                if groups[m.fingerprint.value] == nil { order.append(m.fingerprint.value) }
                groups[m.fingerprint.value, default: []].append(m)
            }
            let sorted = order.enumerated().sorted { a, b in
                let (ca, cb) = (groups[a.element]?.count ?? 0, groups[b.element]?.count ?? 0)
                return ca != cb ? ca > cb : a.offset < b.offset
            }
            return (model, sorted.compactMap { groups[$0.element] })
        }
    }
}
