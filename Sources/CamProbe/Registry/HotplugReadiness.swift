/// What udev has finished, read in one moment: the registry announces a
/// device as soon as every node the kernel has for it (video, media, sound-card
/// control) has been processed by udev, instead of waiting for a quiet window.
package struct HotplugReadiness: Sendable, Hashable {
    /// Every node sysfs lists now that can make a device (`/dev/video0`, `/dev/media0`, `/dev/snd/controlC1`);
    /// a system may list more (the fake lists every node of its fixture).
    package var presentNodes: Set<String>
    /// Nodes registered in sysfs that udev has not finished yet (no `/run/udev/data/c<major>:<minor>`
    /// entry, or no `/dev` node).
    package var unfinishedNodes: Set<String>
    /// sysfs paths of physical parents (USB device, PCI function, platform device) that are not
    /// complete: one of their nodes is unfinished, or one of their interfaces announces a node
    /// (USB video or audio control interface) that its driver has not added yet.
    package var incompleteParents: Set<String>
    /// udev still has events queued or running (`/run/udev/queue` exists): an unfinished node is being worked
    /// on, not forgotten, so the registry waits for it longer (`SettleWindow.busyPatience`).
    package var udevBusy: Bool

    package init(
        presentNodes: Set<String>, unfinishedNodes: Set<String> = [], incompleteParents: Set<String> = [],
        udevBusy: Bool = false
    ) {
        self.presentNodes = presentNodes
        self.unfinishedNodes = unfinishedNodes
        self.incompleteParents = incompleteParents
        self.udevBusy = udevBusy
    }

    /// True when the device's nodes and its physical parent are finished.
    package func isComplete(_ device: Device) -> Bool {
        if let p = device.identity.physicalPath, incompleteParents.contains(p) { return false }
        return !device.nodes.contains { unfinishedNodes.contains($0.path) }
    }

    /// True when none of `paths` is still listed by sysfs.
    package func areGone(_ paths: [String]) -> Bool { !paths.contains { presentNodes.contains($0) } }
}
