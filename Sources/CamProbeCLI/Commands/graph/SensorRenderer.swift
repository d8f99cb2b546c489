import CamProbe

/// The sensor section of `camprobe show` for a media-controller camera: the
/// sensor subdevice's own modes, how its rate is known, its lens, the paths to
/// its capture nodes, and what stops the pipeline from streaming.
enum SensorRenderer {
    static func render(_ s: SensorCamera, problems: [Problem]) {
        print("")
        print(
            Terminal.bold("Media-controller sensor '\(s.entity)'")
                + "  on \(s.mediaDeviceName) (\(s.controller.model), \(s.controller.driver))"
        )
        var facts: [(String, String)] = [("Subdevice", s.subdevPath ?? "none")]
        if let a = s.source.active { facts.append(("Active", "\(a) on pad \(s.source.pad)")) }
        if let b = s.source.cropBounds { facts.append(("Pixel array", "\(b.width)x\(b.height) (crop bounds)")) }
        if let n = s.source.nativeSize { facts.append(("Native size", "\(n.width)x\(n.height)")) }
        facts.append(("Frame rate", s.rateEvidence))
        if let id = s.libcameraID { facts.append(("libcamera id", id)) }
        for l in s.lenses {
            let focus = l.controls?.first { $0.id == 0x009a_090a }.map { " focus_absolute \($0.minimum)–\($0.maximum)" } ?? ""
            facts.append(("Lens", "\(l.entity) (\(l.subdevPath ?? "no node"))\(focus)"))
        }
        ShowRenderer.printFacts(facts, indent: "  ")
        print("  Modes (pad \(s.source.pad), VIDIOC_SUBDEV_ENUM_MBUS_CODE / ENUM_FRAME_SIZE):")
        for c in s.source.codes {
            let sizes = c.sizes.map { z -> String in
                let size = z.isFixed ? "\(z.min)" : "\(z.min)–\(z.max)"
                guard !z.intervals.isEmpty else { return size }
                return size + " @ " + z.intervals.map { formatFPS($0.reciprocalValue ?? 0) }.joined(separator: ", ") + " fps"
            }
            print("    " + Terminal.pad(c.code.description, 22) + (sizes.isEmpty ? "sizes unknown" : sizes.joined(separator: ", ")))
        }
        print("  Outputs:")
        for o in s.outputs {
            let formats = o.formats.map { "\($0.fourcc)←\($0.sensorCode)" }.joined(separator: " ")
            print("    \(o.capturePath ?? "?") (\(o.route.entityNames.joined(separator: " → ")))")
            print("      " + (formats.isEmpty ? "no sensor code reaches a pixel format of this node" : formats))
        }
        for r in s.disabledRoutes {
            print(
                "    " + Terminal.dim("\(r.capturePath ?? "?") (\(r.route.entityNames.joined(separator: " → "))) after: ")
                    + r.enable.joined(separator: "; "))
        }
        let pipeline = problems.filter { $0.kind == .pipelineMismatch }
        if pipeline.isEmpty {
            print("  Pipeline: every enabled link agrees (VIDIOC_STREAMON will not fail with EPIPE)")
        } else {
            print(
                "  Pipeline: " + Terminal.yellow("will not stream")
                    + " — \(pipeline.count) mismatched link\(pipeline.count == 1 ? "" : "s")")
            for p in pipeline { print("    " + Terminal.yellow("! ") + p.message) }
        }
    }
}
