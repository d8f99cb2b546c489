import CaptureModel

/// `--emit gst-pipewire`: the chosen mode read through the PipeWire node that stands for the V4L2 node, when the
/// node offers it; else why not, naming what the node does offer for that format.
package enum PipeWireEmitter {
    /// `gst-launch-1.0 pipewiresrc target-object=NODE ! <caps> ! … ! autovideosink` (GStreamer 1.22's pipewiresrc
    /// takes `target-object`: a node name or serial), or nil and the reason.
    package static func gstLaunch(_ c: Choice, node: PipeWireNode) -> (command: String?, note: String?) {
        guard offers(node, c) else {
            let same = node.formats.filter { trim($0.fourcc) == Emitters.key(c) }
            let sizes = Array(Set(same.compactMap { f in f.width.map { "\($0)x\(f.height ?? 0)" } })).sorted()
            return (
                nil,
                "PipeWire node \(node.id) (\(node.name)) does not offer \(Emitters.key(c)) \(c.size)"
                    + (c.nominalFrameRate.map { " at \($0.numerator)/\($0.denominator) fps" } ?? "") + ": "
                    + (same.isEmpty
                        ? "it offers no \(Emitters.key(c)) at all (a format its v4l2 source cannot name comes as UNKNOWN or bayer)"
                        : "its \(Emitters.key(c)) sizes are " + sizes.prefix(8).joined(separator: ", "))
            )
        }
        let (caps, note) = Emitters.gstCapsString(c)
        guard let caps else { return (nil, note) }
        let decode = c.isCompressed ? (Emitters.key(c) == "H264" ? " ! h264parse ! avdec_h264" : " ! jpegdec") : ""
        return (
            "gst-launch-1.0 pipewiresrc target-object=\(Emitters.shellWord(node.name)) ! \(caps)\(decode) ! videoconvert ! autovideosink",
            nil
        )
    }

    /// True when one of the node's EnumFormat entries has the choice's format, size and rate.
    package static func offers(_ node: PipeWireNode, _ c: Choice) -> Bool {
        let rate = c.nominalFrameRate
        return node.formats.contains { f in
            guard trim(f.fourcc) == Emitters.key(c) else { return false }
            let sizeOK: Bool =
                if let w = f.width, let h = f.height {
                    w == c.size.width && h == c.size.height
                } else if let r = f.sizeRange {
                    (r.minWidth...r.maxWidth).contains(c.size.width) && (r.minHeight...r.maxHeight).contains(c.size.height)
                } else { false }
            guard sizeOK else { return false }
            guard let rate else { return true }
            if f.frameRates.contains(where: { same($0, rate) }) { return true }
            if let r = f.frameRateRange { return value(r.min) <= value(rate) + 1e-9 && value(rate) <= value(r.max) + 1e-9 }
            return false
        }
    }

    static func value(_ r: Rational) -> Double { r.denominator == 0 ? 0 : Double(r.numerator) / Double(r.denominator) }
    static func same(_ a: Rational, _ b: Rational) -> Bool { abs(value(a) - value(b)) < 1e-6 }
    static func trim(_ s: String) -> String { s.trimmingCharacters }
}
