import FoundationEssentials

/// Why `JSONValue.parse` refused its input: what was wrong, and where.
struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Byte offset of the problem in the input.
    var offset: Int
    /// 1-based line and column (in bytes) of `offset`.
    var line: Int
    var column: Int
    var message: String
    var description: String { "\(message) at line \(line), column \(column)" }
}

extension JSONValue {
    /// Arrays and objects nested deeper than this are refused (as `JSONDecoder` does).
    static let maximumDepth = 512

    /// Parses JSON text in one pass, giving what decoding `JSONValue` with
    /// `JSONDecoder` gives: the same documents are accepted (RFC 8259 JSON
    /// in UTF-8, plus what `JSONDecoder` also takes: a trailing comma in an
    /// array or object, a byte order mark), a repeated key keeps its first
    /// value, and a number is `integer` when it is a whole number that fits
    /// in `Int64` (`1.0` and `1e2` too), else `unsigned` when it is written
    /// as an integer that fits in `UInt64`, else `double`.
    ///
    /// The rare inputs whose reading is subtle (a number written with a
    /// fraction or an exponent whose value is a whole number of 2^53 or
    /// more, an integer beyond `UInt64`, UTF-16 or UTF-32 text) and any input
    /// this parser refuses are read again with `JSONDecoder`, so its answer
    /// stands; a refused document is reported with this parser's message.
    static func parse(_ bytes: [UInt8]) throws(ParseFailure) -> JSONValue {
        let fast = parseWithoutFallback(bytes)
        if case .success(let v) = fast { return v }
        do {
            return try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
        } catch {
            if case .failure(.syntax(let e)) = fast { throw .syntax(e) }
            throw .decoding(error)
        }
    }

    /// Why `parse` refused a document.
    enum ParseFailure: Error {
        /// This parser's account of the problem.
        case syntax(JSONSyntaxError)
        /// `JSONDecoder`'s, for an input only it reads.
        case decoding(any Error)
    }

    /// Why `parseWithoutFallback` gave up.
    enum FastFailure: Error, Equatable {
        case syntax(JSONSyntaxError)
        /// Only `JSONDecoder` gives the exact reading (see `parse`).
        case needsFoundation
    }

    /// The single-pass parser alone (see `parse`).
    static func parseWithoutFallback(_ bytes: [UInt8]) -> Result<JSONValue, FastFailure> {
        bytes.withUnsafeBufferPointer { buffer in
            var p = JSONValueParser(buffer)
            do throws(FastFailure) {
                if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { p.i = 3 }
                p.skipWhitespace()
                let v = try p.value(depth: 0)
                p.skipWhitespace()
                guard p.i == buffer.count else { throw p.fail("unexpected \(p.found()) after the JSON value") }
                return .success(v)
            } catch {
                return .failure(error)
            }
        }
    }
}

/// The parser behind `JSONValue.parse`.
private struct JSONValueParser {
    let b: UnsafeBufferPointer<UInt8>
    var i = 0

    init(_ b: UnsafeBufferPointer<UInt8>) { self.b = b }

    func fail(_ message: String, at offset: Int? = nil) -> JSONValue.FastFailure {
        let at = min(offset ?? i, b.count)
        var line = 1
        var lineStart = 0
        for k in 0..<at where b[k] == 0x0A {
            line += 1
            lineStart = k + 1
        }
        return .syntax(JSONSyntaxError(offset: at, line: line, column: at - lineStart + 1, message: message))
    }

    /// What is at `i`, for messages.
    func found() -> String {
        guard i < b.count else { return "end of input (the file is cut short?)" }
        let c = b[i]
        if c >= 0x21 && c < 0x7F { return "'\(Character(Unicode.Scalar(c)))'" }
        return "byte 0x" + String(c, radix: 16, uppercase: true)
    }

    mutating func skipWhitespace() {
        while i < b.count {
            switch b[i] {
            case 0x20, 0x0A, 0x0D, 0x09: i += 1
            default: return
            }
        }
    }

    mutating func value(depth: Int) throws(JSONValue.FastFailure) -> JSONValue {
        guard i < b.count else { throw fail("unexpected end of input, expected a value") }
        switch b[i] {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw fail("unexpected \(found()), expected a value")
        }
    }

    mutating func object(depth: Int) throws(JSONValue.FastFailure) -> JSONValue {
        guard depth <= JSONValue.maximumDepth else {
            throw fail("arrays and objects nested deeper than \(JSONValue.maximumDepth) levels")
        }
        i += 1
        skipWhitespace()
        var members = JSONMembers()
        if i < b.count, b[i] == UInt8(ascii: "}") {
            i += 1
            return .object(members)
        }
        while true {
            guard i < b.count, b[i] == UInt8(ascii: "\"") else { throw fail("unexpected \(found()), expected a string key") }
            let key = try string()
            skipWhitespace()
            guard i < b.count, b[i] == UInt8(ascii: ":") else { throw fail("unexpected \(found()), expected ':'") }
            i += 1
            skipWhitespace()
            let v = try value(depth: depth)
            members.addFirst(key, v)
            skipWhitespace()
            guard i < b.count else { throw fail("unexpected end of input, expected ',' or '}'") }
            if b[i] == UInt8(ascii: ",") {
                i += 1
                skipWhitespace()
                if i < b.count, b[i] == UInt8(ascii: "}") {
                    i += 1
                    return .object(members)
                }
                continue
            }
            if b[i] == UInt8(ascii: "}") {
                i += 1
                return .object(members)
            }
            throw fail("unexpected \(found()), expected ',' or '}'")
        }
    }

    mutating func array(depth: Int) throws(JSONValue.FastFailure) -> JSONValue {
        guard depth <= JSONValue.maximumDepth else {
            throw fail("arrays and objects nested deeper than \(JSONValue.maximumDepth) levels")
        }
        i += 1
        skipWhitespace()
        var items: [JSONValue] = []
        if i < b.count, b[i] == UInt8(ascii: "]") {
            i += 1
            return .array(items)
        }
        while true {
            items.append(try value(depth: depth))
            skipWhitespace()
            guard i < b.count else { throw fail("unexpected end of input, expected ',' or ']'") }
            if b[i] == UInt8(ascii: ",") {
                i += 1
                skipWhitespace()
                if i < b.count, b[i] == UInt8(ascii: "]") {
                    i += 1
                    return .array(items)
                }
                continue
            }
            if b[i] == UInt8(ascii: "]") {
                i += 1
                return .array(items)
            }
            throw fail("unexpected \(found()), expected ',' or ']'")
        }
    }

    mutating func literal(_ word: StaticString) throws(JSONValue.FastFailure) {
        let start = i
        let n = word.utf8CodeUnitCount
        for k in 0..<n {
            guard start + k < b.count, b[start + k] == word.utf8Start[k] else {
                i = start + k
                throw fail("unexpected \(found()) in '\(word)'", at: start + k)
            }
        }
        i += n
    }

    func isDigit(_ k: Int) -> Bool { k < b.count && b[k] >= UInt8(ascii: "0") && b[k] <= UInt8(ascii: "9") }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    mutating func number() throws(JSONValue.FastFailure) -> JSONValue {
        let start = i
        if b[i] == UInt8(ascii: "-") { i += 1 }
        guard isDigit(i) else { throw fail("unexpected \(found()) in a number, expected a digit") }
        if b[i] == UInt8(ascii: "0") {
            i += 1
            if isDigit(i) { throw fail("a number may not start with 0 unless it is 0") }
        } else {
            while isDigit(i) { i += 1 }
        }
        var integral = true
        if i < b.count, b[i] == UInt8(ascii: ".") {
            integral = false
            i += 1
            guard isDigit(i) else { throw fail("unexpected \(found()) in a number, expected a digit after '.'") }
            while isDigit(i) { i += 1 }
        }
        if i < b.count, b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E") {
            integral = false
            i += 1
            if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") { i += 1 }
            guard isDigit(i) else { throw fail("unexpected \(found()) in a number, expected a digit in the exponent") }
            while isDigit(i) { i += 1 }
        }
        let digits = UnsafeBufferPointer(rebasing: b[start..<i])
        if integral {
            // Beyond UInt64, JSONDecoder tries a Decimal reading first.
            guard let v = JSONValueParser.exactInteger(digits) else { throw .needsFoundation }
            return v
        }
        let text = String(decoding: digits, as: UTF8.self)
        guard let d = Double(text), d.isFinite else { throw fail("the number \(text) is out of range", at: start) }
        if d.rounded(.towardZero) == d {
            // JSONDecoder reads a whole number of 2^53 or more written with a fraction or an exponent as a Decimal.
            guard d.magnitude < 9_007_199_254_740_992 else { throw .needsFoundation }
            return .integer(Int64(d))
        }
        return .double(d)
    }

    /// An integer written without fraction or exponent, when it fits in `Int64` or `UInt64`.
    static func exactInteger(_ digits: UnsafeBufferPointer<UInt8>) -> JSONValue? {
        var k = 0
        let negative = digits[0] == UInt8(ascii: "-")
        if negative { k = 1 }
        var magnitude: UInt64 = 0
        while k < digits.count {
            let (m, o1) = magnitude.multipliedReportingOverflow(by: 10)
            let (s, o2) = m.addingReportingOverflow(UInt64(digits[k] &- UInt8(ascii: "0")))
            if o1 || o2 { return nil }
            magnitude = s
            k += 1
        }
        if negative {
            if magnitude <= UInt64(Int64.max) { return .integer(-Int64(magnitude)) }
            if magnitude == UInt64(Int64.max) + 1 { return .integer(.min) }
            return nil
        }
        if magnitude <= UInt64(Int64.max) { return .integer(Int64(magnitude)) }
        return .unsigned(magnitude)
    }

    mutating func string() throws(JSONValue.FastFailure) -> String {
        i += 1
        let start = i
        var ascii = true
        while i < b.count {
            let c = b[i]
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") || c < 0x20 { break }
            if c >= 0x80 { ascii = false }
            i += 1
        }
        guard i < b.count else { throw fail("unterminated string", at: start - 1) }
        if b[i] == UInt8(ascii: "\"") {
            let raw = UnsafeBufferPointer(rebasing: b[start..<i])
            i += 1
            if ascii { return String(decoding: raw, as: UTF8.self) }
            guard let s = String(validating: raw, as: UTF8.self) else { throw fail("invalid UTF-8 in a string", at: start) }
            return s
        }
        var out: [UInt8] = Array(UnsafeBufferPointer(rebasing: b[start..<i]))
        while true {
            guard i < b.count else { throw fail("unterminated string", at: start - 1) }
            let c = b[i]
            if c == UInt8(ascii: "\"") {
                i += 1
                guard let s = String(validating: out, as: UTF8.self) else { throw fail("invalid UTF-8 in a string", at: start) }
                return s
            }
            guard c >= 0x20 else { throw fail("unescaped control character (byte 0x\(String(c, radix: 16, uppercase: true))) in a string") }
            if c != UInt8(ascii: "\\") {
                out.append(c)
                i += 1
                continue
            }
            i += 1
            guard i < b.count else { throw fail("unterminated string", at: start - 1) }
            let e = b[i]
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                let escape = i - 1
                i += 1
                var u = try hex4()
                if (0xDC00...0xDFFF).contains(u) {
                    throw fail("\\u escape of a low surrogate without a high one before it", at: escape)
                }
                if (0xD800...0xDBFF).contains(u) {
                    guard i + 1 < b.count, b[i] == UInt8(ascii: "\\"), b[i + 1] == UInt8(ascii: "u") else {
                        throw fail("\\u escape of a high surrogate without a low one after it", at: escape)
                    }
                    i += 2
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else {
                        throw fail("\\u escape of a high surrogate without a low one after it", at: escape)
                    }
                    u = 0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00)
                }
                // Not a surrogate, so a scalar.
                out.append(contentsOf: Unicode.Scalar(u)!.utf8)
                continue
            default: throw fail("invalid escape: \(found()) after a backslash in a string")
            }
            i += 1
        }
    }

    /// Four hex digits at `i`.
    mutating func hex4() throws(JSONValue.FastFailure) -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard i < b.count else { throw fail("unterminated \\u escape") }
            let c = b[i]
            let d: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - UInt8(ascii: "A") + 10)
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - UInt8(ascii: "a") + 10)
            default: throw fail("unexpected \(found()) in a \\u escape, expected a hex digit")
            }
            v = v << 4 | d
            i += 1
        }
        return v
    }
}
