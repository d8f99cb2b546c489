import CaptureModel

/// Which device each PipeWire camera node stands for, and which capture-side nodes none does.
package enum PipeWireJoining {
    package static func report(_ view: PipeWireView, devices: [Device]) -> PipeWireReport {
        var joins: [PipeWireJoin] = []
        var joinedPaths = Set<String>()
        for n in view.nodes {
            if let path = n.v4l2Path, let d = devices.first(where: { $0.nodes.contains { $0.path == path } }) {
                joins.append(
                    PipeWireJoin(
                        nodeID: n.id, deviceID: d.id, devnode: path, by: n.objectPath == "v4l2:" + path ? "object.path" : "api.v4l2.path"))
                joinedPaths.insert(path)
            } else if let lc = n.libcameraID, let d = devices.first(where: { $0.sensor?.libcameraID == lc }) {
                joins.append(PipeWireJoin(nodeID: n.id, deviceID: d.id, devnode: nil, by: "api.libcamera.path"))
            }
        }
        var unpublished: [PipeWireUnpublished] = []
        for d in devices {
            for node in d.nodes where (node.role == .capture || node.role == .metadata) && !joinedPaths.contains(node.path) {
                unpublished.append(PipeWireUnpublished(deviceID: d.id, devnode: node.path, reason: reason(node)))
            }
        }
        return PipeWireReport(status: .read, view: view, joins: joins, unpublished: unpublished)
    }

    /// Why PipeWire's v4l2 source has no node for it, where the node's capabilities say.
    static func reason(_ node: DeviceNode) -> String {
        if node.role == .metadata { return "a metadata node: PipeWire's v4l2 source publishes video capture nodes only" }
        if let caps = node.deviceCaps, !caps.contains(.videoCapture) {
            return "no V4L2_CAP_VIDEO_CAPTURE (multi-planar or other): PipeWire 0.3's v4l2 source needs it"
        }
        return "not published, for a reason PipeWire does not say (its session manager's rules, or the node was busy when it looked)"
    }
}
