import CaptureModel

/// `<provenance>`: which imported file gave which fact (`ImportProvenance`), written after `<problems>`.
extension XMLProfileWriter {
    func provenance(_ p: ImportProvenance) {
        w.start("provenance")
        for s in p.sources {
            w.start("source")
            w.attribute("file", s.file)
            w.attribute("kind", s.kind)
            for f in s.facts {
                w.start("fact")
                w.attribute("name", f.fact)
                w.attribute("line", f.line)
                w.end()
            }
            w.end()
        }
        w.end()
    }
}

extension XMLProfileReader {
    static func provenance(_ parent: XMLNode) throws(Failure) -> ImportProvenance? {
        guard let e = parent.optionalChild("provenance") else { return nil }
        var sources: [ImportSource] = []
        for s in e.children("source") {
            var facts: [FactOrigin] = []
            for f in s.children("fact") { facts.append(FactOrigin(fact: try f.required("name"), line: try f.integer("line"))) }
            sources.append(ImportSource(file: try s.required("file"), kind: try s.required("kind"), facts: facts))
        }
        return ImportProvenance(sources: sources)
    }
}
