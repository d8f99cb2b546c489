/// A stretch of one pasted file that holds one tool's output: the whole file, or
/// the lines after a pasted command line (`$ v4l2-ctl -d /dev/v4l-subdev1 …`) or
/// a header comment (`# /dev/v4l-subdev1 pad=0`) up to the next one.
struct MediaCtlSegment {
    enum Kind { case topology, subdevListing, libcameraList, v4l2Ctl }

    var file: String
    /// The command line or header comment, when there was one.
    var command: String?
    var context: SubdevTextContext
    /// (line number in the file, line).
    var lines: [(n: Int, line: Substring)]

    var kind: Kind {
        if context.tool == "media-ctl" { return .topology }
        for (_, l) in lines {
            let t = l.trimmed
            if t.hasPrefix("Media controller API version") || t.hasPrefix("- entity ") || t == "Device topology" { return .topology }
            if SubdevTextParser.looksLikeListing(t) { return .subdevListing }
            if t == "Available cameras:" { return .libcameraList }
        }
        return .v4l2Ctl
    }

    /// Splits a file at its command lines and header comments; blank segments are dropped.
    static func split(file: String, text: String) -> [MediaCtlSegment] {
        var out: [MediaCtlSegment] = []
        var current = MediaCtlSegment(file: file, command: nil, context: SubdevTextContext(), lines: [])
        var n = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            n += 1
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            let t = line.trimmed
            if t.first == "#" || t.contains("$ ") || t.hasPrefix("v4l2-ctl ") || t.hasPrefix("media-ctl "),
                let c = SubdevTextContext(commandOrHeader: t)
            {
                out.append(current)
                current = MediaCtlSegment(file: file, command: String(t), context: c, lines: [])
                continue
            }
            if t.first == "#" { continue }  // a comment that names no device
            current.lines.append((n, line))
        }
        out.append(current)
        return out.filter { s in s.lines.contains { !$0.line.trimmed.isEmpty } }
    }
}
