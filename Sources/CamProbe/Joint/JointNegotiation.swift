import CaptureModel
import Negotiation
import Udev

extension Negotiator {
    /// Plans several cameras streaming together under the USB bus's bandwidth: each camera's mode, the alternate
    /// setting it will hold and its bytes per microframe; each bandwidth domain's load; `hardwareCost`, the highest
    /// load (above 1 the last STREAMON fails with ENOSPC); and, when the wishes do not fit, the best plan that does
    /// with what gave for each camera and why, the moves to another root port that would let every wish fit, and
    /// the sets of cameras whose wishes fit together (`JointPlan.multiCamSets`).
    ///
    /// The settings `camprobe verify --measure-usb` measured for a camera's model and firmware are used as measured
    /// reservations (`MeasuredReservations`). The bus model of each USB camera is read from sysfs without root and without streaming (its alternate
    /// settings from `/sys/bus/usb/devices/…/descriptors`, its hubs, its controller); a device read from a saved
    /// profile has none, and is assumed to share one USB 2.0 budget with the others (the plan's `notes` say so).
    public static func decide(together devices: [Device], request: CaptureRequest) -> JointPlan {
        decide(together: devices, wish: .request(request), readBus: true)
    }

    /// `decide(together:request:)` with a preset: each camera's one-camera decision for it is its wish.
    public static func decide(together devices: [Device], preset: SessionPreset) -> JointPlan {
        decide(together: devices, wish: .preset(preset), readBus: true)
    }

    /// The cameras of `devices` (their first capture node), their bus read from sysfs when `readBus`.
    package static func decide(together devices: [Device], wish: JointCamera.Wish, readBus: Bool) -> JointPlan {
        let reader = USBBusReader()
        let cameras = devices.compactMap { d -> JointCamera? in
            guard let node = d.captures.first else { return nil }
            let isUSB = d.transport.kind == .usb
            let sysfs = readBus && isUSB ? d.identity.physicalPath : nil
            let link = sysfs.flatMap { reader.link($0) }
            // Settings seen before for this model and firmware (`verify --measure-usb`) and the one held now beat what is assumed.
            let model = sysfs.flatMap { MeasuredReservations.model(ofSysfs: $0) }
            let saved = model.flatMap { MeasuredReservations.load(model: $0) }?.alts ?? [:]
            return JointCamera(
                id: d.id.rawValue, name: d.name, node: node, wish: wish, link: link,
                measured: saved.merging(measured(node, link)) { _, now in now }, isUSB: isUSB)
        }
        return decide(together: cameras)
    }

    /// A camera streaming now holds the setting its current mode takes: that reservation is measured.
    static func measured(_ node: CaptureNodeCapabilities, _ link: USBLink?) -> [String: UInt8] {
        guard let held = link?.heldAlt, let f = node.activeFormat, let fps = node.streamingParameters?.frameInterval?.fps else {
            return [:]
        }
        return [JointCamera.modeKey(f.fourcc, Dimensions(width: f.width, height: f.height), fps: fps): held.alt]
    }
}
