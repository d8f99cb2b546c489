import CaptureModel

/// One camera of a joint negotiation: its capture node, what is asked of it, and where it sits on the bus.
package struct JointCamera: Sendable {
    /// What a camera is asked for: a request, or a preset (its one-camera decision is the wish).
    package enum Wish: Sendable, Hashable {
        case request(CaptureRequest)
        case preset(SessionPreset)
    }

    /// Stable ID (or what names the camera in the output).
    package var id: String
    package var name: String
    package var node: CaptureNodeCapabilities
    package var wish: Wish
    /// Its bus model (sysfs, a pasted `lsusb`, or a profile); nil when not known: then every such camera is
    /// assumed to share one USB 2.0 budget, and the plan says so.
    package var link: USBLink?
    /// Alternate settings seen while a mode streamed, by `JointCamera.modeKey` ("MJPG 1280x720@30"): measured
    /// reservations win over computed and assumed ones.
    package var measured: [String: UInt8]

    package init(
        id: String, name: String, node: CaptureNodeCapabilities, wish: Wish, link: USBLink?, measured: [String: UInt8] = [:]
    ) {
        self.id = id
        self.name = name
        self.node = node
        self.wish = wish
        self.link = link
        self.measured = measured
    }

    /// "MJPG 1280x720@30": the key of a measured reservation.
    package static func modeKey(_ fourcc: FourCC, _ size: Dimensions, fps: Double) -> String {
        "\(fourcc.description.trimmingCharacters) \(size)@\(formatFPS(fps))"
    }

    /// The link the plan uses: the camera's own, or an assumed one (one shared USB 2.0 bus, no descriptors).
    var effectiveLink: USBLink {
        if let link { return link }
        return USBLink(sysfsName: "?", bus: 0, devpath: "0", speedMbps: 480)
    }
}
