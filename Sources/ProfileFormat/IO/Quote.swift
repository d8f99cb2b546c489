/// Keeps input that is echoed in a message short: a 60 MB value in a profile,
/// a key, a path or a command-line argument is shown by its start and its size
/// (`AAAA…AAAA… (200000 bytes)`), never in full. The one helper every error
/// message that repeats input goes through.
package enum Quote {
    /// How many characters of a long value are kept.
    package static let keep = 100

    /// `value` when at most `limit` characters, else its first `keep` characters
    /// and `… (N bytes)`.
    package static func clip(_ value: String, limit: Int = 120) -> String {
        guard value.utf8.count > limit, value.count > limit else { return value }
        return String(value.prefix(keep)) + "… (\(value.utf8.count) bytes)"
    }

    /// A whole message made safe to print: every run of non-space characters
    /// longer than `limit` clipped (values, keys, JSON paths), then, if the
    /// message is still over `total` characters (a long value with spaces in
    /// it), its middle left out, keeping the start and the end (the advice).
    package static func clipMessage(_ message: String, limit: Int = 120, total: Int = 2000) -> String {
        guard message.utf8.count > limit else { return message }
        var out = ""
        var run = Substring()
        var runStart = message.startIndex
        var i = message.startIndex
        func flush(upTo end: String.Index) {
            run = message[runStart..<end]
            guard run.count > limit else {
                out += run
                return
            }
            // Keep the punctuation that ends the run ("path: …", "'value'.").
            let tail = run.reversed().prefix { ":;,.'\")]".contains($0) }
            out += clip(String(run.dropLast(tail.count)), limit: limit) + String(tail.reversed())
        }
        while i < message.endIndex {
            if message[i].isWhitespace {
                flush(upTo: i)
                out.append(message[i])
                runStart = message.index(after: i)
            }
            i = message.index(after: i)
        }
        flush(upTo: message.endIndex)
        guard out.count > total else { return out }
        let head = out.prefix(total * 3 / 4)
        let tail = out.suffix(total / 5)
        let omitted = out.utf8.count - head.utf8.count - tail.utf8.count
        return head + "… (\(omitted) bytes left out) …" + tail
    }
}
