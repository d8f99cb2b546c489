import CaptureModel
import HostSystem
import Negotiation
import V4L2

/// Why a `CaptureDevice` call failed.
public struct CaptureDeviceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure; the raw values are the JSON spelling (`holder-error` events).
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// The device went away; it stays so for this handle, as AVFoundation's `isConnected`.
        case disconnected
        /// This handle was closed.
        case closed
        /// The driver refused, or the request cannot be met.
        case failed
        /// Another handle holds the camera (or a node of its pipeline): `holders` names who, where it can be seen.
        case busy
        /// Streaming started but no frame came within the timeout: the driver stopped delivering
        /// (or never began). The camera is still there; a longer timeout or a replug may help.
        case stalled
        /// A borrowed frame's bytes were read after it went back to the driver (`VideoFrame.release()`,
        /// the next frame, or the stream's end): copy a frame to keep it.
        case released
        /// Another process took or reconfigured the camera, or the USB bus had no bandwidth left:
        /// `interruption` says which and who. `FrameOutputOptions.resumesAfterInterruption` waits it out instead.
        case interrupted
    }

    public var kind: Kind
    public var id: DeviceID
    public var message: String
    /// The V4L2 error behind it, when there is one.
    public var underlying: V4L2Error?
    /// The processes that hold the node (from `/proc/PID/fd`), when the kind is `busy` and they can be seen.
    public var holders: [NodeHolder] = []
    /// What interrupted the camera, when the kind is `interrupted`.
    public var interruption: CaptureInterruption?
    public var description: String { message }

    /// An error of `kind` for device `id`, saying `message` (for a recorder that reports its own
    /// failures in the same type, and for tests).
    public init(
        kind: Kind, id: DeviceID, message: String, underlying: V4L2Error? = nil, holders: [NodeHolder] = [],
        interruption: CaptureInterruption? = nil
    ) {
        self.kind = kind
        self.id = id
        self.message = message
        self.underlying = underlying
        self.holders = holders
        self.interruption = interruption
    }
}

/// An open handle on one physical device's capture node, as a recorder holds
/// it: the device stays open between calls.
///
/// When the device goes away while held — unplugged, driver unbound, vivid's
/// `disconnect` control — every later call throws a `CaptureDeviceError` of
/// kind `disconnected` (never a crash or a hang), `isConnected` stays false
/// forever, and the registry that opened it is told, so its subscribers get
/// one `.disconnected` even when no udev event arrives.
public actor CaptureDevice {
    /// The thread this handle's device I/O runs on (never the cooperative pool).
    private nonisolated let executor: ThreadExecutor
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    public nonisolated let id: DeviceID
    public nonisolated let name: String
    /// The capture node this handle holds open.
    public nonisolated let path: String
    nonisolated let bufferType: BufferType
    private var port: (any DevicePort)?
    /// True once the node was opened (or the open failed); `close()` does not reopen it.
    private var opened = false
    /// Why the open failed, said again by every later call.
    private var openFailure: CaptureDeviceError?
    /// How the device's other nodes are opened (a media pipeline's subdevices).
    let system: any DeviceSystem
    private let registry: DeviceRegistry?
    /// The configuration lock, while held.
    var lock: CameraLock?
    /// What the last `apply` read back, while the lock that made it is held: nobody else can have
    /// changed the mode since, so `frames()` starts from it without asking the driver again.
    var appliedUnderLock: (mode: CaptureMode, bytesPerLine: UInt32)?
    /// The mode this handle last applied (kept after unlocking): `frames()` compares the driver's with it,
    /// so another process's change is reported, never streamed silently.
    var lastApplied: CaptureMode?
    /// The frames this handle streams (`frames(_:)`), while they run.
    var frameProducer: FrameProducer?
    /// The advisory lock of this camera's USB bandwidth domain, from a decision beside the bus (`decide(preset:for:)`)
    /// until this handle's `VIDIOC_STREAMON` (or `close()`).
    var busLock: USBDomainLock?
    /// The media-controller camera this node belongs to: its pipeline is locked and configured with it.
    nonisolated let sensor: SensorCamera?
    /// A USB camera's sysfs device and this node's capabilities: what a refused STREAMON (`ENOSPC`) is explained with.
    nonisolated let usb: (sysfs: String, node: CaptureNodeCapabilities?)?
    /// The session preset in force: `inputPriority` (the mode is left as the driver has it)
    /// until `commit(preset:for:)` sets one; an explicit mode (`apply`) switches it back to
    /// `inputPriority`, as in AVFoundation.
    public internal(set) var sessionPreset: SessionPreset = .inputPriority
    /// False once the device was found gone; never true again for this handle.
    public private(set) var isConnected = true

    /// A handle on the device's first capture node, not opened yet: the node is opened on the handle's own thread
    /// by the first call that needs it (`open(2)` can block on a driver), never on the caller's. Use
    /// `CaptureDevice.open(device:registry:system:)` to open it now and see the error at once.
    package init(device: Device, registry: DeviceRegistry? = nil, system: any DeviceSystem = SystemDeviceSystem())
        throws(CaptureDeviceError)
    {
        guard let capture = device.captures.first else {
            throw CaptureDeviceError(kind: .failed, id: device.id, message: "\(device.name) (\(device.id)) has no video capture node")
        }
        guard let executor = ThreadExecutor() else {
            throw CaptureDeviceError(
                kind: .failed, id: device.id,
                message: "cannot open \(device.name) (\(device.id)): the system refused a thread for it (pthread_create); too many threads?"
            )
        }
        self.executor = executor
        id = device.id
        name = device.name
        path = capture.path
        bufferType =
            capture.activeFormat?.bufferType
            ?? (capture.identity.deviceCaps.contains(.videoCaptureMultiplanar) && !capture.identity.deviceCaps.contains(.videoCapture)
                ? .videoCaptureMultiplanar : .videoCapture)
        self.registry = registry
        self.system = system
        sensor = device.sensor.flatMap { $0.output(at: capture.path) != nil ? $0 : nil }
        usb =
            device.transport.kind == .usb
            ? device.identity.physicalPath.map { ($0, device.captures.first { $0.path == capture.path }) } : nil
    }

    /// A handle on `device`'s capture node `node` (its first when nil), opened now on the handle's own thread.
    /// The corresponding C call is `open(2)`.
    package static func open(
        device: Device, node: String? = nil, registry: DeviceRegistry? = nil, system: sending any DeviceSystem = SystemDeviceSystem()
    ) async throws(CaptureDeviceError) -> CaptureDevice {
        let camera =
            if let node {
                try CaptureDevice(device: device, node: node, registry: registry, system: system)
            } else {
                try CaptureDevice(device: device, registry: registry, system: system)
            }
        try await camera.connect()
        return camera
    }

    /// Opens the node now, if it is not open yet (on this handle's thread).
    func connect() throws(CaptureDeviceError) { _ = try usablePort() }

    /// A handle dropped while it streams stops its frames: the streaming thread undoes the
    /// stream (`VIDIOC_STREAMOFF`, `munmap`, `VIDIOC_REQBUFS` 0) and the node's file is closed
    /// when it lets go; the configuration lock is released with it.
    deinit {
        frameProducer?.abandon()
        executor.shutdown()
    }

    /// The active format, read from the driver now (a recorder reads `activeMode()`).
    ///
    /// The corresponding ioctl is `VIDIOC_G_FMT`.
    package func activeFormat() async throws(CaptureDeviceError) -> ActiveFormat {
        let port = try usablePort()
        do throws(V4L2Error) {
            return try port.readActiveFormat(bufferType)
        } catch {
            throw await failure(error)
        }
    }

    /// Closes the node. Later calls throw `closed` (or `disconnected` if it had gone).
    public func close() async {
        opened = true
        guard port != nil else { return }
        await stopFrames()
        lock?.release()
        lock = nil
        busLock = nil
        appliedUnderLock = nil
        port = nil
        await registry?.holderReleased(id)
    }

    func usablePort() throws(CaptureDeviceError) -> any DevicePort {
        if !isConnected {
            throw CaptureDeviceError(
                kind: .disconnected, id: id, message: "\(name) (\(id)) was disconnected; open it again when it reconnects")
        }
        if let openFailure { throw openFailure }
        if !opened {
            opened = true
            do throws(V4L2Error) {
                port = try system.open(path, throughLibV4L2: false)
            } catch {
                let failure = CaptureDeviceError(
                    kind: error.isDeviceGone ? .disconnected : .failed, id: id,
                    message: "cannot open \(name) (\(id)) at \(path): \(error)", underlying: error)
                openFailure = failure
                throw failure
            }
        }
        guard let port else { throw CaptureDeviceError(kind: .closed, id: id, message: "the handle on \(name) (\(id)) was closed") }
        return port
    }

    func failure(_ error: V4L2Error) async -> CaptureDeviceError {
        guard error.isDeviceGone else {
            return CaptureDeviceError(kind: .failed, id: id, message: "\(name) (\(id)): \(error)", underlying: error)
        }
        isConnected = false
        await registry?.holderSawDisconnect(id)
        return CaptureDeviceError(
            kind: .disconnected, id: id,
            message: "\(name) (\(id)) was disconnected while held open (\(error.call) on \(path): \(error.errnoName))",
            underlying: error)
    }
}
