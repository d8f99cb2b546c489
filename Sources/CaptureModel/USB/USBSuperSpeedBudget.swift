/// SuperSpeed (5 Gbit/s) periodic bandwidth on an xHCI root port. SuperSpeed exists only on xHCI, so a SuperSpeed
/// link has this rule even when its controller is not known. The controller decides in firmware (Linux forwards the
/// Configure Endpoint command, xhci_check_bandwidth in drivers/usb/host/xhci.c); camprobe assumes what USB 3.2 allows:
/// periodic transfers take at most 90 % of a 125 µs bus interval (§4.4.8, as the P24 brief cites it; not re-read
/// here). 5 Gbit/s with 8b/10b coding moves 500 bytes per µs, so an interval carries 62500 bytes and 112 µs of it
/// (90 % of 125, rounded down: costs are whole µs) is about 56000 bytes. Each endpoint costs its bytes per interval
/// at 500 bytes per µs (`USBBusTime.superSpeedMicroseconds`): the largest isochronous endpoint USB 3.2 allows
/// (1024 × 16 × 3 = 49152 bytes) takes 99 µs, the Razer Kiyo Pro's 33792 bytes 68 µs.
package struct SuperSpeedBudget: USBBudgetRule {
    package var family: String { "xHCI SuperSpeed (per root port, assumed)" }
    package var scope: USBBudgetScope { .rootPort }
    package var kernelSource: String {
        "drivers/usb/host/xhci.c (xhci_check_bandwidth: the controller decides; COMP_BW_ERR → -ENOSPC); budget assumed as "
            + "USB 3.2 §4.4.8's 90 % of a 125 µs bus interval for periodic transfers (112 µs), 500 B per µs at 5 Gbit/s 8b/10b"
    }
    package var unit: String { "µs per 125 µs bus interval" }
    package var capacity: Double { 112 }
    package init() {}
    package func load(_ demands: [USBDemand]) -> Double {
        Double(demands.reduce(0) { $0 + USBBusTime.superSpeedMicroseconds($1.bytes) })
    }
}
