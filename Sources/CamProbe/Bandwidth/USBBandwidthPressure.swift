import CaptureModel
import Negotiation
import Udev

/// Why a USB camera's `VIDIOC_STREAMON` was refused with `ENOSPC`, read from sysfs when it happens: its bandwidth
/// domain under its controller family's rule, the other cameras in that domain streaming now (the setting each holds,
/// its cost, and who holds its node), and this camera's modes that fit in what they leave.
struct USBBandwidthPressure {
    /// "bus 1 port 2 (xHCI per root port: 100 µs per microframe, drivers/usb/host/xhci.c …)".
    var domain: String
    /// "/dev/video2: alt 11, 3060 B per microframe, 61 µs, by pid 812 (ffmpeg …)", one per camera streaming now.
    var reservedNow: [String]
    var holders: [NodeHolder]
    /// This camera's modes whose reservation fits beside the others', best first (at most 4).
    var modesThatFit: [CaptureMode]
    /// What the others take, and the domain's capacity, in the rule's unit.
    var load: Double
    var capacity: Double
    var unit: String

    /// Reads the domain of the camera at `sysfs` (nil when it is not a USB device that can be read).
    static func read(sysfs: String, node: CaptureNodeCapabilities?, reader: USBBusReader) -> USBBandwidthPressure? {
        guard let now = USBDomainLoad.read(sysfs: sysfs, reader: reader) else { return nil }
        let mine = now.link
        let domain = now.domain
        let others = now.members.filter { !$0.isThis && $0.held != nil }
        let rule = domain.rule
        let demands = others.compactMap { o in o.held.map { USBDemand($0, speedMbps: o.speedMbps) } }
        var holders: [NodeHolder] = []
        let reservedNow = others.map { o -> String in
            let who = o.label.hasPrefix("/dev/") ? NodeHolderLookup.holders(of: o.label).map(\.holder) : []
            holders += who
            let alt = o.held.map { "alt \($0.alt), \($0.bytesPerInterval) B per microframe" } ?? "idle"
            return "\(o.label): \(alt) (\(o.microseconds) µs)"
                + (who.isEmpty ? "" : ", by " + who.map { "pid \($0.pid) (\($0.commandLine))" }.joined(separator: ", "))
        }
        var fitting: [CaptureMode] = []
        if let node {
            let measured = MeasuredReservations.model(ofSysfs: sysfs).flatMap { MeasuredReservations.load(model: $0) }?.alts ?? [:]
            let ranked = ModeReservation.all(of: node).compactMap { m -> (ModeReservation, Double)? in
                let r = m.reservation(on: mine, measuredAlt: measured[m.key])
                guard r.fits else { return nil }  // no setting carries it: never streams
                let pixels = Double(m.size.width) * Double(m.size.height) * (m.rate.doubleValue ?? 0)
                guard let alt = r.alt else { return (m, pixels) }  // bulk: reserves nothing
                return rule.load(demands + [USBDemand(alt, speedMbps: mine.speedMbps)]) <= rule.capacity ? (m, pixels) : nil
            }
            fitting = ranked.sorted { $0.1 > $1.1 }.prefix(4).map { $0.0.mode(path: node.path) }
        }
        return USBBandwidthPressure(
            domain: "\(domain.key) (\(rule.family): \(formatFPS(rule.capacity)) \(rule.unit); \(rule.kernelSource))",
            reservedNow: reservedNow, holders: holders, modesThatFit: fitting, load: rule.load(demands), capacity: rule.capacity,
            unit: rule.unit)
    }

    /// One sentence for the interruption's message.
    var sentence: String {
        let now =
            reservedNow.isEmpty
            ? "no other camera in it streams now (so this mode alone is too much, or a device that is not a camera holds the rest)"
            : "\(reservedNow.count) other camera\(reservedNow.count == 1 ? "" : "s") hold \(formatFPS(load)) of \(formatFPS(capacity)) "
                + "\(unit): " + reservedNow.joined(separator: "; ")
        let fit =
            modesThatFit.isEmpty
            ? "no mode of this camera fits beside them"
            : "modes that fit beside them: " + modesThatFit.map(\.description).joined(separator: ", ")
        return "domain \(domain): \(now); \(fit)"
    }
}
