import CaptureModel

/// The device seam: every operation camprobe performs on a V4L2 or media
/// node — ioctl, mmap/munmap, poll, flock, the clock frames are stamped with,
/// and the wake signal that interrupts a poll from another thread — goes
/// through one port. `SystemDevicePort` is the only code that touches the
/// kernel; the fake in `V4L2Testing` fills the same C structs the way
/// uvcvideo and vivid do, so everything above the seam is the real code.
///
/// Errors come back as errno values (never -1); ioctls are sent through the
/// typed `call(_:_:)`, which ties each request to its argument struct.
package protocol DevicePort: AnyObject {
    /// The node this port talks to, for messages.
    var path: String { get }
    /// Whether ioctls go through libv4l2 (which adds emulated formats).
    var throughLibV4L2: Bool { get }
    /// Performs one ioctl. Returns 0 on success or the errno (never -1).
    /// Callers use the typed `call(_:_:)`; this is the untyped transport.
    ///
    /// The corresponding C call is `ioctl(2)` (or libv4l2's `v4l2_ioctl`).
    func perform(_ request: UInt, _ argument: UnsafeMutableRawPointer) -> Int32
    /// Maps `length` bytes of a driver buffer at `offset` (from `VIDIOC_QUERYBUF`).
    ///
    /// The corresponding C call is `mmap(2)` with `PROT_READ | PROT_WRITE`, `MAP_SHARED`.
    func map(length: Int, offset: UInt32) -> Result<UnsafeMutableRawPointer, DeviceErrno>
    /// Unmaps what `map` returned. The corresponding C call is `munmap(2)`.
    func unmap(_ address: UnsafeMutableRawPointer, length: Int) -> DeviceErrno?
    /// Waits until the node is readable (`readable`: a frame to dequeue) or
    /// has an event (`priority`: a control event), `wake` is signalled, or the
    /// timeout passes (-1: no timeout). The corresponding C call is `poll(2)`.
    func wait(for events: PollEvents, timeoutMilliseconds: Int32, wake: (any WakeSignal)?) -> WaitResult
    /// Takes the advisory configuration lock without waiting (`EWOULDBLOCK`
    /// when another handle holds it); released when the port closes.
    ///
    /// The corresponding C call is `flock(2)` with `LOCK_EX | LOCK_NB`.
    func lockExclusive() -> DeviceErrno?
    /// Releases the advisory configuration lock `lockExclusive` took (a no-op
    /// when this handle does not hold it).
    ///
    /// The corresponding C call is `flock(2)` with `LOCK_UN`.
    func unlockExclusive() -> DeviceErrno?
    /// Makes a signal another thread can raise to end a `wait` early.
    ///
    /// The corresponding C call is `eventfd(2)` (`EFD_CLOEXEC | EFD_NONBLOCK`).
    func makeWakeSignal() -> Result<any WakeSignal, DeviceErrno>
    /// The clock frame timestamps are compared with, in nanoseconds:
    /// `CLOCK_MONOTONIC` on a real node, a virtual clock in the fake.
    ///
    /// The corresponding C call is `clock_gettime(CLOCK_MONOTONIC)`.
    func now() -> UInt64
}

/// An errno value returned by the seam (`EBUSY`, `ENODEV`, …).
package struct DeviceErrno: Error, Sendable, Hashable {
    package var code: Int32
    package init(_ code: Int32) { self.code = code }
}

/// What `DevicePort.wait` waits for.
package struct PollEvents: OptionSet, Sendable, Hashable {
    package let rawValue: Int16
    package init(rawValue: Int16) { self.rawValue = rawValue }
    /// `POLLIN`: a buffer can be dequeued.
    package static let readable = PollEvents(rawValue: 0x001)
    /// `POLLPRI`: an event (`VIDIOC_DQEVENT`) is pending.
    package static let priority = PollEvents(rawValue: 0x002)
}

/// How a `DevicePort.wait` ended.
package enum WaitResult: Sendable, Hashable {
    /// The node has these events (`POLLERR` / `POLLHUP` come back as `hangUp`).
    case ready(PollEvents)
    /// The node reported an error or hang-up (`POLLERR`, `POLLHUP`, `POLLNVAL`): usually gone.
    case hangUp
    /// The wake signal was raised.
    case woken
    /// The timeout passed.
    case timedOut
    /// `poll(2)` itself failed.
    case failed(DeviceErrno)
}

/// A signal that ends a `DevicePort.wait` from another thread; raising it
/// twice is harmless. Made by `DevicePort.makeWakeSignal()`.
package protocol WakeSignal: AnyObject, Sendable {
    /// Raises the signal. The corresponding C call is `write(2)` on an eventfd.
    func raise()
    /// Lowers it again, so the next `wait` waits. The corresponding C call is `read(2)` on the eventfd.
    func reset()
}
