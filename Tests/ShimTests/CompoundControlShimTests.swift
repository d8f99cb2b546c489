import CV4L2
import Testing

/// The compound-control and region-of-interest names the shim defines when the
/// installed headers predate kernel 6.16 have the kernel's values, and the
/// structs the payloads use have the kernel's sizes. `CaptureModel` repeats
/// the IDs as Swift literals (`RegionOfInterestControl`); these are the same numbers.
@Suite("C shims: compound controls")
struct CompoundControlShimTests {
    @Test func regionOfInterestNamesHaveTheKernelsValues() {
        #expect(CV4L2_CID_UVC_REGION_OF_INTEREST_RECT == 0x0098_1ae1)
        #expect(CV4L2_CID_UVC_REGION_OF_INTEREST_AUTO == 0x0098_1ae2)
        #expect(V4L2_UVC_REGION_OF_INTEREST_AUTO_EXPOSURE == 1 << 0)
        #expect(V4L2_UVC_REGION_OF_INTEREST_AUTO_FOCUS == 1 << 3)
        #expect(V4L2_UVC_REGION_OF_INTEREST_AUTO_HIGHER_QUALITY == 1 << 7)
    }

    @Test func compoundTypeAndWhichValues() {
        #expect(CV4L2_CTRL_TYPE_RECT == 0x0107)
        #expect(V4L2_CTRL_TYPE_AREA.rawValue == 0x0106)
        #expect(CV4L2_CTRL_WHICH_MIN_VAL == 0x0f02_0000)
        #expect(CV4L2_CTRL_WHICH_MAX_VAL == 0x0f03_0000)
        #expect(V4L2_CTRL_FLAG_HAS_WHICH_MIN_MAX == 0x1000)
        #expect(MemoryLayout<v4l2_rect>.size == 16)
        #expect(MemoryLayout<v4l2_area>.size == 8)
    }
}
