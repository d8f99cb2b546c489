import CaptureModel

/// Reads a USB camera's place on the bus from sysfs, without root and without streaming: its streaming alternate
/// settings from the raw `descriptors` file, `speed`, `busnum`, `devpath`, the hubs above it (`bDeviceClass` 09, their
/// `bDeviceProtocol` for the TT kind), the controller above the root hub (its `driver` link, PCI `vendor` and `device`)
/// and the alternate setting its streaming interface holds now (`bAlternateSetting`).
package struct USBBusReader: Sendable {
    /// Where sysfs is mounted (`/sys`; a fixture directory in tests).
    package var root: String
    package var files: any USBSysfsFiles

    package init(root: String = "/sys", files: any USBSysfsFiles = SystemUSBSysfsFiles()) {
        self.root = root
        self.files = files
    }

    /// The link of USB device `name` (`1-1.4`, as `/sys/bus/usb/devices` lists it) or of a sysfs path inside it
    /// (an interface, or a video node's `device` directory); nil when it is not a USB device.
    package func link(_ nameOrPath: String) -> USBLink? {
        let start = nameOrPath.hasPrefix("/") ? nameOrPath : root + "/bus/usb/devices/" + nameOrPath
        guard var dir = files.resolved(start) else { return nil }
        // From an interface (`1-1.4:1.0`) or below it, climb to the device.
        while let last = dir.split(separator: "/").last, !USBBusReader.isDevice(String(last)) {
            guard let up = USBBusReader.parent(dir) else { return nil }
            dir = up
        }
        let name = String(dir.split(separator: "/").last ?? "")
        guard let bus = files.text(dir + "/busnum").flatMap({ Int($0) }), let devpath = files.text(dir + "/devpath") else { return nil }
        let speed = files.text(dir + "/speed").flatMap { Double($0) } ?? 480
        let descriptors = USBDescriptors(parsing: files.bytes(dir + "/descriptors", limit: 1 << 20) ?? [])
        var hubs: [USBHub] = []
        var up = USBBusReader.parent(dir)
        var rootHub: String?
        while let p = up, let last = p.split(separator: "/").last {
            let n = String(last)
            if n.hasPrefix("usb") {
                rootHub = p
                break
            }
            guard USBBusReader.isDevice(n) else { break }
            if files.text(p + "/bDeviceClass") == "09" {
                let proto = files.text(p + "/bDeviceProtocol").flatMap { UInt8($0, radix: 16) } ?? 0
                hubs.insert(USBHub(sysfsName: n, tt: USBHub.tt(protocol: proto)), at: 0)
            }
            up = USBBusReader.parent(p)
        }
        return USBLink(
            sysfsName: name, bus: bus, devpath: devpath, speedMbps: speed, hubs: hubs,
            controller: rootHub.flatMap { controller(ofRootHub: $0) },
            alts: descriptors.streaming, currentAlt: currentAlt(dir, name: name))
    }

    /// The controller above a root hub directory (`…/0000:00:14.0/usb1`).
    func controller(ofRootHub hub: String) -> USBController? {
        guard let dir = USBBusReader.parent(hub) else { return nil }
        let driver = files.linkTarget(dir + "/driver").map { String($0.split(separator: "/").last ?? "") } ?? ""
        func hex(_ f: String) -> UInt16? {
            files.text(dir + "/" + f).flatMap { UInt16($0.hasPrefix("0x") ? String($0.dropFirst(2)) : $0, radix: 16) }
        }
        return USBController(
            driver: driver, pciVendor: hex("vendor"), pciDevice: hex("device"), sysfsName: String(dir.split(separator: "/").last ?? ""))
    }

    /// `bAlternateSetting` of the first video-streaming interface (class 0e, subclass 02).
    /// Whether the USB device at sysfs `path` (the device's own directory) streams now: a video-streaming interface
    /// holds a nonzero `bAlternateSetting`. A few small reads, for callers that need the whole bus model only then.
    package func streamsNow(_ path: String) -> Bool {
        guard let name = path.split(separator: "/").last.map(String.init), USBBusReader.isDevice(name) else { return false }
        return (currentAlt(path, name: name) ?? 0) != 0
    }

    func currentAlt(_ dir: String, name: String) -> UInt8? {
        for e in files.entries(dir) where e.hasPrefix(name + ":") {
            let i = dir + "/" + e
            guard files.text(i + "/bInterfaceClass") == "0e", files.text(i + "/bInterfaceSubClass") == "02" else { continue }
            return files.text(i + "/bAlternateSetting").flatMap { UInt8($0) }
        }
        return nil
    }

    /// `B-P.P…`: a USB device (not a root hub `usbN`, not an interface `B-P:C.I`).
    package static func isDevice(_ name: String) -> Bool {
        guard let dash = name.firstIndex(of: "-"), !name.contains(":") else { return false }
        return name[..<dash].allSatisfy(\.isNumber) && !name[name.index(after: dash)...].isEmpty
            && name[name.index(after: dash)...].allSatisfy { $0.isNumber || $0 == "." }
    }

    static func parent(_ path: String) -> String? {
        guard let slash = path.lastIndex(of: "/"), slash > path.startIndex else { return nil }
        return String(path[..<slash])
    }
}
