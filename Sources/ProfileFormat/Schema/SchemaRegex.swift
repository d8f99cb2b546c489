/// The small part of ECMA-262 regular expressions the profile schema's
/// `pattern`s use: literals and `\` escapes, `.`, `[…]` and `[^…]` classes
/// with ranges, `\d`, groups `(…)` with `|`, the quantifiers `?` `*` `+`
/// `{n}` `{n,}` `{n,m}`, and the anchors `^` `$`. Matching backtracks over
/// Unicode scalars and, as JSON Schema says, searches (is not anchored) unless
/// the pattern anchors itself. Anything else fails to compile.
import Synchronization

struct SchemaRegex: Sendable {
    indirect enum Node: Sendable {
        case scalar(Unicode.Scalar)
        case any
        case set([ClosedRange<UInt32>], negated: Bool)
        case start, end
        case sequence([Node])
        case alternation([Node])
        case repeated(Node, min: Int, max: Int?)
    }

    struct SyntaxError: Error, CustomStringConvertible { var description: String }

    let root: Node
    /// Answers already worked out, by subject: a profile repeats its patterned strings (3,486 frame
    /// intervals such as `1/30` in vivid-webcam.json, a few dozen distinct), and a backtracking match
    /// cost about 4,400 instructions each (Reports/benchmarks.md §20). At most `memoLimit` subjects.
    private let memo = Memo()
    static let memoLimit = 512

    private final class Memo: Sendable {
        let answers = Mutex<[String: Bool]>([:])
    }

    init(_ pattern: String) throws(SyntaxError) {
        var p = Parser(chars: Array(pattern.unicodeScalars))
        root = try p.alternation()
        guard p.i == p.chars.count else { throw SyntaxError(description: "unexpected \"\(p.chars[p.i])\" in /\(pattern)/") }
    }

    /// Whether the pattern matches anywhere in `s`.
    func matches(_ s: String) -> Bool {
        if let known = memo.answers.withLock({ $0[s] }) { return known }
        let input = Array(s.unicodeScalars)
        var found = false
        for start in 0...input.count where SchemaRegex.match(root, input, start, { _ in true }) {
            found = true
            break
        }
        memo.answers.withLock { answers in
            if answers.count < Self.memoLimit { answers[s] = found }
        }
        return found
    }

    /// Continuation-passing backtracking matcher: `k` is given the position after `node`.
    private static func match(_ node: Node, _ s: [Unicode.Scalar], _ i: Int, _ k: (Int) -> Bool) -> Bool {
        switch node {
        case .scalar(let c): return i < s.count && s[i] == c && k(i + 1)
        case .any: return i < s.count && s[i] != "\n" && k(i + 1)
        case .set(let ranges, let negated):
            guard i < s.count else { return false }
            let v = s[i].value
            return ranges.contains { $0.contains(v) } != negated && k(i + 1)
        case .start: return i == 0 && k(i)
        case .end: return i == s.count && k(i)
        case .sequence(let nodes):
            func step(_ n: Int, _ j: Int) -> Bool { n == nodes.count ? k(j) : match(nodes[n], s, j) { step(n + 1, $0) } }
            return step(0, i)
        case .alternation(let options): return options.contains { match($0, s, i, k) }
        case .repeated(let inner, let min, let max):
            func times(_ n: Int, _ j: Int) -> Bool {
                if let max, n == max { return k(j) }
                // Greedy: one more first; a repetition that consumed nothing stops.
                if match(inner, s, j, { $0 != j && times(n + 1, $0) }) { return true }
                return n >= min && k(j)
            }
            return times(0, i)
        }
    }

    private struct Parser {
        var chars: [Unicode.Scalar]
        var i = 0

        mutating func alternation() throws(SyntaxError) -> Node {
            var options = [try sequence()]
            while i < chars.count, chars[i] == "|" {
                i += 1
                options.append(try sequence())
            }
            return options.count == 1 ? options[0] : .alternation(options)
        }

        mutating func sequence() throws(SyntaxError) -> Node {
            var nodes: [Node] = []
            while i < chars.count, chars[i] != "|", chars[i] != ")" {
                var atom = try self.atom()
                while i < chars.count, let q = try quantifier() { atom = .repeated(atom, min: q.min, max: q.max) }
                nodes.append(atom)
            }
            return nodes.count == 1 ? nodes[0] : .sequence(nodes)
        }

        mutating func quantifier() throws(SyntaxError) -> (min: Int, max: Int?)? {
            switch chars[i] {
            case "?":
                i += 1
                return (0, 1)
            case "*":
                i += 1
                return (0, nil)
            case "+":
                i += 1
                return (1, nil)
            case "{":
                i += 1
                let min = number()
                var max: Int? = min
                if i < chars.count, chars[i] == "," {
                    i += 1
                    max = number()
                }
                guard let min, i < chars.count, chars[i] == "}" else { throw SyntaxError(description: "bad {n,m} quantifier") }
                i += 1
                return (min, max)
            default: return nil
            }
        }

        mutating func number() -> Int? {
            var n: Int? = nil
            while i < chars.count, let d = Int(String(chars[i])), chars[i].isASCII {
                n = (n ?? 0) * 10 + d
                i += 1
            }
            return n
        }

        mutating func atom() throws(SyntaxError) -> Node {
            let c = chars[i]
            i += 1
            switch c {
            case "^": return .start
            case "$": return .end
            case ".": return .any
            case "(":
                if i + 1 < chars.count, chars[i] == "?", chars[i + 1] == ":" { i += 2 }
                let inner = try alternation()
                guard i < chars.count, chars[i] == ")" else { throw SyntaxError(description: "unclosed group") }
                i += 1
                return inner
            case "[": return try set()
            case "\\": return try escape(inClass: false).node
            case "*", "+", "?", "{", ")", "]", "}": throw SyntaxError(description: "unexpected \"\(c)\"")
            default: return .scalar(c)
            }
        }

        mutating func set() throws(SyntaxError) -> Node {
            var negated = false
            if i < chars.count, chars[i] == "^" {
                negated = true
                i += 1
            }
            var ranges: [ClosedRange<UInt32>] = []
            while i < chars.count, chars[i] != "]" {
                let lo = try classMember()
                if i + 1 < chars.count, chars[i] == "-", chars[i + 1] != "]", case .single(let l) = lo {
                    i += 1
                    guard case .single(let h) = try classMember(), l <= h else { throw SyntaxError(description: "bad range in class") }
                    ranges.append(l...h)
                } else {
                    switch lo {
                    case .single(let v): ranges.append(v...v)
                    case .ranges(let r): ranges += r
                    }
                }
            }
            guard i < chars.count else { throw SyntaxError(description: "unclosed [") }
            i += 1
            return .set(ranges, negated: negated)
        }

        enum Member {
            case single(UInt32)
            case ranges([ClosedRange<UInt32>])
        }

        mutating func classMember() throws(SyntaxError) -> Member {
            let c = chars[i]
            i += 1
            guard c == "\\" else { return .single(c.value) }
            let e = try escape(inClass: true)
            if case .set(let r, false) = e.node { return .ranges(r) }
            return .single(e.scalar!.value)
        }

        mutating func escape(inClass: Bool) throws(SyntaxError) -> (node: Node, scalar: Unicode.Scalar?) {
            guard i < chars.count else { throw SyntaxError(description: "trailing \\") }
            let c = chars[i]
            i += 1
            switch c {
            case "d": return (.set([48...57], negated: false), nil)
            case "n": return (.scalar("\n"), "\n")
            case "t": return (.scalar("\t"), "\t")
            case "\\", "/", ".", "-", "^", "$", "|", "?", "*", "+", "(", ")", "[", "]", "{", "}": return (.scalar(c), c)
            default: throw SyntaxError(description: "unsupported escape \\\(c)")
            }
        }
    }
}
