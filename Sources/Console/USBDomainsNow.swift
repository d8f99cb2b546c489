import CaptureModel
import FoundationEssentials
import HostSystem
import Udev

/// `GET /api/usb`: each USB bandwidth domain of the cameras present, what its streams reserve now (the alternate
/// settings held, from sysfs, without root and without streaming) as a share of its budget, and its cameras.
package struct USBDomainsNow: Sendable, Encodable {
    /// Bumped when a field changes meaning.
    package var schemaVersion = 1
    /// The domains with at least one camera.
    package var domains: [Domain]
    /// USB cameras whose bus could not be read (no sysfs path, or a saved profile): their load is unknown.
    package var unread: [Camera]

    /// One domain.
    package struct Domain: Sendable, Encodable {
        /// "bus 1", "bus 2 port 3", "tt 1-1.4".
        package var key: String
        /// The budget rule's family (EHCI, xHCI, …).
        package var rule: String
        /// Why that rule, when it is an assumption.
        package var note: String?
        /// Share of the budget the held settings reserve (0…, above 1 when over).
        package var reserved: Double
        /// Its cameras.
        package var cameras: [Camera]
    }

    /// One camera.
    package struct Camera: Sendable, Encodable {
        /// Its stable ID.
        package var id: String
        /// Its name.
        package var name: String
        /// The alternate setting it holds now (nil: none, it does not stream), and its share of the budget.
        package var heldAlt: Int?
        /// The share `heldAlt` reserves.
        package var reserved: Double?
    }

    /// The domains of `devices`, read from sysfs on a thread of its own.
    package static func read(_ devices: [Device]) async -> USBDomainsNow {
        let work: @Sendable () -> USBDomainsNow = { now(devices, link: { USBBusReader().link($0) }) }
        do throws(ThreadRefused) { return try await DedicatedThread.run("read the USB bus", work) } catch { return work() }
    }

    /// The domains of `devices`, each device's link given by `link` (its sysfs path in, nil when unreadable).
    package static func now(_ devices: [Device], link: (String) -> USBLink?) -> USBDomainsNow {
        var domains: [Domain] = []
        var rules: [any USBBudgetRule] = []
        var demands: [[USBDemand]] = []
        var unread: [Camera] = []
        for d in devices where d.transport.kind == .usb && !d.nodes.allSatisfy({ $0.role == .audio }) {
            guard let l = d.identity.physicalPath.flatMap(link) else {
                unread.append(Camera(id: d.id.rawValue, name: d.name))
                continue
            }
            let domain = USBDomain.of(l)
            let share = l.heldAlt.map { domain.rule.fraction([USBDemand($0, speedMbps: l.speedMbps)]) }
            let camera = Camera(id: d.id.rawValue, name: d.name, heldAlt: l.heldAlt.map { Int($0.alt) }, reserved: share)
            let demand = l.heldAlt.map { [USBDemand($0, speedMbps: l.speedMbps)] } ?? []
            if let i = domains.firstIndex(where: { $0.key == domain.key }) {
                domains[i].cameras.append(camera)
                demands[i] += demand
            } else {
                domains.append(Domain(key: domain.key, rule: domain.rule.family, note: domain.note, reserved: 0, cameras: [camera]))
                rules.append(domain.rule)
                demands.append(demand)
            }
        }
        // The domain's share under its own rule (a rule need not add its cameras' shares up).
        for i in domains.indices { domains[i].reserved = demands[i].isEmpty ? 0 : rules[i].fraction(demands[i]) }
        return USBDomainsNow(domains: domains, unread: unread)
    }
}
