/// What udev and sysfs say about one device node, before it is opened.
/// Produced by the `Udev` module (or a fake), consumed by discovery.
public struct NodeRecord: Sendable, Hashable {
    /// `/dev/video0`, `/dev/media0`
    public var devnode: String
    /// `video4linux` or `media`
    public var subsystem: String
    /// sysfs path of the node, when known.
    public var sysPath: String?
    /// udev's `ID_PATH`, present only when udevd has processed the node.
    public var udevIDPath: String?
    public var byID: [String]
    public var byPath: [String]
    /// The physical device the node hangs off (USB device, PCI function, platform device).
    public var parent: PhysicalParent?

    public init(
        devnode: String, subsystem: String, sysPath: String? = nil, udevIDPath: String? = nil, byID: [String] = [],
        byPath: [String] = [], parent: PhysicalParent? = nil
    ) {
        self.devnode = devnode
        self.subsystem = subsystem
        self.sysPath = sysPath
        self.udevIDPath = udevIDPath
        self.byID = byID
        self.byPath = byPath
        self.parent = parent
    }
}

/// The physical device behind one or more nodes, from sysfs attributes.
public struct PhysicalParent: Sendable, Hashable {
    public var sysPath: String
    /// "usb", "pci", "platform", …
    public var bus: String
    public var vendorID: String?
    public var productID: String?
    public var serial: String?
    public var manufacturer: String?
    public var product: String?
    /// sysfs `speed`, Mbit/s.
    public var speedMbps: Double?
    /// udev `ID_PATH` style physical path, e.g. `pci-0000:00:14.0-usb-0:1.2`.
    public var portPath: String?

    public init(
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
