import V4L2

/// Nodes a discovery pass opened, kept open after it by the caller that asked (`DeviceDiscovery.keeping`).
///
/// On uvcvideo the first open of a camera's nodes starts its status interrupt URB and the last close kills it
/// (`usb_kill_urb`), a round trip to the device that blocks `close(2)`. The registry keeps a new camera's nodes
/// open until its capabilities are read, so that round trip comes after `connected` and the capability read's own
/// opens and closes do not start and stop the URB again (Reports/benchmarks.md §38).
///
/// Not Sendable: confined, like its ports, to the thread or actor that opened them.
package final class OpenNodes {
    private var ports: [String: any DevicePort] = [:]

    package init() {}

    /// Keeps `port`, opened on `node`, open until it is released.
    func keep(_ port: any DevicePort, node: String) { ports[node] = port }

    /// Hands over the ports of `nodes` to a new holder and keeps the rest.
    package func take(_ nodes: [String]) -> OpenNodes {
        let taken = OpenNodes()
        for n in nodes { taken.ports[n] = ports.removeValue(forKey: n) }
        return taken
    }

    /// Closes every kept node (`close(2)` in each port's `deinit`, unless another holder still has it).
    package func release() { ports.removeAll() }
}
