import CaptureModel
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

/// Which devices a `DiscoverySession` reports.
public struct DiscoveryFilter: Sendable, Hashable {
    /// What a device captures.
    public enum MediaType: Sendable, Hashable {
        /// It has a video capture node (a camera).
        case video
        /// It has a capture PCM (a microphone, or a camera's).
        case audio
    }
    /// A device is reported when it captures any of these.
    public var mediaTypes: Set<MediaType>
    /// When set, only devices on these transports (`.usb`, `.platform`, …).
    public var transports: Set<TransportKind>?

    public init(mediaTypes: Set<MediaType> = [.video], transports: Set<TransportKind>? = nil) {
        self.mediaTypes = mediaTypes
        self.transports = transports
    }

    /// Whether `device` passes the filter.
    public func matches(_ device: Device) -> Bool {
        if let transports, !transports.contains(device.transport.kind) { return false }
        // A device just arrived has no `captures` yet: its capture nodes tell it is a camera.
        let video = !device.captures.isEmpty || device.nodes.contains { $0.role == .capture }
        return (mediaTypes.contains(.video) && video) || (mediaTypes.contains(.audio) && !device.audio.isEmpty)
    }
}

/// Every capture device of the machine now and as it changes
/// (AVCaptureDevice.DiscoverySession): libudev enumeration plus a hotplug
/// monitor that runs for the session's lifetime, one device per physical
/// camera. Without a udev daemon it follows the kernel's uevents; when no
/// monitor can be had at all it still lists, and `hotplug` says why events are off.
public final class DiscoverySession: Sendable {
    /// Whether connects and disconnects are followed, and how.
    public enum Hotplug: Sendable, Hashable {
        /// udevd's events (`udev_monitor_new_from_netlink("udev")`): nodes are ready when announced.
        case udev
        /// The kernel's uevents, because udevd is not running: nodes may lack their permissions for a moment.
        case kernelOnly
        /// No monitor could be started (the reason names the call): `devices` is a one-time listing.
        case off(reason: String)
    }

    public let filter: DiscoveryFilter
    public let hotplug: Hotplug
    let registry: DeviceRegistry

    /// Lists the machine's capture devices and starts following hotplug.
    /// The corresponding C calls are libudev's enumeration and `udev_monitor_new_from_netlink`.
    public convenience init(_ filter: DiscoveryFilter = DiscoveryFilter()) async {
        await self.init(filter: filter, registry: DeviceRegistry(), monitor: { () throws(UdevError) in try UdevMonitor.start() })
    }

    package init(
        filter: DiscoveryFilter, registry: DeviceRegistry,
        monitor: () throws(UdevError) -> AsyncStream<HotplugEvent>
    ) async {
        self.filter = filter
        self.registry = registry
        do throws(UdevError) {
            let events = try monitor()
            hotplug = UdevMonitor.preferredSource == .udev ? .udev : .kernelOnly
            await registry.start(events: events)
        } catch {
            hotplug = .off(reason: "\(error)")
            await registry.start(events: AsyncStream { $0.finish() })
        }
    }

    deinit {
        let registry = registry
        Task { await registry.stop() }
    }

    /// The matching devices present now with their capabilities read (one that has `arrived` is here once
    /// it `wasConnected`).
    public var devices: [Device] {
        get async { await registry.describedDevices.filter(filter.matches) }
    }

    /// The events: first one `wasConnected(initial: true)` per matching device
    /// present now (with its capabilities read), then live arrivals, connects and disconnects. Each call is a
    /// listener of its own.
    public func events() async -> AsyncStream<DiscoveryEvent> {
        let (present, live) = await registry.snapshotAndEvents()
        let filter = filter
        return AsyncStream(bufferingPolicy: .bufferingOldest(1024)) { continuation in
            for d in present where filter.matches(d) { continuation.yield(.wasConnected(d, initial: true)) }
            let task = Task {
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
    public func stop() async { await registry.stop() }
}
