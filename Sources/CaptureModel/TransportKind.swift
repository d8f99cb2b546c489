/// How a device is attached, spelled as in documents (`"usb"`).
///
/// An `OpenStringSet`, not a closed enum: the kind is the sysfs bus of the
/// device's physical parent, which can be any bus the kernel has, and
/// profiles carry it as a plain string.
public struct TransportKind: OpenStringSet {
    /// The kind as written in JSON and XML.
    public var rawValue: String
    /// Any kind, known or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// USB; the only kind with a link speed.
    public static let usb: TransportKind = "usb"
    /// PCI (capture cards).
    public static let pci: TransportKind = "pci"
    /// A platform device (SoC cameras, vivid).
    public static let platform: TransportKind = "platform"
    /// No physical parent (virtual drivers).
    public static let virtual: TransportKind = "virtual"
    /// Not known.
    public static let unknown: TransportKind = "unknown"

    /// The kinds this version of camprobe names.
    public static let allCases: [TransportKind] = [.usb, .pci, .platform, .virtual, .unknown]
}
