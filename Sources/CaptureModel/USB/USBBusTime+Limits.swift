extension USBBusTime {
    /// The most one periodic endpoint can reserve per service interval at `speedMbps` (USB 2.0 §5.6.4 table 5-8,
    /// USB 3.2 §4.4.8): 1023 B per 1 ms frame at full speed, 3 × 1024 B per 125 µs microframe at high speed,
    /// 3 bursts × 16 × 1024 B per 125 µs service interval at SuperSpeed. What a link is assumed to carry when its
    /// descriptors were not read, and (times `intervalsPerSecond`) the isochronous limit of a one-camera decision.
    package static func mostBytesPerInterval(speedMbps: Double) -> Int {
        if speedMbps < 13 { return 1023 }
        if speedMbps < 481 { return 3 * 1024 }
        return 3 * 16 * 1024
    }

    /// Service intervals per second: 1000 frames at full speed, 8000 (micro)frames or bus intervals above.
    package static func intervalsPerSecond(speedMbps: Double) -> Int { speedMbps < 13 ? 1000 : 8000 }
}
