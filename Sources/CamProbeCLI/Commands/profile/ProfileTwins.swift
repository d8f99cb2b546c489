import CamProbe
import ProfileFormat

/// A profile shipped or saved as `NAME.json` and `NAME.xml` (the bundled profiles, `profile --format xml` beside
/// `show --json`): in a folder read as devices, one device, not two rows under one ID.
enum ProfileTwins {
    /// Each `NAME.xml` whose document is the same as its folder's `NAME.json` → that JSON file. Twins that differ
    /// are both kept: they are two profiles.
    static func xmlTwins(_ loaded: [(file: String, document: DeviceDocument)]) -> [String: String] {
        var json: [String: DeviceDocument] = [:]
        for l in loaded where l.file.hasSuffix(".json") { json[String(l.file.dropLast(5))] = l.document }
        var twins: [String: String] = [:]
        for l in loaded where l.file.hasSuffix(".xml") {
            let stem = String(l.file.dropLast(4))
            guard let other = json[stem], same(other, l.document) else { continue }
            twins[l.file] = stem + ".json"
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
