import CaptureModel

/// A udev rule that gives a camera's capture node a fixed symlink, `/dev/NAME`, matched on what stays the
/// same for that camera across reboots and replugs.
///
/// - USB with a serial number: `ATTRS{idVendor}`, `ATTRS{idProduct}` and `ATTRS{serial}`: the link follows
///   the camera to any port.
/// - USB without a serial: `ATTRS{idVendor}`, `ATTRS{idProduct}` and `KERNELS` (the USB port path, e.g.
///   `1-2.3`): the link follows the port, and two identical cameras on two ports get two rules.
/// - Anything else (platform, PCI): `KERNELS` and `SUBSYSTEMS` of the physical parent, plus the node's sysfs
///   `name` when it is known (vivid's instances share one platform parent and differ only there).
///
/// Every rule also needs `SUBSYSTEM=="video4linux"` and `ATTR{index}=="0"`, so only the capture node (not the
/// metadata node of a UVC camera) gets the link.
package enum UdevRule {
    /// What the rule matches on.
    package enum Follows: String, Sendable, Hashable {
        /// USB vendor, product and serial: the camera itself.
        case serial
        /// USB vendor, product and the port path: the camera on that port.
        case usbPort = "usb-port"
        /// The platform or PCI parent device (and the node's name when known).
        case parent
    }

    /// A built rule.
    package struct Rule: Sendable, Hashable {
        /// The symlink under `/dev`.
        package var name: String
        /// What the rule matches on.
        package var follows: Follows
        /// The rules file to write: `/etc/udev/rules.d/99-camprobe-NAME.rules`.
        package var file: String
        /// The whole file: comments (what it follows, where to put it, how to reload) and one rule line.
        package var text: String
    }

    /// Why no rule could be made.
    package struct BuildError: Error, Sendable, Hashable, CustomStringConvertible {
        package var message: String
        package var description: String { message }
    }

    /// `camprobe-<stable id>` with anything but `A-Za-z0-9._-` turned into `-` (`camprobe-usb-046d-0826-8E4B3C60`).
    package static func defaultName(for id: DeviceID) -> String {
        var s = ""
        for c in id.rawValue.unicodeScalars {
            let ok = c.isASCII && (("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c) || c == "." || c == "_")
            let ch: Character = ok ? Character(c) : "-"
            if ch == "-" && s.hasSuffix("-") { continue }
            s.append(ch)
        }
        while s.hasSuffix("-") { s.removeLast() }
        return "camprobe-" + s
    }

    /// True when `name` can be a link under `/dev` and part of a rules file name: 1–64 of `A-Za-z0-9._-`,
    /// not starting with `.` or `-`.
    package static func isValidName(_ name: String) -> Bool {
        guard (1...64).contains(name.count), let first = name.unicodeScalars.first, first != ".", first != "-" else { return false }
        return name.unicodeScalars.allSatisfy { c in
            c.isASCII && (("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c) || c == "." || c == "_" || c == "-")
        }
    }

    /// A value as a udev match string: characters udev would take as glob syntax or could not hold inside
    /// `"…"` (`*?[]|"\`, control and non-ASCII characters) become `?` (matches any one character).
    static func matchValue(_ v: String) -> (text: String, changed: Bool) {
        var out = ""
        var changed = false
        for c in v.unicodeScalars {
            if !c.isASCII || c.value < 0x20 || c.value == 0x7F || "*?[]|\"\\".unicodeScalars.contains(c) {
                out.append("?")
                changed = true
            } else {
                out.unicodeScalars.append(c)
            }
        }
        return (out, changed)
    }

    /// Builds the rule for `device`. `name` is the symlink (default `defaultName(for:)`); `nodeName` is the
    /// capture node's sysfs `name` attribute when it could be read (used for non-USB parents). Pure.
    package static func make(device d: Device, name: String? = nil, nodeName: String? = nil) -> Result<Rule, BuildError> {
        let link = name ?? defaultName(for: d.id)
        guard isValidName(link) else {
            return .failure(
                BuildError(
                    message: "'\(link)' cannot be a link name: use 1–64 of A-Z a-z 0-9 . _ - (not starting with . or -)"))
        }
        let identity = d.identity
        let parentKernel = identity.physicalPath.flatMap { p in p.split(separator: "/").last.map(String.init) }
        var match = [#"SUBSYSTEM=="video4linux""#, #"ATTR{index}=="0""#]
        var comments: [String] = []
        var replaced = false
        func add(_ key: String, _ value: String) {
            let (text, changed) = matchValue(value)
            replaced = replaced || changed
            match.append("\(key)==\"\(text)\"")
        }
        let follows: Follows
        if d.transport.kind == .usb, let vid = identity.vendorID, let pid = identity.productID {
            add("ATTRS{idVendor}", vid)
            add("ATTRS{idProduct}", pid)
            if let serial = identity.serial, !serial.isEmpty {
                add("ATTRS{serial}", serial)
                follows = .serial
                comments.append(
                    "# Follows the camera by its USB vendor, product and serial number: the link stays when it moves to another port.")
            } else if let port = parentKernel {
                add("KERNELS", port)
                follows = .usbPort
                comments.append(
                    "# This camera has no USB serial number, so the rule follows the port (KERNELS, the USB port path \(port)):")
                comments.append("# plugged into another port it gets no link; two identical cameras need one rule per port.")
            } else {
                return .failure(
                    BuildError(
                        message:
                            "\(d.name) has no USB serial number and its USB port path is not known (a profile without it?): no rule can tell it apart"
                    ))
            }
        } else if let parent = parentKernel, let bus = parentBus(d) {
            add("KERNELS", parent)
            add("SUBSYSTEMS", bus)
            if let nodeName, !nodeName.isEmpty { add("ATTR{name}", nodeName) }
            follows = .parent
            comments.append(
                "# Follows the \(bus) device \(parent) (KERNELS, its sysfs name)"
                    + (nodeName.map { $0.isEmpty ? "" : " and the node's name \"\($0)\" (ATTR{name})" } ?? "")
                    + ": there is no USB vendor, product or serial to match.")
        } else {
            return .failure(
                BuildError(
                    message:
                        "\(d.name) has no identity to match on (no USB vendor/product and no physical parent device recorded): "
                        + "no udev rule can name it. A profile made without udev facts cannot give one; run this on the machine with the camera."
                ))
        }
        if replaced { comments.append("# Characters udev cannot match literally were replaced by ? (any one character).") }
        match.append("SYMLINK+=\"\(link)\"")
        let file = "/etc/udev/rules.d/99-camprobe-\(link.hasPrefix("camprobe-") ? String(link.dropFirst("camprobe-".count)) : link).rules"
        var lines = [
            "# camprobe udev rule for \"\(sanitizeComment(d.name))\" (\(sanitizeComment(d.id.rawValue))): links its capture node to /dev/\(link)"
        ]
        lines += comments
        lines += [
            "# Install: save this as \(file) (camprobe udev-rule DEVICE | sudo tee \(file))",
            "# Reload: sudo udevadm control --reload && sudo udevadm trigger",
            match.joined(separator: ", "),
        ]
        return .success(Rule(name: link, follows: follows, file: file, text: lines.joined(separator: "\n") + "\n"))
    }

    /// The sysfs bus of the physical parent, from the transport (`platform`, `pci`, …); nil when unknown.
    static func parentBus(_ d: Device) -> String? {
        let k = d.transport.kind.rawValue
        return k.isEmpty || k == "virtual" || k == "unknown" ? nil : k
    }

    /// A name inside a `#` comment: no line breaks or control characters.
    static func sanitizeComment(_ s: String) -> String {
        String(String.UnicodeScalarView(s.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : $0 }))
    }
}
