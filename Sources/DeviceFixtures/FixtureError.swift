/// A fixture file that could not be read or decoded.
package struct FixtureError: Error, CustomStringConvertible {
    package var path: String
    package var message: String
    package var description: String { "\(path): \(message)" }

    package init(path: String, message: String) {
        self.path = path
        self.message = message
    }
}
