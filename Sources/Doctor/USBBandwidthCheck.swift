import CamProbe
import CaptureModel

/// How much isochronous bandwidth a USB bus has for periodic transfers, and which bus a camera is on.
///
/// Rule: the host reserves at most 80% of each high-speed microframe (USB 2.0 §5.6.4) and 90% of
/// each full-speed frame or SuperSpeed service interval (USB 2.0 §5.6.4, USB 3.2 §4.4.8) for
/// isochronous and interrupt transfers, applied to the data rate after line coding:
/// full speed 12 Mb/s → 1.35 MB/s; high speed 480 Mb/s → 48 MB/s; SuperSpeed 5 Gb/s (8b/10b, 4 Gb/s) →
/// 450 MB/s; SuperSpeed+ 10 Gb/s (128b/132b, ≈9.7 Gb/s) → 1091 MB/s.
package enum USBBusBudget {
    /// Bytes per second of isochronous budget for a bus at `speedMbps`, with the rule in words.
    package static func budget(speedMbps: Double) -> (bytesPerSecond: UInt64, rule: String) {
        switch speedMbps {
        case ..<13: return (1_350_000, "full speed 12 Mb/s × 90% periodic (USB 2.0 §5.6.4) = 1.35 MB/s")
        case ..<481: return (48_000_000, "high speed 480 Mb/s × 80% periodic per microframe (USB 2.0 §5.6.4) = 48 MB/s")
        case ..<5001: return (450_000_000, "SuperSpeed 5 Gb/s, 4 Gb/s after 8b/10b × 90% periodic (USB 3.2 §4.4.8) = 450 MB/s")
        default: return (1_090_909_090, "SuperSpeed+ 10 Gb/s, ≈9.7 Gb/s after 128b/132b × 90% periodic = 1091 MB/s")
        }
    }

    /// The bus a device is on: `usbN` from its sysfs path (`/sys/devices/…/usb3/3-2`), else the host
    /// controller from V4L2 `bus_info` (`usb-0000:00:14.0-1.2` → `0000:00:14.0`); nil for other transports.
    package static func bus(of d: Device) -> String? {
        guard d.transport.kind == .usb else { return nil }
        if let path = d.identity.physicalPath {
            for part in path.split(separator: "/").reversed() where part.hasPrefix("usb") && Int(part.dropFirst(3)) != nil {
                return "usb bus \(part.dropFirst(3))"
            }
        }
        let info = d.identity.busInfo
        guard info.hasPrefix("usb-"), let dash = info.lastIndex(of: "-"), dash > info.index(info.startIndex, offsetBy: 3) else {
            return nil
        }
        return "controller \(info[info.index(info.startIndex, offsetBy: 4)..<dash])"
    }

    /// A camera's stream as its current format asks: raw formats exactly (width × height ×
    /// bytes per pixel × fps, `Bandwidth.bytesPerSecond`), compressed ones estimated at a fifth of
    /// the same mode in YUYV (2 bytes per pixel); nil when no format or rate is known.
    package static func demand(of c: CaptureNodeCapabilities) -> (bytesPerSecond: UInt64, text: String)? {
        guard let f = c.activeFormat, let fps = c.streamingParameters?.frameInterval?.fps, fps > 0 else { return nil }
        let size = Dimensions(width: f.width, height: f.height)
        let compressed =
            c.formats.first { $0.fourcc == f.fourcc }?.isCompressed ?? (Bandwidth.bytesPerPixel(f.fourcc, compressed: false) == nil)
        let mode = "\(f.fourcc.description.trimmingSpaces) \(f.width)x\(f.height) at \(formatFPS(fps)) fps"
        if !compressed, let bpp = Bandwidth.bytesPerPixel(f.fourcc, compressed: false),
            let bytes = Bandwidth.bytesPerSecond(f.fourcc, compressed: false, size: size, fps: fps)
        {
            let bppText = bpp == bpp.rounded() ? String(Int(bpp)) : String(bpp)
            return (bytes, "\(mode): \(f.width)×\(f.height)×\(bppText) B×\(formatFPS(fps)) = \(Bandwidth.describe(bytes))")
        }
        let yuyv = Bandwidth.bytesPerSecond("YUYV", compressed: false, size: size, fps: fps) ?? 0
        let estimate = yuyv / 5
        return (estimate, "\(mode): compressed, estimated at 1/5 of YUYV's \(Bandwidth.describe(yuyv)) = \(Bandwidth.describe(estimate))")
    }
}

extension DoctorCheckID {
    /// Cameras on one USB bus beyond its periodic budget.
    package static let usbBandwidth = DoctorCheckID("usb-bandwidth")
}

extension DoctorCheck {
    /// Check 3, USB bandwidth: with the bus model where the host can read it (`usbDomains`), else the bytes-per-second
    /// estimate (`usbBandwidth`).
    package static let usbBandwidth = DoctorCheck(
        .usbBandwidth, summary: "cameras sharing a USB bus beyond its budget",
        .cameras { run in
            run.usbDomains(checked: run.cameras, all: run.allCameras) ?? run.usbBandwidth(checked: run.cameras, all: run.allCameras)
        })
}

extension DoctorContext {
    /// Check 3, USB bandwidth: the cameras on one USB bus, each stream's rate from its current format
    /// (`VIDIOC_G_FMT`, `VIDIOC_G_PARM`) added up against the bus's periodic budget (`USBBusBudget`).
    /// Warns when the sum is over; only buses that hold one of the `checked` cameras are looked at.
    func usbBandwidth(checked: [Device], all: [Device]) -> [DoctorFinding] {
        var buses: [String: [Device]] = [:]
        var order: [String] = []
        for d in all {
            guard let bus = USBBusBudget.bus(of: d) else { continue }
            if buses[bus] == nil { order.append(bus) }
            buses[bus, default: []].append(d)
        }
        let wanted = Set(checked.compactMap(USBBusBudget.bus(of:)))
        return order.filter(wanted.contains).compactMap { bus in
            let devices = buses[bus]!
            guard let speed = devices.compactMap(\.transport.speedMbps).max() else { return nil }
            let (budget, rule) = USBBusBudget.budget(speedMbps: speed)
            var total: UInt64 = 0
            var evidence = ["\(bus) (sysfs speed \(Int(speed)) Mb/s): budget \(rule)"]
            for d in devices {
                for c in d.captures {
                    guard let (bytes, text) = USBBusBudget.demand(of: c) else { continue }
                    total = total.addingReportingOverflow(bytes).overflow ? .max : total + bytes
                    evidence.append("\(d.name) \(c.path): \(text)")
                }
            }
            guard total > budget else { return nil }
            evidence.append("sum \(Bandwidth.describe(total)) > budget \(Bandwidth.describe(budget))")
            return DoctorFinding(
                severity: .warning, check: .usbBandwidth,
                title: "Cameras on \(bus) need \(Bandwidth.describe(total)), more than its \(Bandwidth.describe(budget))",
                device: devices.count == 1 ? devices[0].name : nil, subject: bus, evidence: evidence,
                fix: "Move a camera to another USB controller (a different port or hub: `lsusb -t`), or pick smaller modes "
                    + "or MJPG: `camprobe negotiate DEVICE --size WxH --compressed`")
        }
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        var s = Substring(self)
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
