import CaptureModel

/// One camera of a joint negotiation: its capture node, what is asked of it, and where it sits on the bus.
package struct JointCamera: Sendable {
    /// The camera's stable ID: the plan is keyed by it.
    package var id: DeviceID
    package var name: String
    package var node: CaptureNodeCapabilities
    package var wish: JointWish
    /// Its bus model (sysfs, a pasted `lsusb`, or a profile); nil when not known: then every such camera is
    /// assumed to share one USB 2.0 budget, and the plan says so.
    package var link: USBLink?
    /// Alternate settings seen while a mode streamed, by `JointCamera.modeKey` ("MJPG 1280x720@30"): measured
    /// reservations win over computed and assumed ones.
    package var measured: [String: UInt8]
    /// False for a camera that is not on USB (a capture card, a SoC camera): it shares no USB budget.
    package var isUSB: Bool

    package init(
        id: DeviceID, name: String, node: CaptureNodeCapabilities, wish: JointWish, link: USBLink?, measured: [String: UInt8] = [:],
        isUSB: Bool = true
    ) {
        self.isUSB = isUSB
        self.id = id
        self.name = name
        self.node = node
        self.wish = wish
        self.link = link
        self.measured = measured
    }

    /// "MJPG 1280x720@30": the key of a measured reservation.
    package static func modeKey(_ fourcc: FourCC, _ size: Dimensions, fps: Double) -> String {
        "\(fourcc.name) \(size)@\(formatFPS(fps))"
    }

    /// Its domain: the link's, or one of its own for a camera not on USB.
    var domain: USBDomain {
        isUSB ? USBDomain.of(effectiveLink) : USBDomain(key: "not USB: \(id.rawValue)", rule: NoUSBBudget())
    }

    /// The link the plan uses: the camera's own, or an assumed one (one shared USB 2.0 bus, no descriptors).
    var effectiveLink: USBLink {
        if let link { return link }
        return USBLink(sysfsName: "?", bus: 0, devpath: "0", speedMbps: 480)
    }
}

/// A camera not on USB reserves nothing on a USB bus: its own domain, never full.
struct NoUSBBudget: USBBudgetRule {
    var family: String { "not USB" }
    var scope: USBBudgetScope { .controller }
    var kernelSource: String { "none: the camera is not on USB" }
    var unit: String { "µs per 125 µs microframe" }
    var capacity: Double { 100 }
    func load(_ demands: [USBDemand]) -> Double { 0 }
}
