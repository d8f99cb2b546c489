import CamProbe

extension Monitor {
    /// `--stats`: how fast events were delivered (udev event → device event), on stderr.
    func printStats(_ registry: DeviceRegistry) async {
        let st = await registry.statistics
        let l = st.latencies.sorted()
        let s = st.spreads.sorted()
        let last = st.lastEventLatencies.sorted()
        let connects = st.connectLatencies.sorted()
        func pct(_ p: Double, _ l: [UInt64]) -> String {
            guard !l.isEmpty else { return "-" }
            let v = Double(l[min(l.count - 1, Int((Double(l.count - 1) * p).rounded()))]) / 1e6
            return "\(Double(Int(v * 10)) / 10) ms"
        }
        Terminal.writeErr(
            "camprobe: stats: \(l.count) batches, latency from first udev event to device event p50 \(pct(0.5, l)), p99 \(pct(0.99, l)), max \(pct(1, l)); from last udev event p50 \(pct(0.5, last)), p99 \(pct(0.99, last)), max \(pct(1, last)), connects only p50 \(pct(0.5, connects)), p99 \(pct(0.99, connects)), max \(pct(1, connects)) (fallback window \(settle) ms); \(st.announcedEarly) events announced complete before it; one batch's raw events spread over p50 \(pct(0.5, s)), p99 \(pct(0.99, s)), max \(pct(1, s)); \(st.rescans) rescans for \(st.rawEvents) raw events; \(st.awaitedSkips) events needed no rescan (a node's add while others of its camera were still awaited)\n"
        )
    }
}
