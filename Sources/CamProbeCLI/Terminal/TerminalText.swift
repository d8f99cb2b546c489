import CaptureModel

#if canImport(Glibc)
    import Glibc
#endif

/// Makes text safe for a terminal: the one place control characters are made
/// visible, used for everything camprobe writes as text (stdout and stderr).
///
/// Device names, control names, menu items and every other string that comes
/// from a driver or a profile may carry ESC, OSC, CSI, BEL or other control
/// characters; written raw they would retitle the window, move the cursor,
/// clear the screen or forge output. Every C0 control except newline and tab
/// (which are layout), DEL (U+007F) and every C1 control (U+0080–U+009F) is
/// written as a Swift-style escape, `\u{1B}`, `\u{7F}`, `\u{9B}`.
///
/// camprobe's own colours are not written as ESC sequences while a line is
/// built: `Terminal.bold` and friends insert a *style mark* (U+FDD0, a per-run
/// random key, the SGR code, U+FDD1) that text from outside cannot forge, and
/// only `render` turns a mark into its ESC sequence, after everything else has
/// been escaped. So colours still work on a TTY, and a device named
/// `"\e[33mX"` is shown as `\u{1B}[33mX`.
///
/// Under a locale that is not UTF-8 (`TextLocale`), `render` also writes every
/// other non-ASCII scalar as ASCII: `→` as `->`, `…` as `...`, a letter of a
/// device name as `\u{E9}`; what is written is then ASCII throughout.
enum TerminalText {
    /// Whether `render` writes ASCII only (the locale is not UTF-8).
    static let asciiOnly: Bool = !TextLocale.isUTF8

    /// A random key known only to this process, so input cannot contain a valid mark.
    static let key: [UInt8] = {
        var g = SystemRandomNumberGenerator()  // getrandom(2)
        let k = (0..<8).map { _ in UInt8.random(in: 0...255, using: &g) }
        // Hex digits: plain ASCII bytes that never look like a mark's delimiters.
        return k.flatMap { b in [hexDigit(b >> 4), hexDigit(b & 0xF)] }
    }()

    static let markStart: [UInt8] = [0xEF, 0xB7, 0x90]  // U+FDD0, a noncharacter
    static let markEnd: [UInt8] = [0xEF, 0xB7, 0x91]  // U+FDD1

    /// A style mark for SGR `code` ("1" bold, "2" dim, "33" yellow, "0" reset).
    static func mark(_ code: String) -> String {
        String(decoding: markStart + key + Array(code.utf8) + markEnd, as: UTF8.self)
    }

    /// `text` as it may be written to a terminal: control characters escaped,
    /// this run's style marks turned into ESC sequences (other text untouched,
    /// byte for byte, when there is nothing to escape); with `ascii`, other
    /// non-ASCII scalars as `TextLocale.ascii` says.
    static func render(_ text: String, ascii: Bool = asciiOnly) -> [UInt8] {
        let bytes = Array(text.utf8)
        guard needsWork(bytes, ascii: ascii) else { return bytes }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == 0xEF, let (code, end) = styleMark(bytes, at: i) {
                out += [0x1B, UInt8(ascii: "[")] + code + [UInt8(ascii: "m")]
                i = end
            } else if b < 0x20 && b != 0x0A && b != 0x09 || b == 0x7F {
                out += escape(UInt32(b))
                i += 1
            } else if b == 0xC2, i + 1 < bytes.count, bytes[i + 1] >= 0x80, bytes[i + 1] <= 0x9F {
                out += escape(UInt32(bytes[i + 1]))
                i += 2
            } else if ascii, b >= 0x80 {
                let (scalar, end) = decode(bytes, at: i)
                out += Array(TextLocale.ascii(scalar).utf8)
                i = end
            } else {
                out.append(b)
                i += 1
            }
        }
        return out
    }

    /// The scalar whose UTF-8 starts at `i` (a String's bytes: always valid),
    /// and the index after it.
    static func decode(_ bytes: [UInt8], at i: Int) -> (Unicode.Scalar, Int) {
        let b = bytes[i]
        let count = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1
        let end = min(bytes.count, i + count)
        let scalar = String(decoding: bytes[i..<end], as: UTF8.self).unicodeScalars.first ?? "?"
        return (scalar, end)
    }

    /// One value inside a line (a name, a menu item, a table cell): newline and
    /// tab are not layout there, so they are escaped too (`ValueText.field`)
    /// and cannot forge a line or a column; `render` escapes the rest.
    static func field(_ value: String) -> String { ValueText.field(value) }

    /// `render` as a String.
    static func renderString(_ text: String, ascii: Bool = asciiOnly) -> String {
        String(decoding: render(text, ascii: ascii), as: UTF8.self)
    }

    /// How many columns `text` takes once rendered: escapes count at their
    /// written width, style marks count nothing (one column per scalar
    /// otherwise; with `ascii`, a non-ASCII scalar its stand-in's width).
    static func width(_ text: String, ascii: Bool = asciiOnly) -> Int {
        let bytes = Array(text.utf8)
        var n = 0
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == 0xEF, let (_, end) = styleMark(bytes, at: i) {
                i = end
                continue
            }
            if b < 0x20 && b != 0x0A && b != 0x09 || b == 0x7F {
                n += escape(UInt32(b)).count
                i += 1
                continue
            }
            if b == 0xC2, i + 1 < bytes.count, bytes[i + 1] >= 0x80, bytes[i + 1] <= 0x9F {
                n += escape(UInt32(bytes[i + 1])).count
                i += 2
                continue
            }
            if ascii, b >= 0xC0 {
                let (scalar, end) = decode(bytes, at: i)
                n += TextLocale.ascii(scalar).utf8.count
                i = end
                continue
            }
            if b & 0xC0 != 0x80 { n += 1 }  // count scalars: skip continuation bytes
            i += 1
        }
        return n
    }

    /// `\u{1B}` for 0x1B.
    static func escape(_ scalar: UInt32) -> [UInt8] {
        var hex: [UInt8] = []
        var v = scalar
        repeat {
            hex.insert(hexDigit(UInt8(v & 0xF), upper: true), at: 0)
            v >>= 4
        } while v > 0
        if hex.count == 1 { hex.insert(UInt8(ascii: "0"), at: 0) }
        return Array("\\u{".utf8) + hex + [UInt8(ascii: "}")]
    }

    /// Whether `bytes` hold anything `render` would change.
    static func needsWork(_ bytes: [UInt8], ascii: Bool = asciiOnly) -> Bool {
        bytes.withUnsafeBufferPointer { p in
            for (i, b) in p.enumerated() {
                if ascii && b >= 0x80 { return true }
                if b < 0x20 && b != 0x0A && b != 0x09 || b == 0x7F { return true }
                if b == 0xC2, i + 1 < p.count, p[i + 1] >= 0x80, p[i + 1] <= 0x9F { return true }
                if b == 0xEF, i + 2 < p.count, p[i + 1] == 0xB7, p[i + 2] == 0x90 { return true }
            }
            return false
        }
    }

    /// The SGR code of a style mark of this run starting at `i`, and the index after it.
    static func styleMark(_ bytes: [UInt8], at i: Int) -> ([UInt8], Int)? {
        guard bytes.count - i >= markStart.count + key.count + 1 + markEnd.count,
            bytes[i..<i + 3].elementsEqual(markStart),
            bytes[(i + 3)..<(i + 3 + key.count)].elementsEqual(key)
        else { return nil }
        var j = i + 3 + key.count
        var code: [UInt8] = []
        while j < bytes.count, bytes[j] >= UInt8(ascii: "0"), bytes[j] <= UInt8(ascii: "9"), code.count < 3 {
            code.append(bytes[j])
            j += 1
        }
        guard !code.isEmpty, bytes.count - j >= 3, bytes[j..<j + 3].elementsEqual(markEnd) else { return nil }
        return (code, j + 3)
    }

    static func hexDigit(_ v: UInt8, upper: Bool = false) -> UInt8 {
        v < 10 ? UInt8(ascii: "0") + v : (upper ? UInt8(ascii: "A") : UInt8(ascii: "a")) + v - 10
    }
}
