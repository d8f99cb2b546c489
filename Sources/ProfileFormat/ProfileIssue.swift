/// One thing wrong with a profile document: where (a line for XML, a JSON
/// path such as `device.captures[0].formats[3].fourcc` for JSON) and what.
package struct ProfileIssue: Sendable, Hashable, CustomStringConvertible {
    /// 1-based line in the document, when known (XML).
    package var line: Int?
    /// Where in the document: a JSON path, or an XML element path.
    package var path: String?
    /// What is wrong, in libxml2's words for XML parse and schema errors.
    package var message: String

    package init(line: Int? = nil, path: String? = nil, message: String) {
        self.line = line
        self.path = path
        self.message = message
    }

    /// `line 12: …`, `device.name: …`, or both.
    package var description: String {
        var prefix = ""
        if let line { prefix += "line \(line): " }
        if let path, !path.isEmpty { prefix += "\(path): " }
        return prefix + message
    }
}

/// A profile could not be read: every issue found, in document order.
package struct ProfileReadError: Error, Sendable, CustomStringConvertible {
    package var issues: [ProfileIssue]
    package init(issues: [ProfileIssue]) { self.issues = issues }
    package init(_ issue: ProfileIssue) { issues = [issue] }
    package var description: String { issues.map(\.description).joined(separator: "\n") }
}

/// Inputs larger than this are refused before any parsing (both forms).
let profileMaximumBytes = 64 * 1024 * 1024
