/// Text camprobe could not read, with the file and line it tripped on.
package struct TextImportError: Error, Sendable, CustomStringConvertible {
    /// Why the text was refused, as a type: callers decide by this, never by the message's words.
    package enum Reason: Sendable, Hashable {
        /// A line the reader knows the shape of, but not this one (or a value out of range).
        case malformed
        /// No line of the text is of the kind the reader reads: the text is some other tool's, or none.
        case notThisKind
        /// The text is larger than `TextImportLimits` allows.
        case tooLarge
    }
    package var file: String
    package var line: Int
    package var message: String
    package var reason: Reason
    package init(file: String, line: Int, message: String, reason: Reason = .malformed) {
        self.file = file
        self.line = line
        self.message = message
        self.reason = reason
    }
    package var description: String { "\(file):\(line): \(message)" }
}

/// Bounds on what one import may hold, so hostile text cannot exhaust memory.
package enum TextImportLimits {
    package static let maximumBytes = 16 * 1024 * 1024
    /// Formats, sizes, intervals, controls and menu items, each.
    package static let maximumEntries = 100_000
}

extension TextImportLimits {
    /// Refuses text larger than `maximumBytes`, saying what it therefore is not ("not lsusb output").
    package static func check(_ name: String, _ text: String, saying what: String) throws(TextImportError) {
        guard text.utf8.count > maximumBytes else { return }
        throw TextImportError(
            file: name, line: 1, message: "larger than \(maximumBytes / 1024 / 1024) MiB; \(what)", reason: .tooLarge)
    }
}
