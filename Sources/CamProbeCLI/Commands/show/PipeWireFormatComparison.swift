import CaptureModel

/// What a PipeWire node offers beside the V4L2 node it stands for, by format: the formats both have, the V4L2
/// formats PipeWire does not name (its v4l2 source sends them as raw format 0, `UNKNOWN`, or Bayer without an order),
/// and what PipeWire offers that V4L2 does not list (a libcamera or converting node).
package struct PipeWireFormatComparison: Sendable, Hashable {
    /// Fourccs in both, in the V4L2 node's order.
    package var both: [String]
    /// V4L2 formats (emulated ones left out) that no PipeWire entry names.
    package var onlyV4L2: [String]
    /// PipeWire fourccs (or SPA names) that no format of the V4L2 node matches: what a converting node adds, or an
    /// SPA name camprobe knows no V4L2 fourcc for (vivid's `GRAY16_BE`, `RGB15`, `BGR15`): not "more", only unmatched.
    package var onlyPipeWire: [String]
    /// Entries PipeWire sent without a usable format: `UNKNOWN` (raw format 0) and `bayer` (no order).
    package var unnamed: Int

    package init(node: PipeWireNode, capture: CaptureNodeCapabilities) {
        let v4l2 = capture.formats.filter { !$0.isEmulated }.map { $0.fourcc.name }
        var pw: [String] = []
        var unnamed = 0
        for f in node.formats {
            if f.spaFormat == "UNKNOWN" || f.spaFormat == "bayer" {
                unnamed += 1
            } else if !pw.contains(f.fourcc.trimmingCharacters(in: " ")) {
                pw.append(f.fourcc.trimmingCharacters(in: " "))
            }
        }
        both = v4l2.filter { pw.contains($0) }
        onlyV4L2 = v4l2.filter { !pw.contains($0) }
        onlyPipeWire = pw.filter { !v4l2.contains($0) }
        self.unnamed = unnamed
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: String) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s.removeFirst() }
        while let l = s.last, set.contains(l) { s.removeLast() }
        return String(s)
    }
}
