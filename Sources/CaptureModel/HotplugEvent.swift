/// One raw kernel/udev event about a device node (`udev_monitor_receive_device`).
package struct HotplugEvent: Sendable, Hashable {
    /// "add", "remove", "change", "bind", "unbind", …
    package var action: String
    /// "video4linux", "media" or "sound".
    package var subsystem: String
    package var devnode: String?
    package var sysPath: String
    /// udev's SEQNUM, 0 when unknown.
    package var sequence: UInt64
    /// CLOCK_MONOTONIC nanoseconds when camprobe received the event.
    package var receivedAt: UInt64
    /// Raw events dropped before this one because the consumer was slow (0 normally).
    package var droppedBefore: Int
    /// udev's `DEVLINKS` for the node, as udevd had made them when it sent the event (empty when it names none).
    package var links: [String]
    /// udev's `ID_PATH` for the node, when the event carries one.
    package var udevIDPath: String?

    package init(
        action: String, subsystem: String, devnode: String? = nil, sysPath: String, sequence: UInt64 = 0,
        receivedAt: UInt64 = 0, droppedBefore: Int = 0, links: [String] = [], udevIDPath: String? = nil
    ) {
        self.action = action
        self.subsystem = subsystem
        self.devnode = devnode
        self.sysPath = sysPath
        self.sequence = sequence
        self.receivedAt = receivedAt
        self.droppedBefore = droppedBefore
        self.links = links
        self.udevIDPath = udevIDPath
    }
}
