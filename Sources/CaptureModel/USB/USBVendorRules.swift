/// Intel Panther Point (PCI 8086:1e31) xHCI: Linux checks bandwidth itself (the XHCI_SW_BW_CHECKING quirk set in
/// drivers/usb/host/xhci-pci.c), per root port, in blocks (xhci_check_bw_table in drivers/usb/host/xhci.c, constants
/// in xhci.h). High speed: HS_BW_LIMIT 1607 blocks, of which HS_BW_RESERVED 20 % (DIV_ROUND_UP → 322) stay free,
/// so 1285 are usable; a block is HS_BLOCK = 4 bytes and each packet adds HS_OVERHEAD = 26 blocks. One 3072 B
/// endpoint (3 × 1024, every microframe) takes 768 + 3 × 26 = 846 blocks.
package struct IntelSoftwareTableBudget: USBBudgetRule {
    package var family: String { "Intel Panther Point xHCI (software table)" }
    package var scope: USBBudgetScope { .rootPort }
    package var kernelSource: String {
        "drivers/usb/host/xhci.c (xhci_check_bw_table); drivers/usb/host/xhci.h (HS_BW_LIMIT 1607, HS_BW_RESERVED 20, "
            + "HS_BLOCK 4, HS_OVERHEAD 26); drivers/usb/host/xhci-pci.c (XHCI_SW_BW_CHECKING for 8086:1e31)"
    }
    package var unit: String { "blocks (4 B)" }
    /// HS_BW_LIMIT − DIV_ROUND_UP(HS_BW_RESERVED × HS_BW_LIMIT, 100) = 1607 − 322.
    package var capacity: Double { Double(Self.limit - Self.reserved) }
    package init() {}

    static let limit = 1607
    static let reserved = (20 * 1607 + 99) / 100
    static let blockSize = 4
    static let overhead = 26

    /// xhci_check_bw_table's walk over the interval table: interval 0 (every microframe) costs its rounded total
    /// payload plus 26 blocks per packet; longer intervals spread their packets over 2^(i+1) opportunities.
    package func load(_ demands: [USBDemand]) -> Double {
        var payload0 = 0
        var packets = [Int](repeating: 0, count: 16)
        var largest = [Int](repeating: 0, count: 16)
        for d in demands where d.bytes > 0 {
            let i = min(15, max(0, d.bInterval - 1))
            if i == 0 { payload0 += d.bytes }
            packets[i] += d.packets
            largest[i] = max(largest[i], (d.packetSize + Self.blockSize - 1) / Self.blockSize)
        }
        var used = (payload0 + Self.blockSize - 1) / Self.blockSize + packets[0] * Self.overhead
        var remaining = 0
        var packetSize = 0
        var overhead = 0
        for i in 1..<16 {
            remaining = 2 * remaining + packets[i]
            let mps = largest[i]
            if mps > packetSize { packetSize = mps }
            // xhci_get_largest_overhead answers HS_OVERHEAD for a high-speed table, even for an empty interval.
            let intervalOverhead = Self.overhead
            if intervalOverhead > overhead { overhead = intervalOverhead }
            let transmitted = remaining >> (i + 1)
            used += transmitted * (overhead + packetSize)
            remaining %= 1 << (i + 1)
            if remaining == 0 {
                packetSize = 0
                overhead = 0
            } else if transmitted > 0 {
                packetSize = mps
                overhead = intervalOverhead
            }
        }
        if remaining > 0 { used += overhead + packetSize }
        return Double(used)
    }
}

/// MediaTek xHCI (xhci-mtk): the driver schedules itself, per root port, at most HS_BW_BOUNDARY = 6144 bytes per
/// microframe at high speed (USB 2.0 table 5-5's high-speed isochronous limit) and SS_BW_BOUNDARY = 51000 bytes per
/// bus interval at SuperSpeed (drivers/usb/host/xhci-mtk-sch.c).
package struct MediaTekBudget: USBBudgetRule {
    /// True for a SuperSpeed link (SS_BW_BOUNDARY), false for high speed (HS_BW_BOUNDARY).
    package var superSpeed: Bool
    package var family: String { superSpeed ? "MediaTek xHCI (xhci-mtk), SuperSpeed" : "MediaTek xHCI (xhci-mtk)" }
    package var scope: USBBudgetScope { .rootPort }
    package var kernelSource: String {
        "drivers/usb/host/xhci-mtk-sch.c (" + (superSpeed ? "SS_BW_BOUNDARY 51000" : "HS_BW_BOUNDARY 6144") + " B per "
            + (superSpeed ? "bus interval" : "microframe") + ", check_sch_bw)"
    }
    package var unit: String { superSpeed ? "bytes per bus interval" : "bytes per microframe" }
    package var capacity: Double { superSpeed ? 51000 : 6144 }
    package init(superSpeed: Bool = false) { self.superSpeed = superSpeed }
    package func load(_ demands: [USBDemand]) -> Double { Double(demands.reduce(0) { $0 + $1.bytes }) }
}
