import Synchronization
import V4L2

#if canImport(Glibc)
    import Glibc
#endif

/// Counts what a fake machine's handles hold — open ports and live buffer
/// mappings — so tests can prove nothing leaks after any failure.
package final class FakeLedger: Sendable {
    private let counts = Mutex((ports: 0, mappings: 0, faults: 0))
    package init() {}
    /// Ports (fds) open now.
    package var openPorts: Int { counts.withLock { $0.ports } }
    /// Buffer mappings (`mmap` without `munmap`) alive now.
    package var liveMappings: Int { counts.withLock { $0.mappings } }
    /// Injected faults that fired so far.
    package var faultsFired: Int { counts.withLock { $0.faults } }
    func faultFired() { counts.withLock { $0.faults += 1 } }
    func opened() { counts.withLock { $0.ports += 1 } }
    func closed() { counts.withLock { $0.ports -= 1 } }
    func mapped() { counts.withLock { $0.mappings += 1 } }
    func unmapped() { counts.withLock { $0.mappings -= 1 } }
}

/// Fills a fixed C char array to its last byte with no NUL, as a careless driver might.
func fillWithoutNUL<T>(_ s: String, into tuple: inout T) {
    withUnsafeMutableBytes(of: &tuple) { raw in
        let bytes = Array(s.utf8)
        for i in 0..<raw.count { raw[i] = bytes.isEmpty ? UInt8(ascii: "x") : bytes[i % bytes.count] }
    }
}

/// A wake signal for fake waits: a flag another thread raises.
final class FakeWakeSignal: WakeSignal {
    private let raised = Atomic<Bool>(false)
    func raise() { raised.store(true, ordering: .sequentiallyConsistent) }
    var isRaised: Bool { raised.load(ordering: .sequentiallyConsistent) }
    func reset() { raised.store(false, ordering: .sequentiallyConsistent) }
}
