import ALSA
import CaptureModel
import V4L2

/// A system that lists only the nodes of some physical devices: an early rescan reads the
/// devices whose nodes just arrived, not every camera and sound card on the machine.
struct ScopedSystem: DeviceSystem {
    let base: any DeviceSystem
    /// Nodes that are new since the registry last looked; their physical devices are listed whole.
    let focus: Set<String>
    /// `base.nodeRecords()` when the caller listed them already (one libudev scan per re-read, not two).
    var listing: (nodes: [NodeRecord], note: String?)? = nil

    /// `base.nodeRecords()` (or `listing`), keeping the focused nodes and every node sharing a physical parent with one.
    func nodeRecords() -> (nodes: [NodeRecord], note: String?) {
        let (all, note) = listing ?? base.nodeRecords()
        let parents = Set(all.filter { focus.contains($0.devnode) }.compactMap { $0.parent?.sysPath })
        let kept = all.filter { r in focus.contains(r.devnode) || r.parent.map { parents.contains($0.sysPath) } == true }
        return (kept, note)
    }

    func open(_ path: String, throughLibV4L2: Bool) throws(V4L2Error) -> any DevicePort {
        try base.open(path, throughLibV4L2: throughLibV4L2)
    }
    var alsa: any ALSAPort { base.alsa }
    var mediaDevnodes: DevnodeResolver { base.mediaDevnodes }
    func libcameraID(sensorSubdev: String, entity: String) -> String? {
        base.libcameraID(sensorSubdev: sensorSubdev, entity: entity)
    }
    func hotplugReadiness(listed: [NodeRecord]) -> HotplugReadiness? { base.hotplugReadiness(listed: listed) }
}
