import CaptureModel
import Udev

extension CaptureDevice {
    /// Streams `mode` until its first frame, reads the alternate setting the camera's video-streaming interface
    /// holds then, and stops: what uvcvideo reserved on the bus for this mode (`uvc_video_start_transfer` picks the
    /// smallest setting whose bytes per microframe carry the camera's `dwMaxPayloadTransferSize`, which never
    /// reaches user space). Needs the configuration lock (`apply`). `sysfs` is the camera's USB device (or a path
    /// below it); nil `alt` when the interface cannot be read or the camera streams over bulk (nothing reserved).
    /// The corresponding calls are the ioctls of `apply` and `frames`, and a read of sysfs `bAlternateSetting`.
    package func heldAlternateSetting(
        for mode: CaptureMode, sysfs: String, noFrameTimeout: Duration = .seconds(5)
    ) async throws(CaptureDeviceError) -> (applied: CaptureMode, alt: UInt8?) {
        let applied = try await apply(mode)
        let frames = try await frames(FrameOutputOptions(delivery: .copy, noFrameTimeout: noFrameTimeout))
        var held: UInt8?
        for try await _ in frames {
            held = USBBusReader().link(sysfs)?.currentAlt  // read while it streams: on this handle's own thread
            break
        }
        await frames.stop()
        return (applied.mode, held)
    }
}
