import CamProbe
import Negotiation
import Udev

/// `camprobe verify DEVICE --measure-usb`: streams each native mode of a USB camera briefly and reads the alternate
/// setting uvcvideo then holds (sysfs `bAlternateSetting`): what the mode really reserves on the bus, which never
/// reaches user space otherwise. Each row says what camprobe predicted before (and on what evidence); the settings
/// are kept per model and firmware (`idVendor:idProduct:bcdDevice`) for `negotiate --together`.
struct BandwidthVerify {
    struct Reserved: Encodable {
        var alt: UInt8?
        var bytesPerInterval: Int
        var microseconds: Int?
        var evidence: ReservationEvidence?
    }

    struct Row: Encodable {
        var mode: String
        var fourcc: String
        var width: UInt32
        var height: UInt32
        var fps: Double
        /// What uvcvideo held while the mode streamed.
        var measured: Reserved
        /// What camprobe predicted without the measurement.
        var predicted: Reserved
    }

    struct Output: Encodable {
        var schemaVersion = CaptureModelSchema.version
        var device: DeviceID
        var node: String
        var model: String
        var bus: Int
        var rootPort: Int
        var speedMbps: Double
        var controller: String?
        var domain: String
        var modes: [Row]
        var saved: String?
    }

    let device: Device
    let node: CaptureNodeCapabilities
    let link: USBLink
    let model: String
    let sysfs: String

    /// The USB camera `selector` names, with its bus read from sysfs; a clear error for anything else.
    static func resolve(_ selector: String, _ source: DeviceSourceOptions) async throws -> BandwidthVerify {
        if !source.profile.isEmpty {
            throw CLIError(message: "a profile is not a live camera: --measure-usb streams each mode to see what it reserves")
        }
        let d = try await source.resolveOffPool(selector)
        guard let node = d.captures.first else { throw CLIError(message: "\(d.name) has no video capture node") }
        guard d.transport.kind == .usb else {
            throw CLIError(message: "\(d.name) is not a USB camera (\(d.transport)): it reserves nothing on a USB bus")
        }
        // A USB camera whose device cannot be read is unknown, not "not USB": say where camprobe looked.
        guard let sysfs = d.identity.physicalPath, let link = USBBusReader().link(sysfs),
            let model = MeasuredReservations.model(ofSysfs: sysfs)
        else {
            throw CLIError(
                message:
                    "\(d.name) is on USB, but its USB device could not be read in sysfs (\(d.identity.physicalPath ?? "no sysfs path")): "
                    + "its alternate settings are unknown, so nothing was measured")
        }
        return BandwidthVerify(device: d, node: node, link: link, model: model, sysfs: sysfs)
    }

    func reserved(_ alt: USBStreamingAlt?, bytes: Int, evidence: ReservationEvidence?) -> Reserved {
        Reserved(
            alt: alt?.alt, bytesPerInterval: bytes,
            microseconds: alt.map { USBDemand($0, speedMbps: link.speedMbps).microseconds }, evidence: evidence)
    }

    /// Streams every native mode and reads what each holds.
    func measure(frameTimeout: Double, source: DeviceSourceOptions) async throws -> [Row] {
        let camera: CaptureDevice
        do { camera = try await CaptureDevice.open(device: device, node: node.path, system: source.system()) } catch {
            throw CLIError(message: error.message)
        }
        var rows: [Row] = []
        do {
            try await camera.lockForConfiguration()
            for m in ModeReservation.all(of: node) {
                let predicted = m.reservation(on: link)
                let (applied, held) = try await camera.heldAlternateSetting(
                    for: m.mode(path: node.path), sysfs: sysfs, noFrameTimeout: .seconds(frameTimeout))
                let alt = held.flatMap { h in link.alts.first { $0.alt == h && $0.endpoint != nil } }
                rows.append(
                    Row(
                        mode: m.key, fourcc: applied.fourcc.description, width: applied.size.width, height: applied.size.height,
                        fps: m.rate.doubleValue ?? 0, measured: reserved(alt, bytes: alt?.bytesPerInterval ?? 0, evidence: .measured),
                        predicted: reserved(predicted.alt, bytes: predicted.bytes, evidence: predicted.evidence)))
            }
        } catch {
            await camera.close()
            throw CLIError(message: "measuring \(device.name) failed: \(error.message)", cause: error)
        }
        await camera.close()
        return rows
    }

    static func run(_ selector: String, _ source: DeviceSourceOptions, frameTimeout: Double, save: Bool) async throws {
        let v = try await resolve(selector, source)
        let rows = try await v.measure(frameTimeout: frameTimeout, source: source)
        var saved: String?
        if save {
            var m = MeasuredReservations(model: v.model, name: v.device.name)
            for r in rows { if let alt = r.measured.alt { m.alts[r.mode] = alt } }
            do { saved = try m.save() } catch { throw CLIError(message: "measured, but not saved: \(error)") }
        }
        let d = USBDomain.of(v.link)
        let domain = "\(d.key), \(d.rule.family) rule (\(d.rule.kernelSource))"
        if source.json {
            try JSONOutput.print(
                Output(
                    device: v.device.id, node: v.node.path, model: v.model, bus: v.link.bus, rootPort: v.link.rootPort,
                    speedMbps: v.link.speedMbps, controller: v.link.controller?.summary, domain: domain, modes: rows, saved: saved))
            return
        }
        print(Terminal.bold(v.device.name) + "  \(v.device.id)  \(v.node.path)")
        let iso = v.link.alts.filter { $0.endpoint != nil && $0.transfer == .isochronous }
        print(
            "USB:      bus \(v.link.bus) port \(v.link.rootPort), \(formatFPS(v.link.speedMbps)) Mbit/s, \(iso.count) streaming "
                + "alternate settings; domain \(d.key) (\(d.rule.family) rule; `camprobe show` gives its kernel source)")
        var table = TextTable(header: ["MODE", "ALT", "B/µFRAME", "µs", "PREDICTED"])
        for row in rows.map({ r in
            let p = r.predicted
            let said = p.alt.map { "alt \($0), \(p.bytesPerInterval) B" } ?? "\(p.bytesPerInterval) B"
            let low = p.evidence != .computedLowerBound && p.bytesPerInterval < r.measured.bytesPerInterval
            return [
                r.mode, r.measured.alt.map(String.init) ?? "-", String(r.measured.bytesPerInterval),
                r.measured.microseconds.map(String.init) ?? "-",
                said + " (\(p.evidence.map(BandwidthVerify.evidence) ?? "?"))" + (low ? Terminal.yellow(" below what it took") : ""),
            ]
        }) { table.rows.append(row) }
        print(table.render())
        if let saved {
            print("Saved:    \(rows.count) modes of \(v.model) in \(saved) (negotiate --together plans with them)")
        }
    }

    /// The evidence in words: `ReservationEvidence.words`, the one spelling.
    static func evidence(_ e: ReservationEvidence) -> String { e.words }
}
