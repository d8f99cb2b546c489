import CaptureModel

/// What one camera's decision found on its bus: the domain, what the cameras streaming there already take, what the
/// wish (the decision without the bus) would take, and whether it fits beside them. Values only; `sentence` and
/// `occupantsText` word them.
package struct BusVerdict: Sendable, Hashable, Encodable {
    /// The domain's key ("bus 1", "bus 2 port 3").
    package var domain: String
    /// The rule's controller family, unit and capacity.
    package var family: String
    package var unit: String
    package var capacity: Double
    /// What the occupants take together, in `unit`.
    package var taken: Double
    /// The cameras streaming there now, with the setting each holds and who holds it.
    package var occupants: [USBDomainOccupancy.Occupant]
    /// The mode the camera would take with the bus ignored ("MJPG 1920x1080@30"), and what the domain's load would
    /// be with it; nil when nothing could be chosen even then.
    package var wish: String?
    package var loadWithWish: Double?
    /// The mode chosen beside the occupants, and the load with it.
    package var chosen: String?
    package var loadWithChoice: Double?
    /// True when the wish fits beside the occupants (the decision is the one-camera decision).
    package var wishFits: Bool

    /// What is left of the capacity beside the occupants, in `unit`.
    package var remaining: Double { max(0, capacity - taken) }

    /// The unit without its "per …" tail ("µs", "blocks", "bytes").
    package var shortUnit: String {
        var words: [Substring] = []
        for w in unit.split(separator: " ") {
            if w == "per" || w.hasPrefix("(") { break }
            words.append(w)
        }
        return words.isEmpty ? unit : words.joined(separator: " ")
    }

    /// "2 cameras stream there (ffmpeg pid 812, ustreamer pid 901)".
    package var occupantsText: String {
        let n = occupants.count
        let who = occupants.map { o -> String in
            guard !o.holders.isEmpty else { return "\(o.label), holder not known" }
            return o.holders.map { "\(BusVerdict.command($0.commandLine)) pid \($0.pid)" }.joined(separator: ", ")
        }
        return "\(n) camera\(n == 1 ? "" : "s") stream\(n == 1 ? "s" : "") there (" + who.joined(separator: "; ") + ")"
    }

    /// "bus 1 has 39 of 100 µs left: 2 cameras stream there (ustreamer pid 812, ffmpeg pid 901)".
    package var sentence: String {
        "\(domain) has \(Self.figure(remaining)) of \(Self.figure(capacity)) \(shortUnit) left: \(occupantsText)"
    }

    /// The program's name: the first word of its command line, without its directory.
    static func command(_ line: String) -> String {
        let first = line.split(separator: " ").first.map(String.init) ?? line
        return first.split(separator: "/").last.map(String.init) ?? first
    }

    /// A load as text: whole numbers without a fraction, else one decimal.
    package static func figure(_ v: Double) -> String {
        v == v.rounded() ? String(Int(v)) : String(Double(Int(v * 10)) / 10)
    }
}
