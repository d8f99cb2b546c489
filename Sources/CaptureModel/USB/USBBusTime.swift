/// The kernel's bus-time arithmetic for periodic endpoints, ported exactly (integer division where it divides).
package enum USBBusTime {
    /// `BitTime(bytes)` = 7 × 8 × bytes / 6 (include/linux/usb/hcd.h): worst-case bit stuffing.
    package static func bitTime(_ bytes: Int) -> Int { 7 * 8 * bytes / 6 }

    /// `USB2_HOST_DELAY`, 5 ns (include/linux/usb/hcd.h).
    package static let usb2HostDelay = 5

    /// `HS_NSECS_ISO(bytes)` = ((38 × 8 × 2083) + (2083 × (3 + BitTime(bytes)))) / 1000 + USB2_HOST_DELAY, in ns
    /// (include/linux/usb/hcd.h).
    package static func highSpeedIsoNanoseconds(_ bytes: Int) -> Int {
        ((38 * 8 * 2083) + (2083 * (3 + bitTime(bytes)))) / 1000 + usb2HostDelay
    }

    /// `HS_USECS_ISO(bytes)` = NS_TO_US(HS_NSECS_ISO(bytes)), rounded up (NS_TO_US is DIV_ROUND_UP(ns, 1000)).
    /// EHCI costs a high-bandwidth endpoint with the bytes of all its transactions (iso_stream_init in
    /// drivers/usb/host/ehci-sched.c multiplies maxp by the mult first): 1024 → 21, 3072 → 61 µs.
    package static func highSpeedIsoMicroseconds(_ bytes: Int) -> Int { (highSpeedIsoNanoseconds(bytes) + 999) / 1000 }

    /// `usb_calc_bus_time(USB_SPEED_FULL, is_input: 1, isoc: 1, bytes)` (drivers/usb/core/hcd.c), in ns:
    /// 7268 + BW_HOST_DELAY (1000) + (8354 × (31 + 10 × BitTime(bytes))) / 1000.
    package static func fullSpeedIsoInNanoseconds(_ bytes: Int) -> Int {
        7268 + 1000 + (8354 * (31 + 10 * bitTime(bytes))) / 1000
    }

    /// `fullSpeedIsoInNanoseconds` rounded up to µs.
    package static func fullSpeedIsoInMicroseconds(_ bytes: Int) -> Int { (fullSpeedIsoInNanoseconds(bytes) + 999) / 1000 }

    /// SuperSpeed (5 Gbit/s, 8b/10b): 500 bytes per µs of the bus, rounded up.
    package static func superSpeedMicroseconds(_ bytes: Int) -> Int { (bytes + 499) / 500 }

    /// µs one endpoint of `bytes` per interval takes of its (micro)frame at `speedMbps`.
    package static func microseconds(bytes: Int, speedMbps: Double) -> Int {
        guard bytes > 0 else { return 0 }
        if speedMbps < 13 { return fullSpeedIsoInMicroseconds(bytes) }
        if speedMbps < 481 { return highSpeedIsoMicroseconds(bytes) }
        return superSpeedMicroseconds(bytes)
    }
}
