/// One periodic endpoint a camera would reserve: what a budget rule counts.
package struct USBDemand: Sendable, Hashable, Codable {
    /// Bytes per service interval (packet size × transactions, or the SuperSpeed companion's `wBytesPerInterval`).
    package var bytes: Int
    /// Transactions (packets) per interval.
    package var packets: Int
    /// Largest packet, bytes.
    package var packetSize: Int
    /// `bInterval` (1: every microframe).
    package var bInterval: Int
    /// Link speed, Mbit/s.
    package var speedMbps: Double

    package init(bytes: Int, packets: Int, packetSize: Int, bInterval: Int = 1, speedMbps: Double) {
        self.bytes = bytes
        self.packets = packets
        self.packetSize = packetSize
        self.bInterval = bInterval
        self.speedMbps = speedMbps
    }

    /// The demand of an alternate setting. Below SuperSpeed the companion does not apply (`atHighSpeed`).
    package init(_ alt: USBStreamingAlt, speedMbps: Double) {
        let a = speedMbps > 481 || alt.superSpeedBytesPerInterval == nil ? alt : alt.atHighSpeed
        self.init(
            bytes: a.bytesPerInterval, packets: a.superSpeedBytesPerInterval == nil ? a.transactions : 1, packetSize: a.packetSize,
            bInterval: Int(a.bInterval), speedMbps: speedMbps)
    }

    /// µs of its (micro)frame, by the kernel's arithmetic for its speed (`USBBusTime.microseconds`).
    package var microseconds: Int { USBBusTime.microseconds(bytes: bytes, speedMbps: speedMbps) }
}

/// What shares one budget.
package enum USBBudgetScope: String, Sendable, Hashable, Codable {
    /// The whole controller (one bus): EHCI, dwc2, AMD's shared domain, an unknown controller.
    case controller
    /// One root port of an xHCI bus, and everything behind it (a hub on it shares it).
    case rootPort
    /// One transaction translator of a high-speed hub (full-speed devices behind it).
    case transactionTranslator
}

/// A controller family's periodic budget, as the kernel (or the controller's firmware) admits reservations.
/// Each rule is a small value with the kernel source it ports, in `docs/usb-bandwidth.md` too.
package protocol USBBudgetRule: Sendable {
    /// "EHCI/dwc2", "xHCI (per root port)", …
    var family: String { get }
    /// What shares the budget.
    var scope: USBBudgetScope { get }
    /// The Linux 6.1 file and function (or constant) the rule follows.
    var kernelSource: String { get }
    /// The unit of `capacity` and `load` ("µs per 125 µs microframe", "blocks", …).
    var unit: String { get }
    /// What the domain admits.
    var capacity: Double { get }
    /// What the endpoints together take, in `unit` (not always a sum: Intel's table rounds the total).
    func load(_ demands: [USBDemand]) -> Double
}

extension USBBudgetRule {
    /// `load / capacity`: above 1 the kernel refuses the last reservation (ENOSPC at STREAMON).
    package func fraction(_ demands: [USBDemand]) -> Double { capacity > 0 ? load(demands) / capacity : .infinity }
}

/// The facts of a rule, for output (a rule is a protocol value; this is its Codable description).
package struct USBBudgetRuleInfo: Sendable, Hashable, Codable {
    package var family: String
    package var scope: USBBudgetScope
    package var kernelSource: String
    package var unit: String
    package var capacity: Double

    package init(_ rule: any USBBudgetRule) {
        family = rule.family
        scope = rule.scope
        kernelSource = rule.kernelSource
        unit = rule.unit
        capacity = rule.capacity
    }
}
