import ALSA
import ALSATesting
import CamProbe
import CaptureModel
import DeviceFixtures
import Udev
import V4L2
import V4L2Testing

/// The fake machine as the façade reads one: its V4L2 ports (V4L2Testing), its sound cards
/// (ALSATesting), a USB sysfs tree, and what udev has not finished.
extension FakeDeviceSystem: DeviceSystem {
    /// Every node of the fixture is present (whatever was listed); those `pending` names are unfinished, and so
    /// are their parents.
    package func hotplugReadiness(listed: [NodeRecord]) -> HotplugReadiness? {
        guard let pending else { return nil }
        let (nodes, parents) = pending()
        let present = Set(spec.nodes.map(\.path))
        let unfinished = nodes.intersection(present)
        let unfinishedParents = spec.nodes.filter { unfinished.contains($0.path) }.compactMap { $0.udev?.parent?.sysPath }
        return HotplugReadiness(presentNodes: present, unfinishedNodes: unfinished, incompleteParents: parents.union(unfinishedParents))
    }

    package var usbBus: USBBusReader { USBBusReader(root: usbSysfsRoot ?? "/nonexistent-sysfs") }

    package var alsa: any ALSAPort { FakeALSAPort(cards: spec.nodes) }

    package func open(_ path: String, throughLibV4L2: Bool) throws(V4L2Error) -> any DevicePort {
        try openPort(path, throughLibV4L2: throughLibV4L2)
    }
}

extension FakeDeviceSystem {
    /// Full discovery (what `show` reads for every device).
    package func discoverAll(emulated: Bool = false) -> DeviceDiscovery.Result {
        DeviceDiscovery(system: self).discover(DiscoveryOptions(emulated: emulated))
    }
}
