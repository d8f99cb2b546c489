import CaptureModel
import Negotiation

/// `--emit gst-pipewire`: pipewiresrc on the PipeWire node that stands for the chosen V4L2 node, when the node
/// offers the choice; else why not (no daemon, no node for it, the mode not offered, naming what the node does offer
/// for that format).
package struct GstPipeWireCommandEmitter: CameraCommandEmitter {
    package init() {}
    package var name: String { "gst-pipewire" }
    package var summary: String { "gst-launch-1.0 with pipewiresrc on the camera's PipeWire node" }
    /// Not in `negotiate --json`: it needs the PipeWire daemon's answer, which `--json` does not ask.
    package var jsonScope: JSONCommandScope { .none }

    /// A sensor's choice too: the PipeWire node stands for the capture node either way.
    package func camera(_ camera: CameraEmitInput) -> Result<EmittedCommand, EmitRefusal> {
        camera.pipeWireNode().flatMap { command(camera.choice, node: $0) }.map { EmittedCommand($0) }
    }

    /// `gst-launch-1.0 pipewiresrc target-object=NODE ! <caps> ! … ! autovideosink` (GStreamer 1.22's pipewiresrc
    /// takes `target-object`: a node name or serial), or why not.
    package func command(_ c: Choice, node: PipeWireNode) -> Result<String, EmitRefusal> {
        guard offers(node, c) else {
            let same = node.formats.filter { code($0.fourcc) == code(c) }
            let sizes = Array(Set(same.compactMap { f in f.width.map { "\($0)x\(f.height ?? 0)" } })).sorted()
            return .failure(
                EmitRefusal(
                    "PipeWire node \(node.id) (\(node.name)) does not offer \(code(c)) \(c.size)"
                        + (c.nominalFrameRate.map { " at \($0.numerator)/\($0.denominator) fps" } ?? "") + ": "
                        + (same.isEmpty
                            ? "it offers no \(code(c)) at all (a format its v4l2 source cannot name comes as UNKNOWN or bayer)"
                            : "its \(code(c)) sizes are " + sizes.prefix(8).joined(separator: ", "))))
        }
        return GstCapsCommandEmitter().caps(c).map { caps in
            let decode = c.isCompressed ? (code(c) == "H264" ? " ! h264parse ! avdec_h264" : " ! jpegdec") : ""
            return "gst-launch-1.0 pipewiresrc target-object=\(shellWord(node.name)) ! \(caps)\(decode) ! videoconvert ! autovideosink"
        }
    }

    /// True when one of the node's EnumFormat entries has the choice's format, size and rate.
    package func offers(_ node: PipeWireNode, _ c: Choice) -> Bool {
        let rate = c.nominalFrameRate
        return node.formats.contains { f in
            guard code(f.fourcc) == code(c) else { return false }
            let sizeOK: Bool =
                if let w = f.width, let h = f.height {
                    w == c.size.width && h == c.size.height
                } else if let r = f.sizeRange {
                    (r.minWidth...r.maxWidth).contains(c.size.width) && (r.minHeight...r.maxHeight).contains(c.size.height)
                } else { false }
            guard sizeOK else { return false }
            guard let rate else { return true }
            if f.frameRates.contains(where: { Self.same($0, rate) }) { return true }
            if let r = f.frameRateRange {
                return Self.value(r.min) <= Self.value(rate) + 1e-9 && Self.value(rate) <= Self.value(r.max) + 1e-9
            }
            return false
        }
    }

    static func value(_ r: Rational) -> Double { r.denominator == 0 ? 0 : Double(r.numerator) / Double(r.denominator) }
    static func same(_ a: Rational, _ b: Rational) -> Bool { abs(value(a) - value(b)) < 1e-6 }
}
