import CaptureModel
import HostSystem
import Negotiation
import Udev

/// Plans several cameras streaming together: the façade reads, the planner (`Negotiator.decide(together:)`) decides.
///
/// For each USB camera it reads the bus model (its link from sysfs, without root and without streaming: alternate
/// settings from `/sys/bus/usb/devices/…/descriptors`, hubs, controller), the settings `camprobe verify
/// --measure-usb` measured for its model and firmware (`MeasuredReservations`), and what streams now in its
/// domain (`USBDomainLoad`, with who holds each node): cameras streaming there that are not planned are pinned at
/// the setting they hold. A device that carries its bus (`Device.usb`, from a profile) is planned with that link and
/// its measured settings, and nothing is read for it. A device read from a saved profile without one is assumed to
/// share one USB 2.0 budget with the others (the plan's `busNotRead` says so).
public enum JointPlanning {
    /// The plan for `devices` (their first capture node) asked for `wish`, the cameras of `priority` favoured
    /// (`JointObjective.priorityThenFair`), else by `objective`. Reads sysfs on a thread of its own (on this one when no
    /// thread can be had), not on the cooperative pool.
    public static func plan(
        together devices: [Device], wish: JointWish, priority: Set<DeviceID> = [], objective: JointObjective = .fair
    ) async -> JointPlan {
        let read: @Sendable () -> JointPlan = {
            planNow(together: devices, wish: wish, readBus: true, priority: priority, objective: objective)
        }
        do throws(ThreadRefused) {
            return try await DedicatedThread.run("read the USB bus of the cameras to plan", read)
        } catch {
            return read()
        }
    }

    /// `plan(together:…)` on this thread (the CLI's, itself off the pool); sysfs is read only when `readBus`.
    package static func planNow(
        together devices: [Device], wish: JointWish, readBus: Bool, priority: Set<DeviceID> = [], objective: JointObjective = .fair
    ) -> JointPlan {
        let reader = USBBusReader()
        let cameras = self.cameras(devices, wish: wish, readBus: readBus, reader: reader)
        let occupants = readBus ? occupancy(devices, cameras: cameras, reader: reader) : []
        return Negotiator.decide(together: cameras, occupants: occupants, priority: priority, objective: objective)
    }

    /// The planner's cameras: each device's first capture node, with its link and measured settings.
    package static func cameras(_ devices: [Device], wish: JointWish, readBus: Bool, reader: USBBusReader = USBBusReader())
        -> [JointCamera]
    {
        return devices.compactMap { d -> JointCamera? in
            guard let node = d.captures.first else { return nil }
            let isUSB = d.transport.kind == .usb
            // Live, sysfs is read now (the setting held this moment included); a document's bus (a profile, or sysfs
            // not readable) is what the device carries.
            let sysfs = readBus && isUSB ? d.identity.physicalPath : nil
            guard let link = sysfs.flatMap({ reader.link($0) }) else {
                if let usb = d.usb, isUSB {
                    return JointCamera(id: d.id, name: d.name, node: node, wish: wish, link: usb.link, measured: usb.measured, isUSB: true)
                }
                return JointCamera(id: d.id, name: d.name, node: node, wish: wish, link: nil, measured: [:], isUSB: isUSB)
            }
            // Settings seen before for this model and firmware (`verify --measure-usb`) and the one held now beat what is assumed.
            let model = sysfs.flatMap { MeasuredReservations.model(ofSysfs: $0) }
            let saved = model.flatMap { MeasuredReservations.load(model: $0) }?.alts ?? [:]
            return JointCamera(
                id: d.id, name: d.name, node: node, wish: wish, link: link, measured: saved.merging(held(node, link)) { _, now in now },
                isUSB: isUSB)
        }
    }

    /// What streams now in each domain of the cameras read from sysfs: every member holding a setting, with who
    /// holds its node; the planned cameras themselves are left out.
    static func occupancy(_ devices: [Device], cameras: [JointCamera], reader: USBBusReader) -> [USBDomainOccupancy] {
        let planned = Set(cameras.compactMap { $0.link?.sysfsName })
        var seen: Set<String> = []
        var out: [USBDomainOccupancy] = []
        for d in devices where d.transport.kind == .usb {
            guard let path = d.identity.physicalPath, let load = USBDomainLoad.read(sysfs: path, reader: reader),
                seen.insert(load.domain.key).inserted
            else { continue }
            out.append(.now(load, leaving: planned))
        }
        return out
    }

    /// A camera streaming now holds the setting its current mode takes: that reservation is measured.
    static func held(_ node: CaptureNodeCapabilities, _ link: USBLink?) -> [String: UInt8] {
        guard let held = link?.heldAlt, let f = node.activeFormat, let fps = node.streamingParameters?.frameInterval?.fps else {
            return [:]
        }
        return [JointCamera.modeKey(f.fourcc, Dimensions(width: f.width, height: f.height), fps: fps): held.alt]
    }
}
