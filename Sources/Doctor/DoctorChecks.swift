/// Every check `camprobe doctor` runs, in this order: no camera, permissions, busy, USB bandwidth, cameras alike
/// without a serial, low light, needs libcamera, emulated formats, config node paths, udev. A new check is one value
/// (`DoctorCheck`) and one entry here.
package enum DoctorChecks {
    package static let all: [DoctorCheck] = [
        .noCamera, .permissions, .busy, .usbBandwidth, .alikeWithoutSerial, .lowLight, .needsLibcamera, .emulatedFormats,
        .configNodePath, .udev,
    ]
}
