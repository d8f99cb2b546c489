import CamProbe
import CaptureModel
import FoundationEssentials
import HostSystem
import ProfileFormat

#if canImport(Glibc)
    import Glibc
#endif

/// One file of the control-profile store, as `camprobe ctl --list-saved` shows it.
package struct SavedControlProfile: Sendable, Hashable, Codable {
    /// The device's stable ID as the file records it (the directory name when the file cannot be read).
    package var device: String
    /// The name given to `--save`.
    package var name: String
    package var path: String
    /// How many control values it holds; nil when the file could not be read.
    package var controls: Int?
    /// Modification time, seconds since the epoch (`stat(2)`'s `st_mtime`).
    package var modified: Int64?
    /// Why the file could not be read as a control profile; nil when it was.
    package var problem: String?
}

extension ControlProfileStore {
    /// Directories and files looked at, at most (a store is a few dozen files; a
    /// directory of thousands is not ours to walk).
    static let listingLimit = 4096

    /// Every saved profile, sorted by device then name: `opendir(3)` over the store's
    /// device directories, each `*.json` read (at most 1 MiB) and decoded. A file that
    /// cannot be read or decoded is listed with its `problem`, not skipped.
    package static func list(device: DeviceID? = nil) -> [SavedControlProfile] {
        var found: [SavedControlProfile] = []
        let root = directory
        let dirs =
            device.map { d in [safe(d.rawValue), legacySafe(d.rawValue)].reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            }
            ?? entries(root)
        for dir in dirs {
            for file in entries(root + "/" + dir) where file.hasSuffix(".json") {
                let path = root + "/" + dir + "/" + file
                var entry = SavedControlProfile(
                    device: dir, name: String(file.dropLast(5)), path: path, controls: nil, modified: modified(path), problem: nil)
                do throws(FileReadError) {
                    let bytes = try ReadFile.bytes(path, limit: 1 << 20)
                    do throws(ProfileReadError) {
                        let p = try JSONFileDecoding.decode(ControlProfile.self, from: bytes)
                        entry.device = p.device.rawValue
                        entry.name = p.name
                        entry.controls = p.controls.count
                    } catch {
                        entry.problem = notAProfile(error)
                    }
                } catch {
                    entry.problem = error.message
                }
                found.append(entry)
            }
        }
        return found.sorted { ($0.device, $0.name) < ($1.device, $1.name) }
    }

    /// Removes the profile saved as `name` for `device` (`unlink(2)`), then its device
    /// directory if that is now empty (`rmdir(2)`). Returns the removed file's path;
    /// nil when there was no such profile.
    package static func delete(device: DeviceID, name: String) throws(FileWriteError) -> String? {
        guard let file = existingPath(device: device, name: name) else { return nil }
        guard unlink(file) == 0 else { throw FileWriteError(path: file, message: Errno.message(errno)) }
        _ = rmdir(String(file[..<(file.lastIndex(of: "/") ?? file.endIndex)]))  // fails, harmlessly, while other profiles remain
        return file
    }

    private static func entries(_ dir: String) -> [String] { HostFiles.entries(dir, limit: listingLimit).sorted() }

    private static func modified(_ path: String) -> Int64? {
        var st = stat()
        return stat(path, &st) == 0 ? Int64(st.st_mtim.tv_sec) : nil
    }
}
