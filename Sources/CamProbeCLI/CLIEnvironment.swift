import CamProbe
import CaptureModel
import PipeWire
import Synchronization
import Udev

/// Where the command line reads devices from. The shipped `camprobe` uses the
/// real machine (`live`); the test-only `camprobe-fake` executable installs a
/// fake one built from fixtures, so the shipped binary carries no fake.
package struct CLIEnvironment: Sendable {
    /// Makes the machine to read: libudev + `open(2)` + libasound, or a fake.
    package var makeSystem: DeviceRegistry.SystemFactory
    /// The hotplug events `monitor` follows; nil means libudev's monitor.
    package var hotplugEvents: (@Sendable () -> AsyncStream<HotplugEvent>)?
    /// False for a fake machine: `monitor` then prints what is present and
    /// stops unless `--count` or `--timeout` is given (no events will come).
    package var isLive: Bool
    /// The PipeWire daemon `list` and `show` read: over its native protocol (`SystemPipeWirePort`), or a fake.
    package var pipeWire: any PipeWirePort

    /// Creates an environment; see the properties.
    package init(
        makeSystem: @escaping DeviceRegistry.SystemFactory,
        hotplugEvents: (@Sendable () -> AsyncStream<HotplugEvent>)?, isLive: Bool, pipeWire: any PipeWirePort = SystemPipeWirePort()
    ) {
        self.makeSystem = makeSystem
        self.hotplugEvents = hotplugEvents
        self.isLive = isLive
        self.pipeWire = pipeWire
    }

    /// The real machine.
    package static let live = CLIEnvironment(makeSystem: { SystemDeviceSystem() }, hotplugEvents: nil, isLive: true)

    private static let installed = Mutex(CLIEnvironment.live)

    /// The environment in force for this process.
    package static var current: CLIEnvironment { installed.withLock { $0 } }

    /// Installs `environment` for the rest of the process (before parsing).
    package static func install(_ environment: CLIEnvironment) { installed.withLock { $0 = environment } }
}
