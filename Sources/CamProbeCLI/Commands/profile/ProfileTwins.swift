import CamProbe
import ProfileFormat

/// A profile shipped or saved in several encodings, as `NAME.json` and `NAME.xml` (the bundled profiles,
/// `profile --format xml` beside `show --json`): in a folder read as devices, one device, not two rows under one ID.
enum ProfileTwins {
    /// Each `NAME.xml` (any encoding but the first of `codecs`) whose document is the same as its folder's
    /// `NAME.json` (the first encoding's) → that file. Twins that differ are both kept: they are two profiles.
    static func twins(_ loaded: [(file: String, document: DeviceDocument)], codecs: [any ProfileCodec] = ProfileCodecs.all)
        -> [String: String]
    {
        guard let first = codecs.first else { return [:] }
        var primary: [Substring: (file: String, document: DeviceDocument)] = [:]
        var others: [(file: String, stem: Substring, document: DeviceDocument)] = []
        for l in loaded {
            guard let (codec, stem) = ProfileCodecs.file(l.file, among: codecs) else { continue }
            if codec.name == first.name { primary[stem] = l } else { others.append((l.file, stem, l.document)) }
        }
        var twins: [String: String] = [:]
        for o in others {
            guard let p = primary[o.stem], same(p.document, o.document) else { continue }
            twins[o.file] = p.file
        }
        return twins
    }

    /// The same device and PipeWire view, as their JSON says (the generator aside).
    static func same(_ a: DeviceDocument, _ b: DeviceDocument) -> Bool {
        let encoder = SortedJSONEncoder(prettyPrinted: false)
        guard let x = try? encoder.encode(a.device), let y = try? encoder.encode(b.device) else { return false }
        guard x == y else { return false }
        return (try? encoder.encode(a.pipewire)) == (try? encoder.encode(b.pipewire))
    }
}
