/// One control write of a plan, in order.
package struct ControlWrite: Sendable, Hashable, Codable {
    package var id: UInt32
    package var control: String
    package var value: Int64
    /// Why it is written ("asked", "turn continuous autofocus off first").
    package var reason: String
    package init(id: UInt32, control: String, value: Int64, reason: String) {
        self.id = id
        self.control = control
        self.value = value
        self.reason = reason
    }
}
