import CaptureModel
import FoundationEssentials
import HostSystem

#if canImport(Glibc)
    import Glibc
#endif

/// The alternate settings a camera model was seen to hold, mode by mode (`camprobe verify --measure-usb`): measured
/// once per model and firmware (`idVendor:idProduct:bcdDevice`), so joint plans use them instead of assuming.
///
/// File: `$XDG_CONFIG_HOME/camprobe/bandwidth/VVVV-PPPP-BBBB.json` (default `~/.config/camprobe/bandwidth/…`).
package struct MeasuredReservations: Codable, Sendable, Hashable {
    /// `046d:0828:0010`: the USB IDs and `bcdDevice` (firmware) the settings were seen on.
    package var model: String
    /// The camera's name when measured (for a person reading the file).
    package var name: String
    /// The setting held per mode, by `JointCamera.modeKey` ("MJPG 1280x720@30").
    package var alts: [String: UInt8]

    package init(model: String, name: String, alts: [String: UInt8] = [:]) {
        self.model = model
        self.name = name
        self.alts = alts
    }

    /// `idVendor:idProduct:bcdDevice` of the USB device at sysfs `path` (the device or anything below it); nil when
    /// it is not a USB device.
    package static func model(ofSysfs path: String) -> String? {
        var dir = path
        for _ in 0..<8 {
            if let v = text(dir + "/idVendor"), let p = text(dir + "/idProduct") {
                return "\(v):\(p):\(text(dir + "/bcdDevice") ?? "0000")"
            }
            guard let slash = dir.lastIndex(of: "/"), slash != dir.startIndex else { return nil }
            dir = String(dir[..<slash])
        }
        return nil
    }

    static func text(_ path: String) -> String? {
        guard case .success(let bytes) = HostFiles.read(path, limit: 64) else { return nil }
        let t = String(decoding: bytes, as: UTF8.self).filter { !$0.isWhitespace }
        return t.isEmpty ? nil : t.lowercased()
    }

    /// `$XDG_CONFIG_HOME/camprobe/bandwidth` (default `~/.config/camprobe/bandwidth`).
    package static var directory: String {
        if let x = getenv("XDG_CONFIG_HOME").map({ String(cString: $0) }), !x.isEmpty { return x + "/camprobe/bandwidth" }
        return (getenv("HOME").map { String(cString: $0) } ?? "/tmp") + "/.config/camprobe/bandwidth"
    }

    /// Where the measurements of `model` are kept.
    package static func path(model: String, in directory: String = directory) -> String {
        directory + "/" + String(model.map { $0 == ":" ? "-" : $0 }) + ".json"
    }

    /// The measurements of `model`, nil when there are none (or the file is not one: it is then ignored, as unknown).
    package static func load(model: String, from directory: String = directory) -> MeasuredReservations? {
        guard case .success(let bytes) = HostFiles.read(path(model: model, in: directory), limit: 1 << 20) else { return nil }
        guard let m = try? JSONDecoder().decode(MeasuredReservations.self, from: Data(bytes)), m.model == model else { return nil }
        return m
    }

    /// Saves these measurements over earlier ones of the same model (modes measured before and not now are kept).
    @discardableResult
    package func save(in directory: String = directory) throws(FileWriteError) -> String {
        var merged = self
        if let earlier = Self.load(model: model, from: directory) { merged.alts = earlier.alts.merging(alts) { _, now in now } }
        let path = Self.path(model: model, in: directory)
        try AtomicFile.makeParentDirectories(for: path, mode: 0o700)
        let enc = JSONEncoder()
        enc.outputFormatting = [.prettyPrinted, .sortedKeys]
        let text = (try? enc.encode(merged)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        try AtomicFile.write(text, to: path, mode: 0o644)
        return path
    }
}
