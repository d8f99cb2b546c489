import CaptureModel
import V4L2

extension FakeDeviceSystem {
    /// What the V4L2 layer alone reads from one capture node of the fixture, as discovery reads each capture
    /// node but without the façade: `VIDIOC_QUERYCAP` (`queryIdentity`), then `CaptureEnumerator` — through
    /// libv4l2 (`v4l2_open`) when `emulated`.
    ///
    /// - Parameter path: the node; nil: the fixture's first video node.
    /// - Returns: nil when the node cannot be opened or does not answer `VIDIOC_QUERYCAP`.
    package func capture(_ path: String? = nil, emulated: Bool = false, limits: EnumerationLimits = EnumerationLimits())
        -> CaptureNodeCapabilities?
    {
        let first = spec.nodes.first { ($0.subsystem ?? "video4linux") == "video4linux" && !$0.path.hasPrefix("/dev/v4l-subdev") }
        guard let path = path ?? first?.path else { return nil }
        do throws(V4L2Error) {
            let native = try openPort(path)
            let identity = try native.queryIdentity()
            let enumerator = CaptureEnumerator(limits: limits)
            guard emulated else { return enumerator.capabilities(of: native, identity: identity) }
            return enumerator.capabilities(of: try openPort(path, throughLibV4L2: true), identity: identity)
        } catch {
            return nil
        }
    }
}
