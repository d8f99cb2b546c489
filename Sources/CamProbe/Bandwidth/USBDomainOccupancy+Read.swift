import CaptureModel

extension USBDomainOccupancy {
    /// What streams now in the domain `load` was read for: each member holding a nonzero setting, with the processes
    /// holding its node (`/proc/PID/fd`), except the USB devices named in `leaving` (by sysfs name: the cameras being
    /// decided). Blocking (`/proc`): call it off the cooperative pool.
    package static func now(_ load: USBDomainLoad, leaving: Set<String>) -> USBDomainOccupancy {
        let occupants = load.members.compactMap { m -> Occupant? in
            guard let held = m.held, !leaving.contains(m.sysfsName) else { return nil }
            let holders = m.label.hasPrefix("/dev/") ? NodeHolderLookup.holders(of: m.label).map(\.holder) : []
            return Occupant(label: m.label, sysfsName: m.sysfsName, held: held, speedMbps: m.speedMbps, holders: holders)
        }
        return USBDomainOccupancy(domain: load.domain, occupants: occupants)
    }
}
