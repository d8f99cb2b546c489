import CaptureModel
import HostSystem
import Logging
import Udev

/// What a `DiscoverySession` tells: a device arrived or left (AVFoundation's
/// `AVCaptureDeviceWasConnected` / `WasDisconnected`).
public enum DiscoveryEvent: Sendable, Hashable {
    /// A device was plugged in and its nodes are ready: identity and nodes only (`captures` is empty: not read
    /// yet, not absent). Its capabilities are being read; `wasConnected` follows with them, or `wasDisconnected`
    /// if it goes first. Announced within milliseconds of udev's last event for the device (each capture node's
    /// `VIDIOC_QUERYCAP` only), for an application that wants to show a camera before it can configure it.
    case arrived(Device)
    /// A device is present with its capabilities read, ready to negotiate and open. `initial` is true for the
    /// devices that were already there when the events began (they come first), false for a live connect.
    case wasConnected(Device, initial: Bool)
    /// A device went away (unplugged, driver unbound, or found gone by a handle).
    case wasDisconnected(DeviceID, name: String)
    /// A present device's nodes changed (a late metadata node, a microphone).
    case changed(Device)
    /// The listener was too slow and missed this many events: read `devices` again.
    case overflow(dropped: Int)
}

/// Every capture device of the machine now and as it changes
/// (AVCaptureDevice.DiscoverySession): libudev enumeration plus a hotplug
/// monitor that runs for the session's lifetime, one device per physical
/// camera. Without a udev daemon it follows the kernel's uevents; when no
/// monitor can be had at all it still lists, and `hotplug` says why events are off.
///
/// For one listing, `DiscoverySession(filter, following: false)`: the same devices, openable with
/// `open(_:node:)`, and no monitor, no thread of its own.
public final class DiscoverySession: Sendable {
    /// Whether connects and disconnects are followed, and how.
    public enum Hotplug: Sendable, Hashable {
        /// udevd's events (`udev_monitor_new_from_netlink("udev")`): nodes are ready when announced.
        case udev
        /// The kernel's uevents, because udevd is not running: nodes may lack their permissions for a moment.
        case kernelOnly
        /// No monitor: `devices` is a one-time listing. Either none could be started (the reason names the
        /// call), or none was asked for (`following: false`; the reason is `DiscoverySession.oneShotReason`).
        case off(reason: String)
    }

    /// `hotplug`'s reason for a session made with `following: false`.
    public static let oneShotReason = "not following hotplug: a one-shot session (following: false)"

    public let filter: DiscoveryFilter
    public let hotplug: Hotplug
    let registry: DeviceRegistry
    /// Passes one hotplug event on to `relay`, carrying the events lost before it (`lost`, kept between calls) in
    /// its `droppedBefore`; an event the relay's buffer refuses is lost with those it carried.
    package static func relay(_ event: HotplugEvent, lost: inout Int, to relay: AsyncStream<HotplugEvent>.Continuation) {
        var e = event
        e.droppedBefore += lost
        if case .dropped = relay.yield(e) { lost = e.droppedBefore + 1 } else { lost = 0 }
    }

    /// How many hotplug events wait between the monitor and the registry (`UdevMonitor.start`'s own bound).
    static let relayLimit = 4096

    /// The tasks the session started (the hotplug relay, each listener's), cancelled when it ends.
    let tasks = TaskSet()

    /// How many of the session's own tasks (the hotplug relay, one per listener) are still running: 0 once
    /// `stop()` has returned and they have ended (for tests).
    package var runningTasks: Int { tasks.count }

    /// Lists the machine's capture devices and, unless `following` is false, starts following hotplug.
    ///
    /// - Parameters:
    ///   - filter: which devices `devices` and `events()` report.
    ///   - following: true (the default): the listing, then a udev monitor (`udev_new`,
    ///     `udev_monitor_new_from_netlink("udev")`, or `"kernel"` without udevd, `udev_monitor_enable_receiving`)
    ///     read on a thread of its own for the session's lifetime, with rescans on a thread of their own.
    ///     false: the listing and nothing more. `udev_monitor_new_from_netlink` is never called and the session
    ///     starts no thread of its own (the listing runs on the process-wide device thread); `hotplug` is
    ///     `.off(reason: DiscoverySession.oneShotReason)`; `events()` gives the devices listed, each
    ///     `wasConnected(initial: true)`, and ends; the list does not change after `init`, except that a device
    ///     an open handle finds gone (`ENODEV`) leaves it. Its devices open with `open(_:node:)` as a following
    ///     session's do. The listing, either way: the nodes named in `/sys/class/video4linux`,
    ///     `/sys/bus/media/devices` and `/sys/class/sound` (`readlink(2)`), each read with libudev's
    ///     `udev_device_new_from_syspath`, then each node's `open(2)` and query ioctls (`VIDIOC_QUERYCAP`, the
    ///     `VIDIOC_ENUM_*` calls, `MEDIA_IOC_G_TOPOLOGY`, libasound's card queries); nothing is written.
    ///   - logger: where the session says what it listed, opened, read and skipped, and the hotplug events it
    ///     took, at `debug` and `trace` only (nothing above `debug`, so an application that never configured
    ///     logging prints nothing). By default `camprobe.discovery` and `camprobe.registry`.
    public convenience init(_ filter: DiscoveryFilter = DiscoveryFilter(), following: Bool = true, logger: Logger? = nil) async {
        let registry = DeviceRegistry(
            logger: logger ?? Logger(label: "camprobe.registry"), discoveryLogger: logger ?? Logger(label: "camprobe.discovery"),
            ownThread: following)
        guard following else {
            await self.init(filter: filter, registry: registry, monitor: nil)
            return
        }
        await self.init(filter: filter, registry: registry, monitor: { () throws(UdevError) in try UdevMonitor.start() })
    }

    /// A session over `registry`; `monitor` nil: a one-shot session (nothing followed, the monitor never started).
    package init(
        filter: DiscoveryFilter, registry: DeviceRegistry,
        monitor: (() throws(UdevError) -> AsyncStream<HotplugEvent>)?
    ) async {
        self.filter = filter
        self.registry = registry
        guard let monitor else {
            hotplug = .off(reason: DiscoverySession.oneShotReason)
            await registry.list()
            return
        }
        do throws(UdevError) {
            let events = try monitor()
            hotplug = UdevMonitor.preferredSource == .udev ? .udev : .kernelOnly
            // The registry follows a stream the session can end by itself, at once, even from `deinit`: the
            // relay's task is cancelled (which ends the monitor's stream, and so its thread) and the relayed
            // stream finished (which ends the registry's reading). The relay keeps the monitor's bound: events
            // it cannot buffer are counted into the next one's `droppedBefore`, so a registry that falls behind
            // still learns it lost events and lists everything again, as it would from the monitor itself.
            let (relayed, relay) = AsyncStream<HotplugEvent>.makeStream(bufferingPolicy: .bufferingOldest(Self.relayLimit))
            tasks.onEnd { relay.finish() }
            _ = tasks.start {
                var lost = 0
                for await e in events { Self.relay(e, lost: &lost, to: relay) }
                relay.finish()
            }
            await registry.start(events: relayed)
        } catch {
            hotplug = .off(reason: "\(error)")
            await registry.start(events: AsyncStream { $0.finish() })
        }
    }

    /// Ends the session's tasks at once: the hotplug relay (so the monitor's thread ends and the registry stops
    /// reading) and every listener's (each listener's stream finishes). Nothing is left running for later.
    deinit { tasks.cancelAll() }

    /// The matching devices present now with their capabilities read (one that has `arrived` is here once
    /// it `wasConnected`).
    public var devices: [Device] {
        get async { await registry.describedDevices.filter(filter.matches) }
    }

    /// The events: first one `wasConnected(initial: true)` per matching device
    /// present now (with its capabilities read), then live arrivals, connects and disconnects. Each call is a
    /// listener of its own. A one-shot session's (`following: false`) end after the devices present.
    public func events() async -> AsyncStream<DiscoveryEvent> {
        let filter = filter
        guard await registry.isFollowing else {
            let present = await registry.describedDevices
            return AsyncStream { continuation in
                for d in present where filter.matches(d) { continuation.yield(.wasConnected(d, initial: true)) }
                continuation.finish()
            }
        }
        let (present, live) = await registry.snapshotAndEvents()
        let tasks = tasks
        return AsyncStream(bufferingPolicy: .bufferingOldest(1024)) { continuation in
            for d in present where filter.matches(d) { continuation.yield(.wasConnected(d, initial: true)) }
            let task = tasks.start {
                var reported = Set(present.filter(filter.matches).map(\.id))
                var arrived = Set<DeviceID>()  // announced `arrived`, not yet `wasConnected`
                for await e in live {
                    switch e {
                    case .connected(let d) where filter.matches(d) && !d.awaitsCapabilities:
                        reported.insert(d.id)  // a microphone of its own is whole when it connects
                        continuation.yield(.wasConnected(d, initial: false))
                    case .connected(let d) where filter.matches(d):
                        arrived.insert(d.id)
                        continuation.yield(.arrived(d))
                    case .capabilitiesRead(let d) where filter.matches(d):
                        arrived.remove(d.id)
                        reported.insert(d.id)
                        continuation.yield(.wasConnected(d, initial: false))
                    case .changed(let d) where filter.matches(d):
                        arrived.remove(d.id)
                        if reported.insert(d.id).inserted {
                            continuation.yield(.wasConnected(d, initial: false))
                        } else {
                            continuation.yield(.changed(d))
                        }
                    case .disconnected(let id, let name) where reported.remove(id) != nil || arrived.remove(id) != nil:
                        continuation.yield(.wasDisconnected(id, name: name))
                    case .overflow(let n):
                        continuation.yield(.overflow(dropped: n))
                    default:
                        break
                    }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Opens a handle on a present device, told when the device goes away
    /// (its calls then throw `disconnected` and listeners get `wasDisconnected`).
    /// The corresponding C call is `open(2)`.
    public func open(_ device: Device, node: String? = nil) async throws(CaptureDeviceError) -> CaptureDevice {
        try await registry.open(device.id, node: node)
    }

    /// Stops following hotplug and ends every listener's events.
    public func stop() async {
        tasks.cancelAll()
        await registry.stop()
    }
}
