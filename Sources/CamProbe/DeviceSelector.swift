import CaptureModel

#if canImport(Glibc)
    import Glibc
#endif

/// How a user names a device on the command line: a list index, a stable
/// ID, any of its nodes (`/dev/video0`, a `/dev/v4l/by-id/…` link), or a
/// unique fragment of its name or ID.
public struct DeviceSelector: Sendable, CustomStringConvertible {
    /// nil: "the only device there is" (a profile holding one device).
    public var text: String?
    public init(_ text: String?) { self.text = text }
    public var description: String { text ?? "the only device" }

    /// Why a selector matched no device, or more than one.
    public enum SelectionError: Error, CustomStringConvertible {
        case noDevices
        /// `near`: the names and IDs close to what was typed, for "did you mean".
        case notFound(String, available: [String], near: [String] = [])
        case ambiguous(String, matches: [String])
        /// No device was named and there is more than one.
        case notNamed(available: [String])

        public var description: String {
            switch self {
            case .noDevices:
                return "no cameras found"
            case .notFound(let s, let available, let near):
                let quoted = near.map { "'\($0)'" }
                let hint = quoted.isEmpty ? "" : " Did you mean " + quoted.joined(separator: " or ") + "?"
                return "no device matches '\(s)'.\(hint) Devices:\n" + available.map { "  " + $0 }.joined(separator: "\n")
            case .notNamed(let available):
                return "name a device (index, ID, node or part of its name); there are \(available.count):\n"
                    + available.map { "  " + $0 }.joined(separator: "\n")
            case .ambiguous(let s, let matches):
                return "'\(s)' matches more than one device; use its index or ID:\n" + matches.map { "  " + $0 }.joined(separator: "\n")
            }
        }
    }

    /// The index in `devices` this selector names.
    public func resolve(in devices: [Device]) throws(SelectionError) -> Int {
        guard !devices.isEmpty else { throw .noDevices }
        let label = { (i: Int) in "\(i)  \(devices[i].id)  \(devices[i].name)" }
        guard let text else {
            guard devices.count == 1 else { throw .notNamed(available: devices.indices.map(label)) }
            return 0
        }
        if let i = Int(text), i >= 0 {
            guard i < devices.count else { throw .notFound(text, available: devices.indices.map(label)) }
            return i
        }
        if let i = devices.firstIndex(where: { $0.id.rawValue == text }) { return i }
        if text.hasPrefix("/") {
            let resolved = DeviceSelector.realPath(text) ?? text
            if let i = devices.firstIndex(where: { d in
                d.nodes.contains { $0.path == text || $0.path == resolved } || d.identity.byID.contains(text)
                    || d.identity.byPath.contains(text)
            }) {
                return i
            }
            throw .notFound(text, available: devices.indices.map(label))
        }
        let needle = text.lowercased()
        let hits = devices.indices.filter {
            devices[$0].name.lowercased().contains(needle) || devices[$0].id.rawValue.lowercased().contains(needle)
        }
        if hits.count == 1 { return hits[0] }
        if hits.isEmpty {
            let words = devices.flatMap { [$0.name, $0.id.rawValue] + $0.name.split(separator: " ").map(String.init) }
            throw .notFound(text, available: devices.indices.map(label), near: Suggestion.nearest(text, among: words, limit: 2))
        }
        throw .ambiguous(text, matches: hits.map(label))
    }

    static func realPath(_ p: String) -> String? {
        guard let r = realpath(p, nil) else { return nil }
        defer { free(r) }
        return String(cString: r)
    }
}
