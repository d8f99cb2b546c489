import ALSA
import CaptureModel
import Udev
import V4L2

/// Where nodes come from and how they are opened: the real machine (libudev
/// + `open(2)` + libasound), or a fake one in tests and `--fixture` runs.
package protocol DeviceSystem {
    /// All V4L2 and media nodes with their udev/sysfs identity, and a note
    /// when something limits what could be learned (e.g. no udev daemon).
    func nodeRecords() -> (nodes: [NodeRecord], note: String?)
    /// `nodeRecords()`, keeping the records of `previous` for nodes still present whose devnode is not in
    /// `changed` instead of reading them again (a hotplug re-read reads only the nodes udev sent events for), and
    /// taking udev's properties for a node from `told` (its latest udev `add` or `change` event, by sysfs path)
    /// instead of from udev's database. `awaitingEvents`: udev's events have been watched since `previous` was
    /// listed, so a node neither kept nor told is one whose event is still to come: it is listed unfinished
    /// (`NodeRecord.udevFinished` false), without reading udev's database.
    func nodeRecords(
        reusing previous: [NodeRecord], except changed: Set<String>, told: [String: HotplugEvent], awaitingEvents: Bool
    ) -> (nodes: [NodeRecord], note: String?)
    /// Opens a node for ioctls, directly or through libv4l2.
    func open(_ path: String, throughLibV4L2: Bool) throws(V4L2Error) -> any DevicePort
    /// libasound, for the sound cards among the node records.
    var alsa: any ALSAPort { get }
    /// How a media graph's interface devnodes (major:minor) become `/dev` paths.
    var mediaDevnodes: DevnodeResolver { get }
    /// libcamera's id for the sensor behind subdevice node `sensorSubdev`, derived from sysfs the way
    /// libcamera derives it; nil when it cannot be told.
    func libcameraID(sensorSubdev: String, entity: String) -> String?
    /// Which of the nodes `nodeRecords()` just listed udev has finished, for announcing hotplugged devices as
    /// soon as they are complete; nil when this system cannot tell (the registry then waits its settle window).
    func hotplugReadiness(listed: [NodeRecord]) -> HotplugReadiness?
    /// Where USB cameras' bus model is read (sysfs: `/sys` on the machine, a fixture tree in tests).
    var usbBus: USBBusReader { get }
}

extension DeviceSystem {
    /// Reads every node again.
    package func nodeRecords(
        reusing previous: [NodeRecord], except changed: Set<String>, told: [String: HotplugEvent], awaitingEvents: Bool
    ) -> (nodes: [NodeRecord], note: String?) { nodeRecords() }
    package func libcameraID(sensorSubdev: String, entity: String) -> String? { nil }
    package func hotplugReadiness(listed: [NodeRecord]) -> HotplugReadiness? { nil }
    package var usbBus: USBBusReader { USBBusReader() }
}

/// The real machine: libudev for nodes, `open(2)`/`ioctl(2)` (or libv4l2) for ioctls.
package struct SystemDeviceSystem: DeviceSystem {
    package init() {}
    package func nodeRecords() -> (nodes: [NodeRecord], note: String?) { UdevNodeSource.nodes() }
    /// The class directories read again, libudev only for the nodes neither kept nor told
    /// (`UdevNodeSource.nodes(reusing:except:told:awaitingEvents:)`).
    package func nodeRecords(
        reusing previous: [NodeRecord], except changed: Set<String>, told: [String: HotplugEvent], awaitingEvents: Bool
    ) -> (nodes: [NodeRecord], note: String?) {
        UdevNodeSource.nodes(reusing: previous, except: changed, told: told, awaitingEvents: awaitingEvents)
    }
    package func open(_ path: String, throughLibV4L2: Bool) throws(V4L2Error) -> any DevicePort {
        try SystemDevicePort(path: path, throughLibV4L2: throughLibV4L2)
    }
    package var alsa: any ALSAPort { SystemALSAPort() }
    /// `/sys/dev/char/MAJ:MIN/uevent` (`DEVNAME`).
    package var mediaDevnodes: DevnodeResolver { .sysfs() }
    package func libcameraID(sensorSubdev: String, entity: String) -> String? {
        LibcameraID.derive(sensorSubdev: sensorSubdev, entity: entity)
    }
    /// `stat(2)` of each listed node and `access(2)` of udev's database entry for its number (`UdevReadiness`).
    package func hotplugReadiness(listed: [NodeRecord]) -> HotplugReadiness? {
        guard let r = UdevReadiness.read(listed: listed) else { return nil }
        return HotplugReadiness(
            presentNodes: r.presentNodes, unfinishedNodes: r.unfinishedNodes, incompleteParents: r.incompleteParents,
            udevBusy: r.busy)
    }
}
