import V4L2

/// What discovery reads for each capture node.
package struct DiscoveryOptions: Sendable {
    /// Read formats, sizes and intervals (needed for `list`'s summary and `show`).
    package var formats: Bool = true
    /// Read controls and menus (`show`).
    package var controls: Bool = true
    /// Also open through libv4l2 and include its emulated formats.
    package var emulated: Bool = false
    /// Read each USB camera's bus into `Device.usb` (sysfs only: no ioctl, no open). `list`'s table leaves it off:
    /// modelling every camera's bus costs a listing about 7 % (benchmarks §23).
    package var usbBus: Bool = true
    package var limits = EnumerationLimits()

    package init(formats: Bool = true, controls: Bool = true, emulated: Bool = false) {
        self.formats = formats
        self.controls = controls
        self.emulated = emulated
    }
}
