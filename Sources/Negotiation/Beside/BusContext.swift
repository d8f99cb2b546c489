import CaptureModel

/// The bus one camera is decided beside: its own link (the alternate settings it can take), the settings measured
/// for its modes, and what already streams in its bandwidth domain. Read by the façade (sysfs, `/proc`); used here
/// as values only.
package struct BusContext: Sendable {
    /// The camera's link, with every streaming alternate setting it has.
    package var link: USBLink
    /// Settings seen while a mode streamed, by `JointCamera.modeKey` (measured reservations win).
    package var measured: [String: UInt8]
    /// The cameras streaming in its domain now, other than itself.
    package var occupancy: USBDomainOccupancy

    package init(link: USBLink, measured: [String: UInt8] = [:], occupancy: USBDomainOccupancy) {
        self.link = link
        self.measured = measured
        self.occupancy = occupancy
    }

    /// What `mode` reserves on the camera's link, and whether that fits beside the occupants under the domain's
    /// rule: the load of the occupants and the mode together, in the rule's unit.
    package func cost(_ mode: ModeReservation) -> (reservation: USBReservation, load: Double, fits: Bool) {
        let r = mode.reservation(on: link, measuredAlt: measured[mode.key])
        let rule = occupancy.domain.rule
        var demands = occupancy.occupants.map(\.demand)
        if let d = r.demand(speedMbps: link.speedMbps) { demands.append(d) }
        let load = rule.load(demands)
        return (r, load, r.fits && load <= rule.capacity + 1e-9)
    }

    /// Whether the mode of `format` at `size` and `interval` fits beside the occupants.
    func fits(_ format: PixelFormat, _ size: Dimensions, _ interval: FrameDuration) -> Bool {
        guard interval.interval.isValid else { return false }
        let mode = ModeReservation(
            bufferType: format.bufferType, fourcc: format.fourcc, size: size, rate: interval.interval.reciprocal,
            isCompressed: format.isCompressed)
        return cost(mode).fits
    }
}
