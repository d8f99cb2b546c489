import CaptureModel

/// Reads normalized `udevadm info` text into records: `--query=all` records (several, as `--export-db` writes them,
/// separated by blank lines) and `--attribute-walk` walks, in any mix.
///
/// Lines outside a record (prose before it, the walk's preamble) are not read. A malformed line inside a record
/// is an error naming file and line, or, with `partial`, skipped and said as a problem of that record.
struct UdevadmTextParser {
    let file: String
    let partial: Bool
    private(set) var records: [UdevadmTextRecord] = []
    private var current: UdevadmTextRecord?
    /// Values stored so far, bounded by `TextImportLimits.maximumEntries`.
    private var entries = 0

    init(file: String, partial: Bool) {
        self.file = file
        self.partial = partial
    }

    /// Reads every line; throws on the first malformed one unless `partial`.
    mutating func parse(_ text: String) throws(TextImportError) {
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let n = i + 1
            guard entries < TextImportLimits.maximumEntries else {
                let message = "more than \(TextImportLimits.maximumEntries) udevadm lines; the rest"
                guard partial, current != nil || !records.isEmpty else { throw fail(n, message + " is not read") }
                problem(n, message + " is")
                break
            }
            try read(UdevadmTextLine.classify(raw), n)
        }
        finish()
    }

    private mutating func read(_ line: UdevadmTextLine, _ n: Int) throws(TextImportError) {
        switch line {
        case .blank:
            if current?.walk == false { finish() }
        case .walkPreamble:
            finish()
        case .lookingAt(let path, let parent):
            if !parent || current?.walk != true {
                finish()
                current = UdevadmTextRecord(line: n, walk: true)
            }
            let block = UdevadmTextBlock(devpath: UdevadmTextValue(text: path, line: n))
            if parent { current!.parents.append(block) } else { current!.device = block }
            entries += 1
        case .field(let tag, let value):
            if current?.walk != false || (tag == "P" && current?.devpath != nil) {
                finish()
                current = UdevadmTextRecord(line: n, walk: false)
            }
            try field(tag, value, n)
        case .key(let name, let attribute, let value):
            guard current?.walk == true else {
                if current != nil { try malformed(n, line: line) }
                return
            }
            key(name, attribute, value, n)
        case .other:
            if current != nil { try malformed(n, line: line) }
        }
    }

    private mutating func field(_ tag: Character, _ value: String, _ n: Int) throws(TextImportError) {
        let v = UdevadmTextValue(text: value, line: n)
        entries += 1
        switch tag {
        case "P":
            guard value.hasPrefix("/") else { return try skip(n, "expected a sysfs path after 'P:' (P: /devices/…)") }
            current!.device.devpath = v
        case "N":
            guard !value.isEmpty else { return try skip(n, "expected a device node name after 'N:' (N: video0)") }
            current!.devnode = UdevadmTextValue(text: value.hasPrefix("/") ? value : "/dev/" + value, line: n)
        case "S":
            guard !value.isEmpty else { return try skip(n, "expected a link below /dev after 'S:' (S: v4l/by-id/…)") }
            current!.links.append(UdevadmTextValue(text: value.hasPrefix("/") ? value : "/dev/" + value, line: n))
        case "E":
            guard let eq = value.firstIndex(of: "="), eq != value.startIndex else {
                return try skip(n, "expected 'E: KEY=VALUE'")
            }
            let k = String(value[..<eq])
            if current!.properties[k] == nil {
                current!.properties[k] = UdevadmTextValue(text: String(value[value.index(after: eq)...]), line: n)
            }
        case "M": current!.device.kernel = v
        case "U": current!.device.subsystem = v
        case "V": if !value.isEmpty { current!.device.driver = v }
        default: break  // R:, L:, D:, I:, J:, Q:, T: and tags of later udev versions say nothing camprobe keeps.
        }
    }

    private mutating func key(_ name: String, _ attribute: String?, _ value: String, _ n: Int) {
        let v = UdevadmTextValue(text: value, line: n)
        entries += 1
        var block = current!.parents.last ?? current!.device
        switch (name, attribute) {
        case ("KERNEL", nil), ("KERNELS", nil): block.kernel = v
        case ("SUBSYSTEM", nil), ("SUBSYSTEMS", nil): block.subsystem = v
        case ("DRIVER", nil), ("DRIVERS", nil): block.driver = value.isEmpty ? nil : v
        case ("ATTR", let a?), ("ATTRS", let a?): if block.attributes[a] == nil { block.attributes[a] = v }
        default: return  // TAG, TAGS, ENV… say nothing camprobe keeps.
        }
        if current!.parents.isEmpty { current!.device = block } else { current!.parents[current!.parents.count - 1] = block }
    }

    private mutating func malformed(_ n: Int, line: UdevadmTextLine) throws(TextImportError) {
        if current?.walk == true {
            try skip(
                n,
                "expected a udev key of an attribute walk (KERNELS==\"…\", SUBSYSTEMS==\"…\", ATTRS{…}==\"…\") or \"looking at parent device '…':\""
            )
        } else {
            try skip(n, "expected a udevadm info field ('P: /devices/…', 'N: video0', 'S: link', 'E: KEY=VALUE') or a blank line")
        }
    }

    /// A malformed line: an error, or with `partial` a problem of the record and the line skipped.
    private mutating func skip(_ n: Int, _ message: String) throws(TextImportError) {
        guard partial else { throw fail(n, message) }
        entries += 1  // Each problem is kept: skipped lines count toward the bound too.
        problem(n, message + "; skipped", kind: .skipped)
    }

    private mutating func problem(_ n: Int, _ message: String, kind: ProblemKind = .partial) {
        let p = Problem(kind: kind, call: "udevadm text", message: "line \(n): \(message)")
        if current != nil { current!.problems.append(p) } else if !records.isEmpty { records[records.count - 1].problems.append(p) }
    }

    private func fail(_ n: Int, _ message: String) -> TextImportError {
        TextImportError(file: file, line: n, message: message)
    }

    private mutating func finish() {
        if let r = current, !r.isEmpty || !r.problems.isEmpty { records.append(r) }
        current = nil
    }
}
