#if canImport(Glibc)
    import Glibc
#endif

/// libcamera names a camera by its sensor's firmware node: the device-tree path
/// (`/base/soc/i2c0mux/i2c@1/imx708@1a`) when the sensor's device has an
/// `of_node`, else the sensor device's sysfs path below `/sys/devices/` and the
/// entity name (`platform/vimc.0 Sensor B`). Read from sysfs, no libcamera linked.
enum LibcameraID {
    static func derive(sensorSubdev: String, entity: String, sysfs: String = "/sys") -> String? {
        guard let name = sensorSubdev.split(separator: "/").last,
            let device = real("\(sysfs)/class/video4linux/\(name)/device")
        else { return nil }
        if let of = real(device + "/of_node") {
            let root = "\(sysfs)/firmware/devicetree"
            if of.hasPrefix(root) { return String(of.dropFirst(root.count)) }
        }
        let devices = "\(sysfs)/devices/"
        guard device.hasPrefix(devices) else { return nil }
        return String(device.dropFirst(devices.count)) + " " + entity
    }

    static func real(_ path: String) -> String? {
        guard let r = realpath(path, nil) else { return nil }
        defer { free(r) }
        return String(cString: r)
    }
}
