extension Double {
    /// As typed: `-1` for -1.0, `2.5` for 2.5 (for messages that repeat a rejected value).
    var asTyped: String {
        guard isFinite, rounded() == self, abs(self) < 1e15 else { return "\(self)" }
        return String(Int64(self))
    }
}
