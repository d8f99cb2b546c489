/// Where `JSONSchemaValidator` is in the instance: a stack of steps, spelt
/// out (`device.captures[0].formats`) only when an issue names it.
struct SchemaInstancePath {
    enum Step {
        case member(String)
        case index(Int)
    }

    private var steps: [Step] = []

    mutating func push(_ step: Step) { steps.append(step) }
    mutating func pop() { steps.removeLast() }

    /// The path as issues name it: a member after an empty path adds no dot.
    var text: String {
        var out = ""
        for step in steps {
            switch step {
            case .member(let key): out = out.isEmpty ? key : "\(out).\(key)"
            case .index(let i): out += "[\(i)]"
            }
        }
        return out
    }

    func issue(_ message: String) -> ProfileIssue {
        let t = text
        return ProfileIssue(path: t.isEmpty ? nil : t, message: message)
    }
}
