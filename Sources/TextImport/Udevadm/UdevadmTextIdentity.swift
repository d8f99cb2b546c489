import CaptureModel

/// A device's identity from its udevadm records: only what they state; `busInfo` and `driver` are "" when unknown.
enum UdevadmTextIdentity {
    /// The identity, and for each fact set the line that gave it, under `identity.…` in `provenance`.
    static func identity(_ e: UdevadmTextEvidence, provenance: inout [String: Int]) -> DeviceIdentity {
        func take(_ fact: String, _ v: UdevadmTextValue?) -> String? {
            guard let v else { return nil }
            provenance["identity." + fact] = v.line
            return v.text
        }
        let pci = e.group.devpath?.kind == .pci
        let vendorID = take("vendorID", e.attribute(pci ? "vendor" : "idVendor").map(hex) ?? e.property("ID_VENDOR_ID"))
        let productID = take("productID", e.attribute(pci ? "device" : "idProduct").map(hex) ?? e.property("ID_MODEL_ID"))
        let serial = take("serial", e.attribute("serial") ?? e.property("ID_SERIAL_SHORT"))
        // Without a string of its own, udev writes the ID in ID_VENDOR_ENC/ID_MODEL_ENC: that is no name.
        func string(_ key: String, unless id: String?) -> UdevadmTextValue? {
            guard let v = e.property(key) else { return nil }
            let s = UdevadmTextEvidence.decoded(v.text)
            return s.lowercased() == id?.lowercased() ? nil : UdevadmTextValue(text: s, line: v.line)
        }
        let manufacturer = take("manufacturer", e.attribute("manufacturer") ?? string("ID_VENDOR_ENC", unless: vendorID))
        let product = take("product", e.attribute("product") ?? string("ID_MODEL_ENC", unless: productID))

        var byID: [String] = []
        var byPath: [String] = []
        var udevIDPath: String?
        var busInfo = ""
        var driver = ""
        if let video = e.video {
            var links = video.links
            if let dl = video.properties["DEVLINKS"] {
                links += dl.text.split(separator: " ").map { UdevadmTextValue(text: String($0), line: dl.line) }
            }
            var seen: Set<String> = []
            for l in links where seen.insert(l.text).inserted {
                if l.text.hasPrefix("/dev/v4l/by-id/") {
                    byID.append(l.text)
                    provenance["identity.byID"] = provenance["identity.byID"] ?? l.line
                }
                if l.text.hasPrefix("/dev/v4l/by-path/") {
                    byPath.append(l.text)
                    provenance["identity.byPath"] = provenance["identity.byPath"] ?? l.line
                }
            }
            udevIDPath = take("udevIDPath", video.properties["ID_PATH"])
            // The driver the video node's interface (or platform device) is bound to.
            let videos = e.group.records.lazy.filter { $0.subsystem?.text == "video4linux" }
            let bound = videos.compactMap { $0.properties["ID_USB_DRIVER"] ?? $0.parents.lazy.compactMap(\.driver).first }.first
            driver = take("driver", bound) ?? ""
            if let info = e.group.devpath?.usbBusInfo, let line = video.devpath?.line ?? video.parents.first?.devpath?.line {
                busInfo = info
                provenance["identity.busInfo"] = line
            }
        }
        let line = e.group.records.lazy.compactMap { $0.devpath?.line ?? $0.parents.first?.devpath?.line }.first
        var portPath: String?
        var physicalPath: String?
        if let line, e.group.physical {
            physicalPath = "/sys" + e.group.key
            provenance["identity.physicalPath"] = line
            portPath = e.group.devpath?.portPath
            if portPath != nil { provenance["identity.portPath"] = line }
        }
        return DeviceIdentity(
            vendorID: vendorID, productID: productID, serial: serial, manufacturer: manufacturer, product: product, portPath: portPath,
            udevIDPath: udevIDPath, byID: byID, byPath: byPath, busInfo: busInfo, driver: driver, physicalPath: physicalPath)
    }

    /// `0x046d` → `046d` (PCI's sysfs writes the prefix).
    private static func hex(_ v: UdevadmTextValue) -> UdevadmTextValue {
        v.text.hasPrefix("0x") ? UdevadmTextValue(text: String(v.text.dropFirst(2)), line: v.line) : v
    }
}
