/// What already streams in one bandwidth domain: every camera there that holds a nonzero alternate setting, what
/// that setting costs under the domain's rule, and who holds its node. The façade reads it (sysfs
/// `bAlternateSetting`, `/proc/PID/fd`); Negotiation decides beside it without I/O.
package struct USBDomainOccupancy: Sendable {
    /// One camera streaming in the domain now.
    package struct Occupant: Sendable, Hashable, Codable {
        /// Its video node (`/dev/video2`), else its USB device's sysfs name (`1-2`).
        package var label: String
        /// The USB device's sysfs name (`1-1.4`).
        package var sysfsName: String
        /// The setting it holds (`bAlternateSetting` of its streaming interface).
        package var held: USBStreamingAlt
        /// Its link speed, Mbit/s (the arithmetic of its cost).
        package var speedMbps: Double
        /// The processes holding its node open (pid and command line; behind PipeWire, the daemon's).
        package var holders: [NodeHolder]

        package init(label: String, sysfsName: String, held: USBStreamingAlt, speedMbps: Double, holders: [NodeHolder] = []) {
            self.label = label
            self.sysfsName = sysfsName
            self.held = held
            self.speedMbps = speedMbps
            self.holders = holders
        }

        /// What it reserves, as a budget rule counts it.
        package var demand: USBDemand { USBDemand(held, speedMbps: speedMbps) }
    }

    /// The domain (its key and its controller family's rule).
    package var domain: USBDomain
    /// The cameras streaming there now, other than the one being decided.
    package var occupants: [Occupant]

    package init(domain: USBDomain, occupants: [Occupant]) {
        self.domain = domain
        self.occupants = occupants
    }

    /// What the occupants take together, in the rule's unit.
    package var load: Double { domain.rule.load(occupants.map(\.demand)) }
    /// What is left of the rule's capacity, in its unit (never below 0).
    package var remaining: Double { max(0, domain.rule.capacity - load) }
}
