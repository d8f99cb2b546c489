import HostSystem
import Synchronization
import Testing
import V4L2

@testable import CamProbe

/// A lent buffer taken back while the consumer reads it (P26 item 4): `revoke` returns once the reader has left,
/// woken by the reader's leaving (no sleep step), and only then.
struct FrameLeaseRevokeTests {
    /// A wake signal that only counts.
    final class CountingWake: WakeSignal {
        let raised = Atomic<Int>(0)
        func raise() { raised.add(1, ordering: .relaxed) }
        func reset() {}
    }

    static func lease() -> (FrameLease, ReturnedBuffers) {
        let returned = ReturnedBuffers(wake: SendableWake(signal: CountingWake()))
        return (FrameLease(index: 3, returned: returned), returned)
    }

    /// With no reader it returns at once whether the buffer was lent, and the buffer is not given back twice.
    @Test func revokeWithoutAReader() {
        let (lease, returned) = Self.lease()
        let bytes = [UInt8](repeating: 7, count: 16)
        let g = bytes.withUnsafeBytes { lease.lend($0) }
        #expect(lease.revoke())
        #expect(!lease.revoke())
        #expect(!lease.isLent(g))
        #expect(returned.pop() == nil)
    }

    /// A reader inside `read` holds `revoke` until its body returns; the reader that released the frame inside its
    /// body does not give it back too (the revoker requeues it).
    @Test func revokeWaitsForTheReaderToLeave() {
        let (lease, returned) = Self.lease()
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: 16, alignment: 1)
        defer { bytes.deallocate() }
        let g = lease.lend(UnsafeRawBufferPointer(bytes))
        let inside = Latch()
        let leave = Latch()
        let revoked = Latch()
        let reader = BackgroundWork<Int?> {
            lease.read(g) { b in
                inside.open()
                leave.wait()
                lease.giveBack(g)
                return b.count
            }
        }
        inside.wait()
        let revoker = BackgroundWork<Bool> {
            let was = lease.revoke()
            revoked.open()
            return was
        }
        #expect(!revoked.wait(milliseconds: 100), "revoke returned while a reader was inside")
        leave.open()
        #expect(revoked.wait(milliseconds: 2000), "revoke did not return once the reader left")
        #expect(reader.wait() == 16)
        #expect(revoker.wait())
        #expect(returned.pop() == nil)
        #expect(!lease.isLent(g))
    }
}
