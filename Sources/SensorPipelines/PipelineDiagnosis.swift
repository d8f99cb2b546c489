import CaptureModel

/// Checks the pad formats along a media graph's enabled data links the way the
/// kernel's default link validation does (`v4l2_subdev_link_validate_default`):
/// the media-bus code, width and height must be equal, and the field equal
/// unless the sink is progressive (`V4L2_FIELD_NONE`). Pure: the formats come
/// from `VIDIOC_SUBDEV_G_FMT` (see `SubdevEnumerator`).
package enum PipelineDiagnosis {
    /// `V4L2_FIELD_NONE`.
    static let progressive: UInt32 = 1

    /// The mismatched links among those whose both ends have a known format.
    /// `modes` (what each source pad can produce) chooses the fix: change the
    /// source to what the sink expects when the source offers it, else the sink.
    package static func mismatches(
        in graph: MediaGraph, formats: [PadRef: SubdevPadFormat], modes: [PadRef: SubdevPadModes] = [:]
    ) -> [LinkMismatch] {
        var out: [LinkMismatch] = []
        for link in graph.links where link.kind == .data && link.isEnabled {
            guard let (source, sink) = refs(link, graph), let a = formats[source], let b = formats[sink] else { continue }
            var differences: [String] = []
            if a.code != b.code { differences.append("code \(a.code) ≠ \(b.code)") }
            if a.width != b.width || a.height != b.height { differences.append("size \(a.width)x\(a.height) ≠ \(b.width)x\(b.height)") }
            if a.field != b.field && b.field != progressive { differences.append("field \(a.field) ≠ \(b.field)") }
            guard !differences.isEmpty else { continue }
            let device = graph.path.isEmpty ? graph.controller.busInfo : graph.path
            let sourceCanMatch = modes[source].map { offers($0, b) } ?? false
            let target =
                sourceCanMatch ? "\(source)[fmt:\(b.code)/\(b.width)x\(b.height)]" : "\(sink)[fmt:\(a.code)/\(a.width)x\(a.height)]"
            out.append(
                LinkMismatch(
                    source: source, sink: sink, sourceFormat: a, sinkFormat: b, differences: differences,
                    fixes: ["media-ctl -d \(device) -V '\(target)'"]))
        }
        return out
    }

    /// Links into capture nodes whose size differs from the pad feeding them
    /// (`captures`: the capture entity's name → its node and `VIDIOC_G_FMT` answer).
    /// Sizes only: a pixel format and a media-bus code are not compared here.
    package static func captureMismatches(
        in graph: MediaGraph, formats: [PadRef: SubdevPadFormat], captures: [String: (path: String, format: ActiveFormat)]
    ) -> [LinkMismatch] {
        var out: [LinkMismatch] = []
        for link in graph.links where link.kind == .data && link.isEnabled {
            guard let (source, sink) = refs(link, graph), let a = formats[source], let (path, f) = captures[sink.entity],
                a.width != f.width || a.height != f.height
            else { continue }
            var b = a
            b.width = f.width
            b.height = f.height
            out.append(
                LinkMismatch(
                    source: source, sink: sink, sourceFormat: a, sinkFormat: b,
                    differences: ["size \(a.width)x\(a.height) ≠ \(f.width)x\(f.height)"],
                    fixes: ["v4l2-ctl -d \(path) --set-fmt-video=width=\(a.width),height=\(a.height)"],
                    sinkCapture: "\(f.fourcc) \(f.width)x\(f.height) on \(path)"))
        }
        return out
    }

    /// The mismatch as a `Problem` a user can act on.
    package static func problem(_ m: LinkMismatch) -> Problem {
        Problem(
            kind: .pipelineMismatch,
            message:
                "the link \(m.source) → \(m.sink) carries \(m.sourceFormat) but \(m.sink) is set to \(m.sinkCapture ?? m.sinkFormat.description) ("
                + m.differences.joined(separator: ", ")
                + "): streaming any capture node of this pipeline fails with EPIPE (VIDIOC_STREAMON) until both ends agree. Fix: "
                + m.fixes.joined(separator: "; "))
    }

    /// The two pads of a data link, by entity name and index.
    package static func refs(_ link: MediaLink, _ graph: MediaGraph) -> (PadRef, PadRef)? {
        guard let sp = graph.pad(id: link.source), let kp = graph.pad(id: link.sink), let se = graph.entity(id: sp.entityID),
            let ke = graph.entity(id: kp.entityID)
        else { return nil }
        return (PadRef(entity: se.name, pad: sp.index), PadRef(entity: ke.name, pad: kp.index))
    }

    /// Whether a pad lists `format`'s code with a size range that holds its size.
    static func offers(_ modes: SubdevPadModes, _ format: SubdevPadFormat) -> Bool {
        modes.codes.contains { c in
            c.code == format.code
                && c.sizes.contains {
                    (($0.min.width)...max($0.min.width, $0.max.width)).contains(format.width)
                        && (($0.min.height)...max($0.min.height, $0.max.height)).contains(format.height)
                }
        }
    }
}
