import CaptureModel

/// Operation counts of one port, kept after the port closes.
package final class PortTally {
    /// Calls per request name (`VIDIOC_ENUM_FMT` → 12, `mmap` → 4), including failed ones.
    package internal(set) var counts: [String: Int] = [:]
    package init() {}

    /// Total number of ioctls sent.
    package var total: Int { V4L2Request.allCases.reduce(0) { $0 + (counts[$1.description] ?? 0) } }

    /// Number of ioctls sent that could change device state (S_FMT, TRY_FMT, S_PARM, …).
    package var stateChanging: Int {
        V4L2Request.allCases.filter(\.changesState).reduce(0) { $0 + (counts[$1.description] ?? 0) }
    }
}

/// A port that forwards to another and counts every operation by name, for
/// benchmarks and for proving that listing sends no state-changing ioctl.
package final class CountingPort: DevicePort {
    package let inner: any DevicePort
    /// Where the counts go (it outlives the port).
    package let tally: PortTally
    /// Calls per request name (`VIDIOC_ENUM_FMT` → 12, `mmap` → 4), including failed ones.
    package var counts: [String: Int] {
        get { tally.counts }
        set { tally.counts = newValue }
    }
    package var path: String { inner.path }
    package var throughLibV4L2: Bool { inner.throughLibV4L2 }

    package init(_ inner: any DevicePort, tally: PortTally = PortTally()) {
        self.inner = inner
        self.tally = tally
    }

    package func perform(_ request: UInt, _ argument: UnsafeMutableRawPointer) -> Int32 {
        let name = V4L2Request(number: request)?.description ?? "0x" + String(request, radix: 16)
        counts[name, default: 0] += 1
        return inner.perform(request, argument)
    }

    package func map(length: Int, offset: UInt32) -> Result<UnsafeMutableRawPointer, DeviceErrno> {
        counts["mmap", default: 0] += 1
        return inner.map(length: length, offset: offset)
    }

    package func unmap(_ address: UnsafeMutableRawPointer, length: Int) -> DeviceErrno? {
        counts["munmap", default: 0] += 1
        return inner.unmap(address, length: length)
    }

    package func wait(for events: PollEvents, timeoutMilliseconds: Int32, wake: (any WakeSignal)?) -> WaitResult {
        counts["poll", default: 0] += 1
        return inner.wait(for: events, timeoutMilliseconds: timeoutMilliseconds, wake: wake)
    }

    package func lockExclusive() -> DeviceErrno? {
        counts["flock", default: 0] += 1
        return inner.lockExclusive()
    }

    package func unlockExclusive() -> DeviceErrno? {
        counts["flock", default: 0] += 1
        return inner.unlockExclusive()
    }

    package func makeWakeSignal() -> Result<any WakeSignal, DeviceErrno> { inner.makeWakeSignal() }
    package func now() -> UInt64 { inner.now() }

    /// Total number of ioctls sent.
    package var total: Int { tally.total }
    /// Number of ioctls sent that could change device state.
    package var stateChanging: Int { tally.stateChanging }
}
