import ArgumentParser
import CamProbe
import HostSystem
import KeptControls
import ProfileFormat

#if canImport(Glibc)
    import Glibc
#endif

/// `ctl --list-saved [DEVICE]` and `ctl DEVICE --delete NAME`: the control-profile store.
extension Ctl {
    /// The stable ID `device` names: a present camera (or profile) as everywhere else, else
    /// text that is itself the stable ID of saved profiles (a camera that is not plugged in).
    func savedProfileOwner(_ device: String) throws -> DeviceID {
        let asID = DeviceID(device)
        if !ControlProfileStore.list(device: asID).isEmpty { return asID }
        do { return try source.resolve(device).id } catch {
            let why = (error as? CLIError)?.message ?? "\(error)"
            throw CLIError(
                message: "no controls are saved under '\(device)', and it names no camera here (\(why)); see 'camprobe ctl --list-saved'")
        }
    }

    func listSavedProfiles() throws {
        let owner = try device.map(savedProfileOwner)
        let saved = ControlProfileStore.list(device: owner)
        if source.json {
            struct Saved: Encodable {
                var schemaVersion = 1
                var directory: String
                var saved: [SavedControlProfile]
            }
            return try JSONOutput.print(Saved(directory: ControlProfileStore.directory, saved: saved))
        }
        guard !saved.isEmpty else {
            let whose = owner.map { " for \($0)" } ?? ""
            print("No control profiles saved\(whose) (in \(ControlProfileStore.directory)); save one with: camprobe ctl DEVICE --save NAME")
            return
        }
        let rows = saved.map { p -> [String] in
            [p.device, p.name, p.controls.map(String.init) ?? "-", p.modified.map(Ctl.dateText) ?? "-", p.problem ?? p.path]
        }
        let header = ["DEVICE", "NAME", "CONTROLS", "SAVED (UTC)", "FILE"]
        let widths = header.indices.map { i in ([header[i]] + rows.map { $0[i] }).map(\.count).max() ?? 0 }
        func line(_ cells: [String]) -> String {
            zip(cells, widths).enumerated().map { i, c in i == cells.count - 1 ? c.0 : Terminal.pad(c.0, c.1) }.joined(separator: "  ")
        }
        print(Terminal.bold(line(header)))
        for r in rows { print(line(r)) }
    }

    func deleteSaved(_ name: String) throws {
        guard let device else { throw ValidationError("name the DEVICE whose saved profile '\(name)' to delete") }
        let owner = try savedProfileOwner(device)
        let removed: String?
        do throws(FileWriteError) { removed = try ControlProfileStore.delete(device: owner, name: name) } catch {
            throw CLIError(message: error.description)
        }
        guard let removed else {
            let names = ControlProfileStore.list(device: owner).map(\.name)
            let known = names.isEmpty ? "none is saved for it" : "saved for it: " + names.joined(separator: ", ")
            throw CLIError(message: "no control profile '\(name)' saved for \(owner); \(known) (see 'camprobe ctl --list-saved')")
        }
        print("Deleted control profile '\(name)' of \(owner) (\(removed))")
    }

    /// `2026-11-24 10:00`, UTC, from seconds since the epoch (`gmtime_r(3)`).
    static func dateText(_ seconds: Int64) -> String {
        var t = time_t(seconds)
        var tm = tm()
        gmtime_r(&t, &tm)
        func two(_ v: Int32) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(tm.tm_year + 1900)-\(two(tm.tm_mon + 1))-\(two(tm.tm_mday)) \(two(tm.tm_hour)):\(two(tm.tm_min))"
    }
}
