import CaptureModel

/// What a digital-video input (HDMI, DVI, DisplayPort) receives: the source decides the size and rate, so a receiver
/// whose ranges reach 16384x8640 still delivers only what is sent.
///
/// Known when the selected input says `V4L2_IN_CAP_DV_TIMINGS` (`VIDIOC_ENUMINPUT`), has a signal (no
/// `V4L2_IN_ST_NO_SIGNAL`/`NO_SYNC` bits) and the active format (`VIDIOC_G_FMT`) gives its size.
package struct SourceSignal: Sendable, Hashable {
    /// The input's name, e.g. "HDMI 0".
    package var input: String
    package var size: Dimensions
    /// The frame interval the source sends (`VIDIOC_G_PARM`), when known.
    package var interval: Rational?

    /// The signal of `node`'s selected input; nil for cameras, inputs without DV timings, or when it is not known.
    package static func of(_ node: CaptureNodeCapabilities) -> SourceSignal? {
        guard let current = node.currentInput, let input = node.inputs.first(where: { $0.index == current }),
            input.capabilities?.contains("dv-timings") == true, input.hasSignal, let active = node.activeFormat,
            active.width > 0, active.height > 0
        else { return nil }
        let interval = node.streamingParameters?.frameInterval?.interval
        return SourceSignal(
            input: input.name, size: Dimensions(width: active.width, height: active.height),
            interval: interval.flatMap { $0.isValid ? $0 : nil })
    }

    /// What the explanation says.
    var explanation: String {
        "\(input) receives \(size)\(interval.map { " at \(formatFPS($0.reciprocalValue ?? 0)) fps" } ?? "") from its source (DV timings): only that is offered."
    }

    /// The rate the source sends, as the only rate of a mode at its size.
    func restrict(_ c: CandidateMode) -> CandidateMode {
        guard let interval else { return c }
        var c = c
        c.rates = .discrete([interval])
        return c
    }
}
