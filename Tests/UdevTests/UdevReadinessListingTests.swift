import CaptureModel
import Glibc
import Testing

@testable import Udev

/// `UdevReadiness.read(listed:)`: what udev has finished, from a listing instead of a second enumeration.
@Suite("Readiness from a listing")
struct UdevReadinessListingTests {
    @Test func aDeviceNumberIsSplitAsGlibcSplitsIt() {
        var st = stat()
        #expect(stat("/dev/null", &st) == 0)
        #expect(UdevReadiness.devNumber(st.st_rdev) == "1:3")
        // Beyond 8 bits of minor and 12 of major (glibc's makedev of 0xabc123, 0x67845).
        let dev = dev_t(0x45 | (UInt64(0x123) << 8) | (UInt64(0x67800) << 12) | (UInt64(0xabc000) << 32))
        #expect(UdevReadiness.devNumber(dev) == "\(0xabc123):\(0x67845)")
    }

    @Test func listedNodesArePresentAndThoseWithoutADevNodeUnfinished() {
        let listed = [NodeRecord(devnode: "/dev/video-camprobe-test-absent", subsystem: "video4linux")]
        guard let r = UdevReadiness.read(listed: listed) else {
            #expect(access("/run/udev/control", F_OK) != 0, "nil only without a udev daemon")
            return
        }
        #expect(r.presentNodes == ["/dev/video-camprobe-test-absent"])
        #expect(r.unfinishedNodes == ["/dev/video-camprobe-test-absent"])  // no /dev node: not finished
    }
}
