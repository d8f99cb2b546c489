/// A bandwidth domain: what shares one periodic budget, the rule that budget follows, and why that rule.
package struct USBDomain: Sendable {
    /// Stable key: "bus 1", "bus 2 port 3", "tt 1-1.4", "tt 1-1.4 port 2".
    package var key: String
    /// The budget rule of its controller family.
    package var rule: any USBBudgetRule
    /// Said when the controller is not known or the rule is an assumption ("unknown controller …: the USB 2.0 rule").
    package var note: String?

    package init(key: String, rule: any USBBudgetRule, note: String? = nil) {
        self.key = key
        self.rule = rule
        self.note = note
    }

    /// The domain of a camera's link: the controller family picks the rule, the rule's scope the key.
    package static func of(_ link: USBLink) -> USBDomain {
        if link.isFullSpeed {
            if let (hub, port) = link.translator {
                return USBDomain(
                    key: "tt \(hub.sysfsName)" + (port.map { " port \($0)" } ?? ""), rule: FullSpeedFrameBudget(),
                    note: hub.tt == .single ? "single-TT hub: one budget for every full-speed device below it" : nil)
            }
            return USBDomain(key: "bus \(link.bus)", rule: FullSpeedFrameBudget(scope: .controller))
        }
        let family = ControllerFamily(link.controller)
        let port = "bus \(link.bus) port \(link.rootPort)"
        switch family {
        case .ehci: return USBDomain(key: "bus \(link.bus)", rule: EHCIBudget())
        case .intelPantherPoint: return USBDomain(key: port, rule: IntelSoftwareTableBudget())
        case .mediaTek: return USBDomain(key: port, rule: MediaTekBudget())
        case .amd: return USBDomain(key: "bus \(link.bus)", rule: AMDSharedBudget())
        case .xhci: return USBDomain(key: port, rule: XHCIRootPortBudget())
        case .unknown(let name):
            return USBDomain(
                key: "bus \(link.bus)", rule: EHCIBudget(),
                note: "unknown controller (\(name)): used the USB 2.0 rule (EHCIBudget: 100 µs per microframe, one budget per bus)")
        }
    }
}

/// A controller's family, from its driver and PCI IDs.
package enum ControllerFamily: Sendable, Hashable {
    case ehci, xhci, intelPantherPoint, mediaTek, amd
    case unknown(String)

    package init(_ c: USBController?) {
        guard let c else {
            self = .unknown("not read")
            return
        }
        let d = c.driver.lowercased()
        if d.contains("mtk") {
            self = .mediaTek
        } else if d.contains("xhci") {
            if c.pciVendor == 0x8086 && c.pciDevice == 0x1e31 {
                self = .intelPantherPoint
            } else if c.pciVendor == 0x1022 {
                self = .amd
            } else {
                self = .xhci
            }
        } else if d.contains("ehci") || d.contains("dwc2") || d.contains("dwc_otg") {
            self = .ehci
        } else {
            self = .unknown(c.driver.isEmpty ? "no driver" : c.driver)
        }
    }
}
