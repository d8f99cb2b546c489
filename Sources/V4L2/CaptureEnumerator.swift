import CaptureModel
import HostSystem

/// Reads everything a video capture node can do, without changing any of
/// its state: no `VIDIOC_TRY_FMT`, `S_FMT`, `S_PARM`, `S_INPUT` or control
/// writes are ever sent.
///
/// Failures do not throw: each is kept as a `Problem` in the result, which
/// stays as complete as the device allowed (a node that vanishes midway gives
/// a partial result and a `device-gone` problem).
package struct CaptureEnumerator {
    package var limits: EnumerationLimits

    package init(limits: EnumerationLimits = EnumerationLimits()) { self.limits = limits }

    /// Enumerates a capture node whose identity (`VIDIOC_QUERYCAP`) is known.
    ///
    /// Ioctls, in order: `VIDIOC_ENUMINPUT`, `VIDIOC_G_INPUT`, `VIDIOC_ENUM_FMT`,
    /// `VIDIOC_ENUM_FRAMESIZES`, `VIDIOC_ENUM_FRAMEINTERVALS`, `VIDIOC_QUERY_EXT_CTRL`,
    /// `VIDIOC_QUERYMENU`, `VIDIOC_G_EXT_CTRLS`, `VIDIOC_G_FMT`, `VIDIOC_G_PARM`.
    /// With `includeControls: false` the control walk is skipped and
    /// `controls` is nil (what `camprobe list` needs).
    package func capabilities(of port: any DevicePort, identity: NodeIdentity, includeControls: Bool = true) -> CaptureNodeCapabilities {
        var log = EnumerationLog()
        let state = CurrentStateReader(port: port, limits: limits)
        let (inputs, currentInput) = state.inputs(log: &log)

        var types: [BufferType] = []
        if identity.deviceCaps.contains(.videoCapture) { types.append(.videoCapture) }
        if identity.deviceCaps.contains(.videoCaptureMultiplanar) { types.append(.videoCaptureMultiplanar) }

        let fmt = FormatEnumerator(port: port, limits: limits)
        var formats: [PixelFormat] = []
        for t in types where !log.gone { formats += fmt.formats(for: t, log: &log) }

        let controls: [Control]? =
            !includeControls ? nil : log.gone ? [] : ControlEnumerator(port: port, limits: limits).controls(log: &log)

        var active: ActiveFormat?
        var parm: StreamingParameters?
        if let primary = types.first, !log.gone {
            var formatLog = EnumerationLog()
            active = state.activeFormat(primary, log: &formatLog)
            if formats.isEmpty && active == nil && formatLog.problems.allSatisfy({ $0.errno == Errno.EINVAL }) && !formatLog.gone {
                // Nothing can be active yet (e.g. a v4l2loopback node before its producer starts).
                log.note("no-formats", .enumFmt, "\(port.path) offers no formats yet (a loopback node waits for a producer, for example)")
            } else {
                log.problems += formatLog.problems
                log.gone = log.gone || formatLog.gone
            }
            if !log.gone { parm = state.streamingParameters(primary, log: &log) }
        }
        if identity.deviceCaps.contains(CapabilityFlags(rawValue: 0x2000_0000)) {  // V4L2_CAP_IO_MC
            log.note(
                .mediaPipeline, nil,
                "\(port.path) is the capture end of a media-controller pipeline (V4L2_CAP_IO_MC): its formats and sizes are what "
                    + "the receiver accepts, not the camera's modes, and streaming needs every link of the pipeline to agree. "
                    + "'camprobe graph' on its /dev/mediaN shows the sensor's modes and what stops the pipeline")
        }
        return CaptureNodeCapabilities(
            path: port.path, identity: identity, throughLibV4L2: port.throughLibV4L2, inputs: inputs,
            currentInput: currentInput, formats: formats, controls: controls, activeFormat: active,
            streamingParameters: parm, problems: log.problems)
    }
}
