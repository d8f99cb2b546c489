import CaptureModel
import Foundation
import Testing

@testable import Udev

/// `UdevNodeSource.nodes()` and `UdevReadiness.read()` on this machine, which may have no camera, no sound
/// card and no udev daemon: whatever is found must be well formed and agree with sysfs and with each other.
@Suite("Udev node enumeration on this machine")
struct UdevNodeSourceTests {
    static let udevdRuns = FileManager.default.fileExists(atPath: "/run/udev/control")

    /// The `/dev` nodes sysfs announces for the listed kinds: `/sys/class/video4linux/video*`,
    /// `/sys/class/media/media*` and `/sys/class/sound/controlC*`.
    static func sysfsNodes() -> Set<String> {
        var out = Set<String>()
        let classes = [("video4linux", "video", "/dev/"), ("media", "media", "/dev/"), ("sound", "controlC", "/dev/snd/")]
        for (cls, prefix, dev) in classes {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: "/sys/class/" + cls)) ?? []
            for name in names where name.hasPrefix(prefix) { out.insert(dev + name) }
        }
        return out
    }

    @Test func everyNodeIsAListedDevNodeOfAWatchedSubsystemOnce() {
        let nodes = UdevNodeSource.nodes().nodes
        let paths = nodes.map(\.devnode)
        #expect(Set(paths).count == paths.count, "listed twice: \(paths)")
        for node in nodes {
            let name = node.devnode.split(separator: "/").last.map(String.init) ?? ""
            #expect(node.devnode.hasPrefix("/dev/"), "\(node.devnode)")
            #expect(["video", "media", "controlC"].contains { name.hasPrefix($0) }, "\(node.devnode)")
            #expect(UdevNodeSource.subsystems.contains(node.subsystem), "\(node.devnode): \(node.subsystem)")
            #expect(node.sysPath?.hasPrefix("/sys/") == true, "\(node.devnode): \(node.sysPath ?? "no sysfs path")")
            #expect(node.sysPath?.hasSuffix("/" + name) == true, "\(node.devnode): \(node.sysPath ?? "no sysfs path")")
        }
    }

    @Test func linksAreSortedAndUnderTheirDevV4lFolder() {
        for node in UdevNodeSource.nodes().nodes {
            #expect(node.byID == node.byID.sorted())
            #expect(node.byPath == node.byPath.sorted())
            #expect(node.byID.allSatisfy { $0.hasPrefix("/dev/v4l/by-id/") }, "\(node.byID)")
            #expect(node.byPath.allSatisfy { $0.hasPrefix("/dev/v4l/by-path/") }, "\(node.byPath)")
            #expect(Set(node.byID).count == node.byID.count && Set(node.byPath).count == node.byPath.count)
        }
    }

    @Test func parentsAreSysfsDevicesOnAKnownBus() {
        let buses: Set<String> = ["usb", "pci", "platform", "i2c", "spi", "virtio", "sdio"]
        for node in UdevNodeSource.nodes().nodes {
            guard let parent = node.parent else { continue }
            #expect(parent.sysPath.hasPrefix("/sys/"), "\(node.devnode): \(parent.sysPath)")
            #expect(buses.contains(parent.bus), "\(node.devnode): \(parent.bus)")
            #expect(parent.portPath?.isEmpty != true, "\(node.devnode)")
            if let speed = parent.speedMbps { #expect(speed > 0) }
        }
    }

    /// Sorted by subsystem (descending: video4linux, sound, media) and then by node number.
    @Test func nodesAreSortedBySubsystemThenNumber() {
        let nodes = UdevNodeSource.nodes().nodes
        for (a, b) in zip(nodes, nodes.dropFirst()) {
            let ordered = a.subsystem > b.subsystem || (a.subsystem == b.subsystem && NodeOrder.less(a.devnode, b.devnode))
            #expect(ordered, "\(a.devnode) (\(a.subsystem)) before \(b.devnode) (\(b.subsystem))")
        }
    }

    @Test func everyNodeSysfsAnnouncesIsListed() {
        let listed = Set(UdevNodeSource.nodes().nodes.map(\.devnode))
        let announced = Self.sysfsNodes()
        #expect(announced.subtracting(listed).isEmpty, "missing: \(announced.subtracting(listed).sorted())")
    }

    @Test func theNoteSaysSoExactlyWhenNoUdevDaemonRuns() {
        let note = UdevNodeSource.nodes().note
        #expect((note == nil) == Self.udevdRuns, "note: \(note ?? "none")")
        if let note { #expect(!note.isEmpty) }
    }

    @Test func readinessIsUnknownExactlyWhenNoUdevDaemonRuns() {
        #expect((UdevReadiness.read(listed: UdevNodeSource.nodes().nodes) != nil) == Self.udevdRuns)
    }

    @Test func readinessIsConsistentWithTheNodesListed() {
        let listed = UdevNodeSource.nodes().nodes
        guard let readiness = UdevReadiness.read(listed: listed) else {
            #expect(!Self.udevdRuns)
            return
        }
        #expect(readiness.unfinishedNodes.isSubset(of: readiness.presentNodes))
        #expect(readiness.presentNodes.allSatisfy { $0.hasPrefix("/dev/") }, "\(readiness.presentNodes)")
        #expect(readiness.incompleteParents.allSatisfy { $0.hasPrefix("/sys/") }, "\(readiness.incompleteParents)")
        for node in readiness.presentNodes where !FileManager.default.fileExists(atPath: node) {
            #expect(readiness.unfinishedNodes.contains(node), "\(node) is missing from /dev yet finished")
        }
    }
}
