extension PipeWireReport {
    /// The part of the report that is about one device, as `show --json`, `profile write` and the reports carry it:
    /// the status and message, the view's daemon, version, library and `omitted` (of the whole read) with only the
    /// nodes joined to `device` (with their formats and clients), that device's joins and its unpublished nodes.
    ///
    /// A report whose view was not read (`off`, `noLibrary`, `noDaemon`, `timedOut`, `failed`) keeps its status and
    /// message and has no view: not knowing is not "no PipeWire node". A read view with no node joined to the device
    /// keeps the view with no nodes: the daemon was asked and publishes none for it.
    public func scoped(to device: DeviceID) -> PipeWireReport {
        let joins = joins.filter { $0.deviceID == device }
        let unpublished = unpublished.filter { $0.deviceID == device }
        let scopedView = view.map { v in
            var v = v
            let ids = Set(joins.map(\.nodeID))
            v.nodes = v.nodes.filter { ids.contains($0.id) }
            return v
        }
        return PipeWireReport(status: status, message: message, view: scopedView, joins: joins, unpublished: unpublished)
    }
}
