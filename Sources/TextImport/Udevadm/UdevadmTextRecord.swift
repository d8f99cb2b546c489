import CaptureModel

/// One value read from udevadm text, with the 1-based line it stands on.
struct UdevadmTextValue: Sendable, Equatable {
    var text: String
    var line: Int
}

/// One sysfs device of an attribute walk (`looking at device '…':` or `looking at parent device '…':`),
/// or the device a `--query=all` record describes.
struct UdevadmTextBlock: Sendable {
    /// The sysfs path below `/sys`, `/devices/…`.
    var devpath: UdevadmTextValue?
    /// `KERNEL`/`KERNELS`, or `M:`.
    var kernel: UdevadmTextValue?
    /// `SUBSYSTEM`/`SUBSYSTEMS`, or `U:`.
    var subsystem: UdevadmTextValue?
    /// `DRIVER`/`DRIVERS`, or `V:`; absent when the text shows it empty.
    var driver: UdevadmTextValue?
    /// `ATTR{name}`/`ATTRS{name}`, by name; the first of a repeated name is kept.
    var attributes: [String: UdevadmTextValue] = [:]
}

/// One record of `udevadm info` text: a `--query=all` record (`P:`, `N:`, `S:`, `E:` lines) or a whole
/// `--attribute-walk` (the device and its parents).
struct UdevadmTextRecord: Sendable {
    /// The line the record starts on.
    var line: Int
    /// Whether it is an attribute walk.
    var walk: Bool
    /// The device itself.
    var device = UdevadmTextBlock()
    /// `N:` as a path below `/dev`.
    var devnode: UdevadmTextValue?
    /// `S:` as paths below `/dev`.
    var links: [UdevadmTextValue] = []
    /// `E: KEY=VALUE`, by key; the first of a repeated key is kept.
    var properties: [String: UdevadmTextValue] = [:]
    /// The parent devices of an attribute walk, nearest first.
    var parents: [UdevadmTextBlock] = []
    /// Lines skipped in a partial import.
    var problems: [Problem] = []

    init(line: Int, walk: Bool) {
        self.line = line
        self.walk = walk
    }

    /// The device's sysfs path: `P:`, the walk's device, or `DEVPATH`.
    var devpath: UdevadmTextValue? { device.devpath ?? properties["DEVPATH"] }

    /// The kernel's name of the device: `M:`, `KERNEL`, or the devpath's last component.
    var kernel: UdevadmTextValue? {
        if let k = device.kernel { return k }
        guard let p = devpath, let last = p.text.split(separator: "/").last else { return nil }
        return UdevadmTextValue(text: String(last), line: p.line)
    }

    /// `U:`, `SUBSYSTEM`, or the class directory the devpath passes through.
    var subsystem: UdevadmTextValue? {
        if let s = device.subsystem ?? properties["SUBSYSTEM"] { return s }
        guard let p = devpath else { return nil }
        let parts = p.text.split(separator: "/")
        if parts.contains("video4linux") { return UdevadmTextValue(text: "video4linux", line: p.line) }
        if parts.contains("sound") { return UdevadmTextValue(text: "sound", line: p.line) }
        if let last = parts.last, last.hasPrefix("media"), last.dropFirst(5).allSatisfy(\.isNumber), last.count > 5 {
            return UdevadmTextValue(text: "media", line: p.line)
        }
        return nil
    }

    /// The node's path: `N:`, `DEVNAME`, or the kernel name under `/dev` (`/dev/snd/` for sound).
    var nodePath: UdevadmTextValue? {
        if let n = devnode ?? properties["DEVNAME"] { return n }
        guard let k = kernel, let s = subsystem?.text else { return nil }
        switch s {
        case "video4linux", "media": return UdevadmTextValue(text: "/dev/" + k.text, line: k.line)
        case "sound" where k.text.hasPrefix("controlC"): return UdevadmTextValue(text: "/dev/snd/" + k.text, line: k.line)
        default: return nil
        }
    }

    /// Whether anything but the first line was read.
    var isEmpty: Bool {
        devpath == nil && devnode == nil && links.isEmpty && properties.isEmpty && parents.isEmpty && device.kernel == nil
            && device.subsystem == nil && device.attributes.isEmpty
    }
}
