import CaptureModel
import HostSystem
import Logging
import V4L2

/// The second step of a connect: a device announced with identity and nodes has its capabilities read on a
/// thread of its own, so the registry's thread stays free for the next udev event (a disconnect is not held up
/// behind thousands of enumeration ioctls), and `capabilitiesRead` follows.
extension DeviceRegistry {
    /// Starts reading `device`'s capabilities; `capabilitiesRead` is published when they are in.
    func readCapabilities(of device: Device) {
        pendingCapabilities.insert(device.id)
        let read = capabilityReader(for: device)
        let id = device.id
        let nodes = device.nodes.map(\.path)
        capabilityReads += 1
        capabilityTasks.start { [weak self] in
            do throws(ThreadRefused) {
                // At a lower priority: the `connected` just published is printed first on a busy (or one-CPU) machine.
                let whole = try await DedicatedThread.run("reading a new device's capabilities", niceness: 10, read)
                await self?.finishedRead(id, nodes: nodes, whole)
            } catch {
                await self?.finishedRead(id, nodes: nodes, nil, readHere: true)  // no thread to spare: on the registry's own
            }
        }
    }

    func finishedRead(_ id: DeviceID, nodes: [String], _ whole: Device?, readHere: Bool = false) {
        capabilityReads -= 1
        if readHere { readCapabilitiesNow(of: id) } else { described(id, nodes: nodes, whole) }
    }

    /// Reads a pending device's capabilities on the registry's thread now (a handle is being opened on it,
    /// or no other thread could be had) and publishes `capabilitiesRead`.
    func readCapabilitiesNow(of id: DeviceID) {
        guard pendingCapabilities.contains(id), let device = known[id] else { return }
        described(id, nodes: device.nodes.map(\.path), capabilityReader(for: device)())
    }

    /// A blocking read of `device` whole: discovery over its own nodes only, the device found again by ID (or,
    /// for a look-alike whose ID depends on the whole machine, by name and nodes). nil when it vanished mid-read.
    private func capabilityReader(for device: Device) -> @Sendable () -> Device? {
        let makeSystem = makeSystem
        let options = options
        let logger = discoveryLogger
        let nodes = device.nodes.map(\.path)
        let (id, name) = (device.id, device.name)
        return {
            let scoped = ScopedSystem(base: makeSystem(), focus: Set(nodes))
            let found = DeviceDiscovery(system: scoped, logger: logger).discover(options).devices.filter { d in
                d.nodes.map(\.path) == nodes && !d.allProblems.contains { $0.kind == .deviceGone }
            }
            return found.first { $0.id == id } ?? found.first { $0.name == name }
        }
    }

    /// Publishes a device's capabilities, unless it went away, changed (its `changed` carried them) or was
    /// read already. A device that vanished mid-read stays without them: its `disconnected` follows.
    func described(_ id: DeviceID, nodes: [String], _ whole: Device?) {
        guard pendingCapabilities.contains(id), let now = known[id], now.nodes.map(\.path) == nodes else { return }
        guard var whole else {
            logger.debug("capabilities not read: the device was gone when read", metadata: ["id": "\(id)"])
            heldOpen[id] = nil  // a driver going away (`rmmod`) is not kept waiting for its `disconnected`
            return
        }
        whole.id = id
        known[id] = whole
        // Closed before the line that says it is read: what follows it (a `rmmod vivid`, an exclusive open) finds
        // nothing of camprobe's open.
        endPending(id)
        publish(.capabilitiesRead(whole))
    }

    /// `id` awaits no capabilities any more (read whole, or gone): the nodes kept open for it close.
    func endPending(_ id: DeviceID) {
        pendingCapabilities.remove(id)
        heldOpen[id] = nil
    }
}
