import ArgumentParser
import CamProbe
import UdevRules

#if canImport(Glibc)
    import Glibc
#endif

struct UdevRuleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "udev-rule",
        abstract: "Print a udev rule that gives a camera a fixed symlink, /dev/NAME, whatever /dev/videoN it gets.",
        discussion: """
            The rule matches what stays the same for that camera: USB vendor, product and serial number; without a \
            serial, the USB port (the rule then follows the port); for platform and PCI devices, the parent device and \
            the node's name. Only the capture node (ATTR{index}=="0") gets the link. The output is the whole rules \
            file, with comments saying what it follows, where to put it (/etc/udev/rules.d/99-camprobe-NAME.rules) \
            and how to reload udev. Changes nothing.
            """
    ).underCamprobe

    @Argument(help: "Index, stable ID, node path, by-id link or a unique part of the name.")
    var device: String?

    @Option(name: .long, help: "The link's name under /dev (default: camprobe-<stable id>).")
    var name: String?

    @OptionGroup var sources: TextSourceOptions

    func validate() throws {
        if let name, !UdevRule.isValidName(name) {
            throw ValidationError("--name '\(name)': use 1–64 of A-Z a-z 0-9 . _ - (not starting with . or -)")
        }
    }

    func run() throws {
        let source = try sources.deviceSource()
        let d = try source.resolve(device)
        // The node's sysfs name tells apart devices that share a platform parent (vivid); only read on a live machine.
        let nodeName =
            source.profile.isEmpty && CLIEnvironment.current.isLive
            ? d.captures.first.flatMap { Self.sysfsName(of: $0.path) } : nil
        switch UdevRule.make(device: d, name: name, nodeName: nodeName) {
        case .success(let rule): print(rule.text, terminator: "")
        case .failure(let e): throw CLIError(message: e.message)
        }
    }

    /// `/sys/class/video4linux/videoN/name` for `/dev/videoN` (first line, at most 255 bytes); nil when unreadable.
    static func sysfsName(of node: String) -> String? {
        guard node.hasPrefix("/dev/video"), let base = node.split(separator: "/").last else { return nil }
        guard let f = fopen("/sys/class/video4linux/\(base)/name", "r") else { return nil }
        defer { fclose(f) }
        var buf = [CChar](repeating: 0, count: 256)
        guard fgets(&buf, Int32(buf.count), f) != nil else { return nil }
        let s = String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let trimmed = s.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        return trimmed.isEmpty ? nil : trimmed
    }
}
