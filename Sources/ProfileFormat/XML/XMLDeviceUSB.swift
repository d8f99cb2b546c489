import CaptureModel

/// `<usb>`: a USB camera's bus (`DeviceUSB`), written after `<provenance>`: `<link>` with its hubs, controller and
/// streaming alternate settings, then one `<measured>` per mode. Numbers are decimal, as in the JSON form; the setting
/// held at the moment of reading (`currentAlt`) is state and is not written.
extension XMLProfileWriter {
    func deviceUSB(_ u: DeviceUSB) {
        w.start("usb")
        w.attribute("source", u.source)
        w.attribute("firmware", u.firmware)
        let l = u.link
        w.start("link")
        w.attribute("sysfsName", l.sysfsName)
        w.attribute("bus", l.bus)
        w.attribute("devpath", l.devpath)
        w.attribute("speedMbps", XMLScalars.double(l.speedMbps))
        w.attribute("speedEvidence", l.speedEvidence)
        for h in l.hubs {
            w.start("hub")
            w.attribute("sysfsName", h.sysfsName)
            w.attribute("tt", h.tt.rawValue)
            w.end()
        }
        if let c = l.controller {
            w.start("controller")
            w.attribute("driver", c.driver)
            w.attribute("pciVendor", c.pciVendor)
            w.attribute("pciDevice", c.pciDevice)
            w.attribute("sysfsName", c.sysfsName)
            w.end()
        }
        for a in l.alts {
            w.start("alt")
            w.attribute("interface", a.interface)
            w.attribute("alt", a.alt)
            w.attribute("endpoint", a.endpoint)
            w.attribute("transfer", a.transfer.rawValue)
            w.attribute("wMaxPacketSize", a.wMaxPacketSize)
            w.attribute("superSpeedBytesPerInterval", a.superSpeedBytesPerInterval)
            w.attribute("bInterval", a.bInterval)
            w.end()
        }
        w.end()
        for (mode, alt) in u.measured.sorted(by: { $0.key < $1.key }) {
            w.start("measured")
            w.attribute("mode", mode)
            w.attribute("alt", alt)
            w.end()
        }
        w.end()
    }
}

extension XMLProfileReader {
    static func deviceUSB(_ parent: XMLNode) throws(Failure) -> DeviceUSB? {
        guard let e = parent.optionalChild("usb") else { return nil }
        let l = try e.child("link")
        guard let speed = try l.optionalDouble("speedMbps") else { throw l.failure("missing attribute speedMbps") }
        var hubs: [USBHub] = []
        for h in l.children("hub") {
            let raw = try h.required("tt")
            guard let tt = USBHub.TransactionTranslator(rawValue: raw.trimmingXMLSpace) else {
                throw h.failure("tt: \"\(raw)\" is not single, multi or none")
            }
            hubs.append(USBHub(sysfsName: try h.required("sysfsName"), tt: tt))
        }
        let controller = try l.optionalChild("controller").map { c throws(Failure) in
            USBController(
                driver: try c.required("driver"), pciVendor: try c.optionalInteger("pciVendor"),
                pciDevice: try c.optionalInteger("pciDevice"),
                sysfsName: try c.required("sysfsName"))
        }
        var alts: [USBStreamingAlt] = []
        for a in l.children("alt") {
            let raw = try a.required("transfer")
            guard let transfer = USBTransferType(rawValue: raw.trimmingXMLSpace) else {
                throw a.failure("transfer: \"\(raw)\" is not isochronous, bulk or other")
            }
            alts.append(
                USBStreamingAlt(
                    interface: try a.integer("interface"), alt: try a.integer("alt"), endpoint: try a.optionalInteger("endpoint"),
                    transfer: transfer, wMaxPacketSize: try a.integer("wMaxPacketSize"),
                    superSpeedBytesPerInterval: try a.optionalInteger("superSpeedBytesPerInterval"), bInterval: try a.integer("bInterval")))
        }
        var measured: [String: UInt8] = [:]
        for m in e.children("measured") { measured[try m.required("mode")] = try m.integer("alt") }
        let link = USBLink(
            sysfsName: try l.required("sysfsName"), bus: try l.integer("bus"), devpath: try l.required("devpath"), speedMbps: speed,
            hubs: hubs, controller: controller, alts: alts, speedEvidence: l.attribute("speedEvidence"))
        return DeviceUSB(source: try e.required("source"), link: link, measured: measured, firmware: e.attribute("firmware"))
    }
}
