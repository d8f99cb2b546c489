import CamProbe
import CaptureModel

/// The USB bandwidth domains of the cameras present, as `monitor --textfile` exports them: each domain's load (bus
/// time and its share of the rule's budget), the cameras in it, and how many of their wishes would not fit together.
///
/// Pure: computed from the domains read from sysfs (`USBDomainLoad`, one read per present USB camera, which carries
/// that camera's link) and each camera's wish. A camera's wish is the mode it is set to now (`FleetWish`): camprobe
/// keeps no mode per camera (`ctl --save` keeps controls only), so the mode the device holds is the best evidence of
/// what it is meant to stream.
package struct FleetBusState: Sendable, Hashable {
    /// One present USB camera as read: its domain (with its own link) and its wish.
    package struct Camera: Sendable {
        package var id: DeviceID
        /// Its domain as read from sysfs now; `load.link` is this camera's link.
        package var load: USBDomainLoad
        /// The mode it is meant to stream; nil when it could not be told (no active format or rate read).
        package var wish: ModeReservation?
        /// The alternate setting measured for the wish's mode (`verify --measure-usb`), if any.
        package var measuredAlt: UInt8?

        package init(id: DeviceID, load: USBDomainLoad, wish: ModeReservation?, measuredAlt: UInt8? = nil) {
            self.id = id
            self.load = load
            self.wish = wish
            self.measuredAlt = measuredAlt
        }
    }

    /// A camera in a domain.
    package struct Member: Sendable, Hashable {
        /// The camera's device ID when camprobe tracks it, else its USB device's sysfs name (`1-2`).
        package var id: String
        /// µs of the (micro)frame the setting it holds now takes; 0 when idle.
        package var microseconds: Int
    }

    /// One bandwidth domain.
    package struct Domain: Sendable, Hashable {
        /// `USBDomain.key`: "bus 1", "bus 1 port 2", "tt 1-1.4".
        package var key: String
        /// The rule's controller family ("EHCI/dwc2", "xHCI (per root port, assumed)", …).
        package var family: String
        /// The unit of `load` and `capacity` ("µs per 125 µs microframe", "blocks (4 B)", …).
        package var unit: String
        /// What the domain admits, in `unit`.
        package var capacity: Double
        /// What the settings held now take, in `unit` (the rule's arithmetic, not always a sum).
        package var load: Double
        /// Bus time of the settings held now: the sum of the members' µs per (micro)frame.
        package var microseconds: Int
        /// Every USB camera in the domain, streaming or idle, by ID.
        package var members: [Member]
        /// Wishes that would not fit: those no setting carries, plus those beyond the largest set of wishes that fits
        /// together (filled smallest first).
        package var unfitWishes: Int
        /// Cameras in the domain whose wish is not known (not tracked by camprobe, or no mode read): not counted in
        /// `unfitWishes` either way.
        package var unknownWishes: Int

        /// `load / capacity`: above 1 the kernel refuses the last reservation (ENOSPC at STREAMON).
        package var ratio: Double { capacity > 0 ? load / capacity : .infinity }
    }

    /// The domains, by key.
    package var domains: [Domain] = []
    /// Present USB cameras whose domain could not be read from sysfs (unknown, not idle).
    package var unread = 0

    package init() {}

    /// The domains of `cameras`; `unread` USB cameras could not be read. At most `maximumCameras` domains, and members
    /// in all, are listed (the inventory's bound); the domains' loads and wish counts count every member.
    package init(cameras: [Camera], unread: Int, maximumCameras: Int = 256) {
        self.unread = unread
        var byKey: [String: [Camera]] = [:]
        for c in cameras { byKey[c.load.domain.key, default: []].append(c) }
        var listed = 0
        for (key, group) in byKey.sorted(by: { $0.key < $1.key }).prefix(maximumCameras) {
            let read = group[0].load
            let rule = read.domain.rule
            let tracked = Dictionary(group.map { ($0.load.link.sysfsName, $0) }, uniquingKeysWith: { a, _ in a })
            var members: [Member] = []
            for m in read.members.sorted(by: { $0.sysfsName < $1.sysfsName }) where listed < maximumCameras {
                members.append(Member(id: tracked[m.sysfsName]?.id.rawValue ?? m.sysfsName, microseconds: m.microseconds))
                listed += 1
            }
            let (unfit, unknown) = Self.unfitWishes(read.members.map { tracked[$0.sysfsName] }, rule: rule)
            domains.append(
                Domain(
                    key: key, family: rule.family, unit: rule.unit, capacity: rule.capacity, load: read.load,
                    microseconds: read.members.reduce(0) { $0 + $1.microseconds }, members: members, unfitWishes: unfit,
                    unknownWishes: unknown))
        }
    }

    /// Of the members' wishes (nil: a member camprobe does not track), how many would not fit together under `rule`,
    /// and how many are unknown. A wish no setting carries never fits; a bulk wish reserves nothing and always fits;
    /// the others are packed smallest first, and those left over are the unfit ones (the most wishes that can stream
    /// together, whatever the others do).
    static func unfitWishes(_ members: [Camera?], rule: any USBBudgetRule) -> (unfit: Int, unknown: Int) {
        var unfit = 0
        var unknown = 0
        var demands: [USBDemand] = []
        for m in members {
            guard let m, let wish = m.wish else {
                unknown += 1
                continue
            }
            let r = wish.reservation(on: m.load.link, measuredAlt: m.measuredAlt)
            guard r.fits else {
                unfit += 1
                continue
            }
            if let d = r.demand(speedMbps: m.load.link.speedMbps) { demands.append(d) }
        }
        var chosen: [USBDemand] = []
        for d in demands.sorted(by: { ($0.microseconds, $0.bytes) < ($1.microseconds, $1.bytes) }) {
            if rule.load(chosen + [d]) <= rule.capacity { chosen.append(d) } else { unfit += 1 }
        }
        return (unfit, unknown)
    }
}
