/// A bandwidth domain: what shares one periodic budget, the rule that budget follows, and why that rule.
package struct USBDomain: Sendable {
    /// Stable key: "bus 1", "bus 2 port 3", "tt 1-1.4", "tt 1-1.4 port 2".
    package var key: String
    /// The budget rule of its controller family.
    package var rule: any USBBudgetRule
    /// Said when the controller is not known or the rule is an assumption ("unknown controller …: the USB 2.0 rule",
    /// "… the link is SuperSpeed (lsusb -v: bcdUSB 3.20) …: the xHCI SuperSpeed rule"), with what decided the speed.
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
        let evidence = link.speedEvidence.map { " (\($0))" } ?? ""
        if link.isSuperSpeed {
            // SuperSpeed exists only on xHCI: whatever the controller, the rule is an xHCI one.
            switch family {
            case .mediaTek: return USBDomain(key: port, rule: MediaTekBudget(superSpeed: true))
            case .amd: return USBDomain(key: "bus \(link.bus)", rule: AMDSharedBudget())
            case .xhci: return USBDomain(key: port, rule: SuperSpeedBudget())
            case .intelPantherPoint:
                return USBDomain(
                    key: port, rule: SuperSpeedBudget(),
                    note: "Intel 8086:1e31 at SuperSpeed: Linux's per-device SuperSpeed table (xhci_check_ss_bw) is not "
                        + "ported; used the xHCI SuperSpeed rule")
            case .ehci:
                return USBDomain(
                    key: port, rule: SuperSpeedBudget(),
                    note: "the link is SuperSpeed\(evidence) but its controller (\(link.controller?.driver ?? "")) reads as "
                        + "EHCI/dwc2, which has no SuperSpeed: used the xHCI SuperSpeed rule")
            case .unknown(let name):
                return USBDomain(
                    key: port, rule: SuperSpeedBudget(),
                    note: "unknown controller (\(name)), SuperSpeed link\(evidence): SuperSpeed exists only on xHCI, so the "
                        + "xHCI SuperSpeed rule (112 µs of each 125 µs bus interval, per root port)")
            }
        }
        switch family {
        case .ehci: return USBDomain(key: "bus \(link.bus)", rule: EHCIBudget())
        case .intelPantherPoint: return USBDomain(key: port, rule: IntelSoftwareTableBudget())
        case .mediaTek: return USBDomain(key: port, rule: MediaTekBudget())
        case .amd: return USBDomain(key: "bus \(link.bus)", rule: AMDSharedBudget())
        case .xhci: return USBDomain(key: port, rule: XHCIRootPortBudget())
        case .unknown(let name):
            return USBDomain(
                key: "bus \(link.bus)", rule: EHCIBudget(),
                note: "unknown controller (\(name)), high-speed link\(evidence): used the USB 2.0 rule (EHCIBudget: 100 µs per "
                    + "microframe, one budget per bus)")
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
