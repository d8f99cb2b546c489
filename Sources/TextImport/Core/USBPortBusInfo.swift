/// The V4L2 bus_info (`usb-0000:00:14.0-1.2`, as `usb_make_path` writes it) of a USB device known by its port path
/// (udev's `ID_PATH`, `pci-0000:00:14.0-usb-0:1.2`): how a file that names the USB device's port (udevadm) meets one
/// that names only the video node's bus (v4l2-ctl).
enum USBPortBusInfo {
    /// The bus_info `portPath` stands for; nil for a path not on USB.
    static func busInfo(portPath: String) -> String? {
        guard let usb = portPath.ranges(of: "-usb-0:").last else { return nil }
        // The host controller is the last device before the port: a PCI function after the last `pci-` (a Pi 4's
        // `platform-fd500000.pcie-pci-0000:01:00.0`), else the platform device after the bus's name.
        let controller = portPath[..<usb.lowerBound]
        let name: Substring
        if let pci = controller.ranges(of: "pci-").last {
            name = controller[pci.upperBound...]
        } else if let dash = controller.firstIndex(of: "-") {
            name = controller[controller.index(after: dash)...]
        } else {
            return nil
        }
        let chain = portPath[usb.upperBound...]
        guard !name.isEmpty, !chain.isEmpty else { return nil }
        return "usb-\(name)-\(chain)"
    }
}
