import CamProbe
import CaptureModel
import FoundationEssentials
import HostSystem
import ProfileFormat

#if canImport(Glibc)
    import Glibc
#endif

/// Saved control values of one device, kept under its stable ID so they can be
/// put back after a replug (`camprobe ctl --save/--restore`, `monitor --restore`).
///
/// File: `$XDG_CONFIG_HOME/camprobe/controls/<stable-id>/<name>.json` (default
/// `~/.config/…`; the ID and name as safe file names, `:` → `_`, files saved under
/// the older names with `:` still found), written atomically, readable by the user only (file 0600,
/// the directories camprobe creates 0700):
/// `{"schemaVersion": 1, "device": ID, "name": NAME, "controls": [{"id", "control", "value"}]}`.
package struct ControlProfile: Sendable, Hashable, Codable {
    package struct Entry: Sendable, Hashable, Codable {
        package var id: UInt32
        package var control: String
        package var value: Int64
    }
    package var schemaVersion = 1
    package var device: DeviceID
    package var name: String
    package var controls: [Entry]

    /// The writable, non-volatile integer-like controls of a node, as they are now.
    package init(device: DeviceID, name: String, controls: [Control]) {
        self.device = device
        self.name = name
        self.controls = controls.compactMap { c in
            guard case .integer(let v)? = c.value, !c.flags.contains(.readOnly), !c.flags.contains(.writeOnly),
                !c.flags.contains(.volatile), !c.flags.contains(.disabled), c.dimensions.isEmpty,
                ["int", "bool", "menu", "intmenu", "int64", "bitmask"].contains(c.type)
            else { return nil }
            return Entry(id: c.id, control: c.key, value: v)
        }
    }

    /// The writes that restore it: auto switches first; a manual value whose auto
    /// switch is saved as on is left to the camera (it would be refused).
    package func restorePlan() -> (writes: [ControlWrite], keptAutomatic: [String]) {
        let saved = Dictionary(controls.map { ($0.id, $0.value) }, uniquingKeysWith: { a, _ in a })
        var kept: [String] = []
        var writes: [ControlWrite] = []
        for e in controls where ControlID.autoSwitches.contains(e.id) {
            writes.append(ControlWrite(id: e.id, control: e.control, value: e.value, reason: "auto switch first"))
        }
        for e in controls where !ControlID.autoSwitches.contains(e.id) {
            let autoOn = ControlID.governs.contains { auto, governed in
                guard governed.contains(e.id), let v = saved[auto] else { return false }
                return !ControlID.releases(auto: auto, value: v)
            }
            if autoOn {
                kept.append(e.control)
                continue
            }
            writes.append(ControlWrite(id: e.id, control: e.control, value: e.value, reason: "saved value"))
        }
        return (writes, kept)
    }
}

extension ControlFlags {
    static let volatile = ControlFlags(rawValue: 0x80)
}

/// Where control profiles live.
package enum ControlProfileStore {
    package static var directory: String {
        if let x = getenv("XDG_CONFIG_HOME").map({ String(cString: $0) }), !x.isEmpty { return x + "/camprobe/controls" }
        let home = getenv("HOME").map { String(cString: $0) } ?? "/tmp"
        return home + "/.config/camprobe/controls"
    }

    package static func path(device: DeviceID, name: String) -> String {
        directory + "/" + safe(device.rawValue) + "/" + safe(name) + ".json"
    }

    /// Where camprobe before safe file names kept it (`:` in the device directory); still read and deleted.
    static func legacyPath(device: DeviceID, name: String) -> String {
        directory + "/" + legacySafe(device.rawValue) + "/" + legacySafe(name) + ".json"
    }

    /// The saved file that exists for `device` and `name`: the current name, else the legacy one; nil when neither does.
    static func existingPath(device: DeviceID, name: String) -> String? {
        [path(device: device, name: name), legacyPath(device: device, name: name)].first { access($0, F_OK) == 0 }
    }

    /// A stable ID or profile name as one path component safe on every file system (`SafeFileName`; no `:`).
    static func safe(_ s: String) -> String { SafeFileName.component(s) }

    /// The component earlier versions wrote: ASCII letters, digits and `-_.:@` kept, the rest `_`.
    static func legacySafe(_ s: String) -> String {
        String(s.map { c in (c.isLetter || c.isNumber || "-_.:@".contains(c)) && c.isASCII ? c : "_" })
    }

    package static func save(_ p: ControlProfile) throws(FileWriteError) -> String {
        let path = path(device: p.device, name: p.name)
        try AtomicFile.makeParentDirectories(for: path, mode: 0o700)  // readable by the user only
        let enc = JSONEncoder()
        enc.outputFormatting = [.prettyPrinted, .sortedKeys]
        let text = (try? enc.encode(p)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        try AtomicFile.write(text, to: path, mode: 0o600, exactMode: true)
        return path
    }

    /// What a file that is not a control profile is said to be: where it went wrong (a line, a key) and how.
    static func notAProfile(_ error: ProfileReadError) -> String { "not a camprobe control profile: \(error)" }

    /// The saved profile, nil when there is none; a clear error (with the line or the key) when it is unreadable.
    package static func load(device: DeviceID, name: String) throws(FileReadError) -> ControlProfile? {
        guard let path = existingPath(device: device, name: name) else { return nil }
        let bytes = try ReadFile.bytes(path, limit: 1 << 20)
        do throws(ProfileReadError) {
            return try JSONFileDecoding.decode(ControlProfile.self, from: bytes)
        } catch {
            throw FileReadError(path: path, message: ControlProfileStore.notAProfile(error))
        }
    }
}
