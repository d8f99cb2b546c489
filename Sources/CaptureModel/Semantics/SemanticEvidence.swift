/// How a semantic answer is known.
package enum SemanticEvidence: String, Sendable, Hashable, Codable {
    /// Read from the device: the control, its flags, menu and value (`VIDIOC_QUERY_EXT_CTRL`, `VIDIOC_QUERYMENU`,
    /// `VIDIOC_G_EXT_CTRLS`). A control the driver does not list is absent on this evidence.
    case driver
    /// Computed from other facts; the basis gives the formula.
    case derived
    /// From pasted text (v4l2-ctl output), which may leave things out.
    case imported
    /// The facts that would tell were not there: a missing value or `false` means "not known", never "absent".
    case unknown
}

/// The evidence for one semantic field, and what it rests on: the control and value, or the formula.
package struct FieldEvidence: Sendable, Hashable, Codable {
    package var level: SemanticEvidence
    /// `focus_automatic_continuous=1`, `exposure_time_absolute minimum × 100 µs`, `no AUTO_FOCUS_STATUS control`, …
    package var basis: String
    package init(_ level: SemanticEvidence, _ basis: String) {
        self.level = level
        self.basis = basis
    }
}
