import CaptureModel

/// Puts v4l2-ctl subdevice listings on the pads of a media graph: codes first,
/// then each code's sizes, then the intervals of one size. A listing that does not
/// say its subdevice or pad is the only sensor's source pad, said as a problem;
/// what cannot be placed is dropped with a problem, never guessed further.
struct MediaCtlPadListings {
    let graph: MediaGraph
    var pads: [PadRef: SubdevPadModes]
    /// Problems of no one entity.
    var problems: [Problem] = []
    /// Problems of one entity (the pad's), for the cameras whose pipelines hold it.
    var scoped: [(scope: String, problem: Problem)] = []
    /// The entity of the listing being placed, once known.
    var scope: String?

    init(graph: MediaGraph, pads: [PadRef: SubdevPadModes]) {
        self.graph = graph
        self.pads = pads
    }

    mutating func apply(_ listings: [SubdevTextListing]) {
        for kind in [SubdevTextListing.Kind.codes, .sizes, .intervals] {
            for l in listings where l.kind == kind { place(l) }
        }
    }

    func sourcePad(of e: MediaEntity) -> UInt32 { graph.pads(of: e.id).first { $0.direction == .source }?.index ?? 0 }

    mutating func note(_ l: SubdevTextListing, _ kind: ProblemKind, _ text: String) {
        let problem = Problem(kind: kind, call: "v4l2-ctl text", message: "\(l.file):\(l.line): \(l.kind.rawValue): \(text)")
        if let scope { scoped.append((scope, problem)) } else { problems.append(problem) }
    }

    /// The pad a listing is about.
    mutating func target(_ l: SubdevTextListing) -> PadRef? {
        let entity: MediaEntity
        if let dev = l.context.device {
            guard let e = graph.entity(forInterfacePath: dev) else {
                note(l, .skipped, "media-ctl -p shows no entity with the device node \(dev); listing skipped")
                return nil
            }
            entity = e
            scope = e.name
        } else if graph.sensors.count == 1 {
            entity = graph.sensors[0]
            scope = entity.name
            note(
                l, .imported,
                "the text does not say which subdevice this lists; taken to be the only sensor's, \(entity.name) (add a line '# /dev/v4l-subdevN pad=P' above it, or paste the command line)"
            )
        } else {
            note(
                l, .skipped,
                "the text does not say which subdevice this lists and there are \(graph.sensors.count) sensors; listing skipped")
            return nil
        }
        if let p = l.context.pad { return PadRef(entity: entity.name, pad: p) }
        let p = sourcePad(of: entity)
        note(l, .imported, "the text does not say which pad this lists; taken to be \(entity.name)'s source pad \(p)")
        return PadRef(entity: entity.name, pad: p)
    }

    /// The code a size or interval listing was asked for.
    mutating func code(_ l: SubdevTextListing, _ ref: PadRef) -> MediaBusCode? {
        if let c = l.context.code { return c }
        let codes = pads[ref]?.codes ?? []
        if codes.count == 1 {
            note(
                l, .imported,
                "the text does not say which media-bus code this lists; taken to be \(codes[0].code), the only code \(ref) lists")
            return codes[0].code
        }
        note(
            l, .skipped,
            "the text does not say which media-bus code this lists (\(ref) lists \(codes.count)); listing skipped (paste the command line with code=0x…)"
        )
        return nil
    }

    mutating func place(_ l: SubdevTextListing) {
        if l.kind == .intervals && l.intervals.isEmpty { return }  // the driver lists none: nothing to place
        scope = nil
        guard let ref = target(l) else { return }
        var modes = pads[ref] ?? SubdevPadModes(pad: ref.pad, codes: [])
        defer { pads[ref] = modes }
        switch l.kind {
        case .codes:
            for c in l.codes where !modes.codes.contains(where: { $0.code == c }) {
                modes.codes.append(SubdevCodeModes(code: c, sizes: []))
            }
        case .sizes:
            pads[ref] = modes
            guard let code = code(l, ref) else { return }
            if !modes.codes.contains(where: { $0.code == code }) { modes.codes.append(SubdevCodeModes(code: code, sizes: [])) }
            let i = modes.codes.firstIndex { $0.code == code }!
            for s in l.sizes where !modes.codes[i].sizes.contains(s) { modes.codes[i].sizes.append(s) }
        case .intervals:
            pads[ref] = modes
            guard let code = code(l, ref) else { return }
            guard let w = l.context.width, let h = l.context.height else {
                return note(
                    l, .skipped,
                    "the text does not say which size these intervals are of (paste the command line with width=…,height=…); listing skipped"
                )
            }
            guard let i = modes.codes.firstIndex(where: { $0.code == code }),
                let j = modes.codes[i].sizes.firstIndex(where: {
                    ($0.min.width...$0.max.width).contains(w) && ($0.min.height...$0.max.height).contains(h)
                })
            else {
                return note(l, .skipped, "\(ref) lists no size \(w)x\(h) for \(code); intervals skipped")
            }
            for iv in l.intervals where !modes.codes[i].sizes[j].intervals.contains(iv) { modes.codes[i].sizes[j].intervals.append(iv) }
        }
    }
}
