import CaptureModel
import Testing

@Suite("Control keys as v4l2-ctl derives them")
struct ControlKeyTests {
    @Test(arguments: [
        ("Brightness", "brightness"),
        ("White Balance Temperature, Auto", "white_balance_temperature_auto"),
        ("White Balance, Automatic", "white_balance_automatic"),
        ("Exposure, Auto Priority", "exposure_auto_priority"),
        ("Exposure Time, Absolute", "exposure_time_absolute"),
        ("Focus, Automatic Continuous", "focus_automatic_continuous"),
        ("LED1 Mode", "led1_mode"),
        ("  Leading and trailing  ", "leading_and_trailing"),
        ("U8 2 Element Array", "u8_2_element_array"),
    ])
    func key(_ name: String, _ expected: String) {
        #expect(Control.key(forName: name) == expected)
    }

    @Test func classFromID() {
        #expect(Control.className(forID: 0x0098_0900) == "user")
        #expect(Control.className(forID: 0x009a_0901) == "camera")
        #expect(Control.className(forID: 0x00f0_0000).hasPrefix("class-"))
    }
}

@Suite("Flags")
struct FlagTests {
    @Test func namesIncludeUnknownBits() {
        let f = ControlFlags(rawValue: 0x10 | 0x8000)
        #expect(f.names == ["inactive", "0x8000"])
    }

    @Test func capabilityNames() {
        let c = CapabilityFlags(rawValue: 0x0420_0001)
        #expect(c.names == ["video-capture", "ext-pix-format", "streaming"])
    }
}

@Suite("Sizes and transport")
struct SizeTests {
    @Test func stepwiseContains() {
        let s = FrameSize.stepwise(
            min: Dimensions(width: 16, height: 16), max: Dimensions(width: 1920, height: 1080),
            step: Dimensions(width: 2, height: 2), intervalsAtMin: .discrete([]), intervalsAtMax: .discrete([]))
        #expect(s.contains(Dimensions(width: 1280, height: 720)))
        #expect(!s.contains(Dimensions(width: 1281, height: 720)))
        #expect(!s.contains(Dimensions(width: 3840, height: 2160)))
    }

    @Test func stepZeroDoesNotTrap() {
        let s = FrameSize.stepwise(
            min: Dimensions(width: 16, height: 16), max: Dimensions(width: 32, height: 32),
            step: Dimensions(width: 0, height: 0), intervalsAtMin: .discrete([]), intervalsAtMax: .discrete([]))
        #expect(s.contains(Dimensions(width: 17, height: 17)))
    }

    @Test(arguments: [
        (480.0, "USB 2.0 High-Speed (480 Mbit/s)"), (5000.0, "USB 3.0 SuperSpeed (5000 Mbit/s)"), (12.0, "USB 1.1 Full-Speed (12 Mbit/s)"),
    ])
    func usbLabels(_ speed: Double, _ label: String) {
        #expect(Transport(kind: "usb", speedMbps: speed).label == label)
    }
}
