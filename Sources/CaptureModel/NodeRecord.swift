/// What udev and sysfs say about one device node, before it is opened.
/// Produced by the `Udev` module (or a fake), consumed by discovery.
package struct NodeRecord: Sendable, Hashable {
    /// `/dev/video0`, `/dev/media0`
    package var devnode: String
    /// `video4linux` or `media`
    package var subsystem: String
    /// sysfs path of the node, when known.
    package var sysPath: String?
    /// udev's `ID_PATH`, present only when udevd has processed the node.
    package var udevIDPath: String?
    package var byID: [String]
    package var byPath: [String]
    /// The physical device the node hangs off (USB device, PCI function, platform device).
    package var parent: PhysicalParent?
    /// Whether udev had finished the node when this record was read (`udev_device_get_is_initialized`: its
    /// database entry existed, so its links and properties are in the record); nil when it cannot be told (no
    /// udev daemon). A record read before udev finished lacks them even if udev finishes a moment later.
    package var udevFinished: Bool?

    package init(
        devnode: String, subsystem: String, sysPath: String? = nil, udevIDPath: String? = nil, byID: [String] = [],
        byPath: [String] = [], parent: PhysicalParent? = nil, udevFinished: Bool? = nil
    ) {
        self.devnode = devnode
        self.subsystem = subsystem
        self.sysPath = sysPath
        self.udevIDPath = udevIDPath
        self.byID = byID
        self.byPath = byPath
        self.parent = parent
        self.udevFinished = udevFinished
    }

    /// The `/dev/v4l/by-id/…` and `/dev/v4l/by-path/…` links among `links` (udev's `DEVLINKS`), each sorted.
    package static func v4l2Links(_ links: [String]) -> (byID: [String], byPath: [String]) {
        (links.filter { $0.hasPrefix("/dev/v4l/by-id/") }.sorted(), links.filter { $0.hasPrefix("/dev/v4l/by-path/") }.sorted())
    }
}

/// The physical device behind one or more nodes, from sysfs attributes.
package struct PhysicalParent: Sendable, Hashable {
    package var sysPath: String
    /// "usb", "pci", "platform", …
    package var bus: String
    package var vendorID: String?
    package var productID: String?
    package var serial: String?
    package var manufacturer: String?
    package var product: String?
    /// sysfs `speed`, Mbit/s.
    package var speedMbps: Double?
    /// udev `ID_PATH` style physical path, e.g. `pci-0000:00:14.0-usb-0:1.2`.
    package var portPath: String?

    package init(
        sysPath: String, bus: String, vendorID: String? = nil, productID: String? = nil, serial: String? = nil,
        manufacturer: String? = nil, product: String? = nil, speedMbps: Double? = nil, portPath: String? = nil
    ) {
        self.sysPath = sysPath
        self.bus = bus
        self.vendorID = vendorID
        self.productID = productID
        self.serial = serial
        self.manufacturer = manufacturer
        self.product = product
        self.speedMbps = speedMbps
        self.portPath = portPath
    }
}
