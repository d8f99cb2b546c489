/// USB 2.0 periodic bandwidth: at most 80 % of a 125 µs microframe (100 µs), each high-speed isochronous endpoint
/// costed with `HS_USECS_ISO` of its bytes per microframe. The three families below differ in what shares it.

/// EHCI and dwc2: one budget for the whole controller.
/// ehci-hcd.c sets `uframe_periodic_max` = 100 µs (sysfs can raise it to 124) and ehci-sched.c checks each
/// microframe against it; dwc2 (drivers/usb/dwc2/hcd_queue.c) uses `DWC2_HS_PERIODIC_US_PER_UFRAME` = 100.
package struct EHCIBudget: USBBudgetRule {
    package var family: String { "EHCI/dwc2" }
    package var scope: USBBudgetScope { .controller }
    package var kernelSource: String {
        "drivers/usb/host/ehci-sched.c (iso_stream_init: HS_USECS_ISO(maxp × mult); uframe_periodic_max = 100 in ehci-hcd.c); "
            + "drivers/usb/dwc2/hcd_queue.c (DWC2_HS_PERIODIC_US_PER_UFRAME = 100); include/linux/usb/hcd.h (HS_USECS_ISO)"
    }
    package var unit: String { "µs per 125 µs microframe" }
    /// 100 µs, or the controller's `uframe_periodic_max` when read.
    package var capacity: Double
    package init(periodicMax: Int = 100) { capacity = Double(periodicMax) }
    package func load(_ demands: [USBDemand]) -> Double { Double(demands.reduce(0) { $0 + $1.microseconds }) }
}

/// xHCI: the controller decides in firmware, usually one budget per root port; Linux only forwards the
/// Configure Endpoint command (xhci_check_bandwidth in drivers/usb/host/xhci.c) and turns its "bandwidth error"
/// into ENOSPC. camprobe assumes USB 2.0's 80 % of the microframe per root port for high speed, and the same
/// share of a SuperSpeed bus interval (500 B per µs) for SuperSpeed.
package struct XHCIRootPortBudget: USBBudgetRule {
    package var family: String { "xHCI (per root port, assumed)" }
    package var scope: USBBudgetScope { .rootPort }
    package var kernelSource: String {
        "drivers/usb/host/xhci.c (xhci_check_bandwidth: the controller decides; COMP_BW_ERR → -ENOSPC in "
            + "xhci_configure_endpoint_result); budget assumed as USB 2.0 §5.6.4's 80 % of a microframe, HS_USECS_ISO per endpoint"
    }
    package var unit: String { "µs per 125 µs microframe" }
    package var capacity: Double { 100 }
    package init() {}
    package func load(_ demands: [USBDemand]) -> Double { Double(demands.reduce(0) { $0 + $1.microseconds }) }
}

/// Some AMD xHCI controllers share one budget across their root ports (reports of ENOSPC with cameras on
/// different ports of one AMD controller). The arithmetic is the xHCI assumption's; only the scope differs.
package struct AMDSharedBudget: USBBudgetRule {
    package var family: String { "AMD xHCI (one shared domain, assumed)" }
    package var scope: USBBudgetScope { .controller }
    package var kernelSource: String {
        "drivers/usb/host/xhci.c (xhci_check_bandwidth: firmware decides; no AMD rule in Linux): one domain per controller assumed"
    }
    package var unit: String { "µs per 125 µs microframe" }
    package var capacity: Double { 100 }
    package init() {}
    package func load(_ demands: [USBDemand]) -> Double { Double(demands.reduce(0) { $0 + $1.microseconds }) }
}

/// Full speed: 90 % of a 1 ms frame (900 µs), per transaction translator behind a high-speed hub (one per hub
/// for a single-TT hub, one per port for a multi-TT hub) or per full-speed bus (OHCI/UHCI companion);
/// each endpoint costed with usb_calc_bus_time(USB_SPEED_FULL, in, iso).
package struct FullSpeedFrameBudget: USBBudgetRule {
    package var family: String { "full speed (1 ms frame)" }
    package var scope: USBBudgetScope
    package var kernelSource: String {
        "drivers/usb/core/hcd.c (usb_calc_bus_time, FULL iso in: 7268 + BW_HOST_DELAY + 8354 × (31 + 10 × BitTime) / 1000 ns); "
            + "include/linux/usb/hcd.h (FRAME_TIME_MAX_USECS_ALLOC = 90 % of 1000 µs)"
    }
    package var unit: String { "µs per 1 ms frame" }
    package var capacity: Double { 900 }
    package init(scope: USBBudgetScope = .transactionTranslator) { self.scope = scope }
    package func load(_ demands: [USBDemand]) -> Double {
        Double(demands.reduce(0) { $0 + USBBusTime.fullSpeedIsoInMicroseconds($1.bytes) })
    }
}
