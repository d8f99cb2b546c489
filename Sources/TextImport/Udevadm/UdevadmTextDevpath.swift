import CaptureModel

/// What a sysfs device path (`/devices/pci0000:00/0000:00:14.0/usb1/1-1/1-1.2/1-1.2:1.0/video4linux/video0`)
/// tells of the physical device, by the kernel's naming alone.
struct UdevadmTextDevpath: Sendable, Equatable {
    private let parts: [Substring]

    init(_ path: String) { parts = path.split(separator: "/") }

    /// The index of the USB device the path passes through (`1-1.2`; its interfaces `1-1.2:1.0` are not devices).
    private var usbIndex: Int? {
        guard let bus = parts.firstIndex(where: Self.isUSBBus) else { return nil }
        return parts[bus...].lastIndex { p in
            let halves = p.split(separator: "-", omittingEmptySubsequences: false)
            return halves.count == 2 && !halves[0].isEmpty && halves[0].allSatisfy(\.isASCIIDigit)
                && halves[1].split(separator: ".", omittingEmptySubsequences: false).allSatisfy {
                    !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit)
                }
        }
    }

    /// The USB device's path, `/devices/…/usb1/1-1/1-1.2`.
    var usbDevice: String? { usbIndex.map { path(through: $0) } }

    /// The physical parent of a device that is not on USB: the path before its class directory
    /// (`video4linux`, `sound`) or media node; nil under `/devices/virtual` or when there is none.
    var parent: String? {
        guard usbIndex == nil else { return usbDevice }
        guard let i = parts.firstIndex(where: { $0 == "video4linux" || $0 == "sound" || Self.isMediaNode($0) }), i >= 2,
            parts[1] != "virtual"
        else { return nil }
        return path(through: i - 1)
    }

    /// The bus the path says the device is on: usb, pci (a PCI function's address), platform, virtual; nil otherwise.
    var kind: TransportKind? {
        if usbIndex != nil { return .usb }
        if parts.count > 1, parts[1] == "virtual" { return .virtual }
        guard let p = parent, let last = p.split(separator: "/").last else { return nil }
        if Self.isPCIAddress(last) { return .pci }
        if parts.count > 1, parts[1] == "platform" { return .platform }
        return nil
    }

    /// The USB host controller's name (the component before `usbN`), and the port chain (`1.2` of `1-1.2`).
    private var usbPort: (controller: Substring, chain: Substring)? {
        guard let i = usbIndex, let bus = parts[..<i].lastIndex(where: Self.isUSBBus),
            bus >= 1, parts[bus - 1] != "devices", let dash = parts[i].firstIndex(of: "-")
        else { return nil }
        return (parts[bus - 1], parts[i][parts[i].index(after: dash)...])
    }

    /// The V4L2 bus_info a USB video driver reports (`usb_make_path`): `usb-0000:00:14.0-1.2`.
    var usbBusInfo: String? { usbPort.map { "usb-\($0.controller)-\($0.chain)" } }

    /// udev's ID_PATH of the physical device, as discovery computes it: `pci-0000:00:14.0-usb-0:1.2`,
    /// `platform-fe801000.csi`; nil when the path does not say the controller's bus.
    var portPath: String? {
        if let (controller, chain) = usbPort {
            if Self.isPCIAddress(controller) { return "pci-\(controller)-usb-0:\(chain)" }
            if parts.count > 1, parts[1] == "platform" { return "platform-\(controller)-usb-0:\(chain)" }
            return nil
        }
        guard usbIndex == nil, let p = parent, let last = p.split(separator: "/").last, let k = kind, k == .pci || k == .platform
        else { return nil }
        return "\(k.rawValue)-\(last)"
    }

    private func path(through i: Int) -> String { "/" + parts[...i].joined(separator: "/") }

    static func isMediaNode(_ s: Substring) -> Bool { s.count > 5 && s.hasPrefix("media") && s.dropFirst(5).allSatisfy(\.isASCIIDigit) }

    /// `0000:00:14.0`.
    static func isPCIAddress(_ s: Substring) -> Bool {
        let f = s.split(separator: ":", omittingEmptySubsequences: false)
        guard f.count == 3, f[0].count == 4, f[1].count == 2, f[0].allSatisfy(\.isHexDigit), f[1].allSatisfy(\.isHexDigit) else {
            return false
        }
        let df = f[2].split(separator: ".", omittingEmptySubsequences: false)
        return df.count == 2 && df[0].count == 2 && df[0].allSatisfy(\.isHexDigit) && df[1].count == 1 && df[1].allSatisfy(\.isHexDigit)
    }

    /// `usb1`: a USB bus (its root hub).
    static func isUSBBus(_ s: Substring) -> Bool { s.count > 3 && s.hasPrefix("usb") && s.dropFirst(3).allSatisfy(\.isASCIIDigit) }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
