/// Where an imported profile's facts came from: which pasted file, of which kind, gave which fact on which line.
///
/// Written by `camprobe import` when it merges several files into one device; absent from live devices.
/// Where files disagree, the device's problems hold one `import-conflict` per fact.
package struct ImportProvenance: Sendable, Hashable, Codable {
    /// One entry per file that described this device, in the order they were read.
    package var sources: [ImportSource]
    package init(sources: [ImportSource]) { self.sources = sources }
}

/// One pasted file and the facts it gave.
package struct ImportSource: Sendable, Hashable, Codable {
    /// The file's name as given on the command line (`<stdin>` for standard input).
    package var file: String
    /// What wrote it: `v4l2-ctl`, `media-ctl`, `udevadm`, `arecord`, `/proc/asound/cards`, `lsusb`.
    package var kind: String
    /// The facts this file gave, each with the line it came from, sorted by fact name.
    package var facts: [FactOrigin]
    package init(file: String, kind: String, facts: [FactOrigin]) {
        self.file = file
        self.kind = kind
        self.facts = facts
    }
}

/// One fact (`identity.serial`, `captures`, `audio`, …) and the 1-based line of its file that gave it.
package struct FactOrigin: Sendable, Hashable, Codable {
    package var fact: String
    /// 1-based; 0 when the fact came from the file as a whole.
    package var line: Int
    package init(fact: String, line: Int) {
        self.fact = fact
        self.line = line
    }
}
