/// A hub between a camera and its root port, as sysfs describes it.
package struct USBHub: Sendable, Hashable, Codable {
    /// Which transaction translator a high-speed hub has (its device descriptor's `bDeviceProtocol`).
    package enum TransactionTranslator: String, Sendable, Hashable, Codable {
        /// `bDeviceProtocol` 1: one TT shared by every full-speed device below the hub.
        case single
        /// `bDeviceProtocol` 2: one TT per downstream port.
        case multi
        /// A full-speed hub, or a SuperSpeed one (no TT).
        case none
    }

    /// The hub's sysfs name (`1-1`, `1-1.4`).
    package var sysfsName: String
    /// Its `bDeviceProtocol` read as a TT kind.
    package var tt: TransactionTranslator

    package init(sysfsName: String, tt: TransactionTranslator) {
        self.sysfsName = sysfsName
        self.tt = tt
    }

    /// The TT kind of a hub's `bDeviceProtocol`.
    package static func tt(protocol p: UInt8) -> TransactionTranslator { p == 1 ? .single : p == 2 ? .multi : .none }
}

/// The host controller a bus hangs from: the PCI (or platform) device above the root hub.
package struct USBController: Sendable, Hashable, Codable {
    /// The name of its `driver` link (`xhci_hcd`, `ehci-pci`, `dwc2`, `xhci-mtk`…).
    package var driver: String
    /// PCI `vendor` and `device` files (`0x8086`, `0x1e31`), when it is a PCI device.
    package var pciVendor: UInt16?
    package var pciDevice: UInt16?
    /// Its sysfs name (`0000:00:14.0`, `fe9c0000.xhci`).
    package var sysfsName: String

    package init(driver: String, pciVendor: UInt16? = nil, pciDevice: UInt16? = nil, sysfsName: String = "") {
        self.driver = driver
        self.pciVendor = pciVendor
        self.pciDevice = pciDevice
        self.sysfsName = sysfsName
    }

    /// "xhci_hcd 8086:1e31 (0000:00:14.0)"
    package var summary: String {
        var s = driver.isEmpty ? "unknown driver" : driver
        if let v = pciVendor, let d = pciDevice { s += " " + hex4(v) + ":" + hex4(d) }
        if !sysfsName.isEmpty { s += " (\(sysfsName))" }
        return s
    }
}

/// Four lowercase hex digits.
package func hex4(_ v: UInt16) -> String {
    let h = String(v, radix: 16)
    return String(repeating: "0", count: max(0, 4 - h.count)) + h
}

/// Where a USB camera sits and what it can reserve: its bus, root port, hubs, link speed, controller, the alternate
/// settings of its streaming interfaces, and the one it holds now. Read from sysfs without root and without
/// streaming (`USBBusReader` in Udev), or from pasted `lsusb -v` / `lsusb -t`.
package struct USBLink: Sendable, Hashable, Codable {
    /// The device's sysfs name, `B-P.P…` (`1-1.4`).
    package var sysfsName: String
    /// `busnum`.
    package var bus: Int
    /// `devpath` (`1.4`): the first number is the root port.
    package var devpath: String
    /// `speed` in Mbit/s (1.5, 12, 480, 5000, …).
    package var speedMbps: Double
    /// What decided `speedMbps` when it was not read from sysfs ("lsusb -t: 5000M", "lsusb -v: bcdUSB 3.20"); nil
    /// when sysfs gave it.
    package var speedEvidence: String?
    /// The hubs from the root port down to the camera, nearest the root first.
    package var hubs: [USBHub]
    /// The controller of the bus; nil when not known (a pasted `lsusb` without it).
    package var controller: USBController?
    /// Every alternate setting of its video-streaming interfaces (raw `descriptors`). Below SuperSpeed without their
    /// SuperSpeed companions (`USBStreamingAlt.atHighSpeed`): a USB 3 camera on a USB 2 port streams by its
    /// high-speed table.
    package var alts: [USBStreamingAlt]
    /// `bAlternateSetting` of the streaming interface now: nonzero while an isochronous camera streams.
    package var currentAlt: UInt8?

    package init(
        sysfsName: String, bus: Int, devpath: String, speedMbps: Double, hubs: [USBHub] = [], controller: USBController? = nil,
        alts: [USBStreamingAlt] = [], currentAlt: UInt8? = nil, speedEvidence: String? = nil
    ) {
        self.sysfsName = sysfsName
        self.bus = bus
        self.devpath = devpath
        self.speedMbps = speedMbps
        self.hubs = hubs
        self.controller = controller
        self.alts = speedMbps > 481 ? alts : alts.map(\.atHighSpeed)
        self.currentAlt = currentAlt
        self.speedEvidence = speedEvidence
    }

    /// The root port: the first number of `devpath`.
    package var rootPort: Int { Int(devpath.split(separator: ".").first ?? "") ?? 0 }
    /// Full or low speed (12 Mbit/s or less).
    package var isFullSpeed: Bool { speedMbps < 13 }
    /// SuperSpeed or faster.
    package var isSuperSpeed: Bool { speedMbps > 481 }

    /// The hub whose transaction translator a full-speed camera uses: the nearest high-speed hub above it
    /// (a full- or low-speed device behind a high-speed hub), with the port below it for a multi-TT hub.
    package var translator: (hub: USBHub, port: String?)? {
        guard isFullSpeed, let hub = hubs.last(where: { $0.tt != .none }) else { return nil }
        guard hub.tt == .multi else { return (hub, nil) }
        // The camera's path below the hub: the next component after the hub's own path.
        let below = sysfsName.dropFirst(hub.sysfsName.count).drop { $0 == "." }
        return (hub, String(below.split(separator: ".").first ?? ""))
    }

    /// The streaming setting held now, when nonzero.
    package var heldAlt: USBStreamingAlt? {
        guard let c = currentAlt, c != 0 else { return nil }
        return alts.first { $0.alt == c && $0.endpoint != nil }
    }
}
