import CamProbe
import HostSystem

extension DeviceSourceOptions {
    /// `resolve(_:)` on a thread of its own: discovery opens every node (`open(2)`, the query ioctls), which a stuck
    /// device can hold for seconds, so the awaiting task holds no thread of the cooperative pool meanwhile.
    func resolveOffPool(_ selectorText: String?) async throws -> Device {
        let source = self
        return try await DedicatedThread.runThrowing("read \(selectorText ?? "the device")", { try source.resolve(selectorText) })
    }
}
