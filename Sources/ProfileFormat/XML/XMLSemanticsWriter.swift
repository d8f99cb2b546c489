import CaptureModel
import FoundationEssentials

extension XMLTextWriter {
    /// Writes the derived `semantics` section generically from its JSON form:
    /// objects become elements, scalars attributes, arrays repeated `item`
    /// elements. Readers recompute semantics from the controls, so this section
    /// is for people and other tools; the XSD accepts it as written.
    func semantics(_ s: CaptureSemantics) {
        guard let data = try? JSONEncoder().encode(s), let value = try? JSONDecoder().decode(JSONValue.self, from: data) else { return }
        element("semantics", value)
    }

    private func element(_ name: String, _ v: JSONValue) {
        start(name)
        switch v {
        case .object(let members):
            let keys = members.keys.sorted()
            for k in keys { if let s = scalar(members[k]!) { attribute(k, s) } }
            for k in keys where scalar(members[k]!) == nil { element(k, members[k]!) }
        case .array(let items):
            for i in items {
                if let s = scalar(i) {
                    start("item")
                    attribute("value", s)
                    end()
                } else {
                    element("item", i)
                }
            }
        default:
            if let s = scalar(v) { attribute("value", s) }
        }
        end()
    }

    private func scalar(_ v: JSONValue) -> String? {
        switch v {
        case .null: nil
        case .bool(let b): b ? "true" : "false"
        case .integer(let i): String(i)
        case .unsigned(let u): String(u)
        case .double(let d): String(d)
        case .string(let s): s
        case .array, .object: nil
        }
    }
}
