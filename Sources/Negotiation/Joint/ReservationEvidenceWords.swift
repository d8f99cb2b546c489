import CaptureModel

extension ReservationEvidence {
    /// The one spelling of an evidence level in prose: "measured", "computed lower bound", "assumed maximum".
    /// Every renderer words evidence through this.
    package var words: String {
        switch self {
        case .measured: "measured"
        case .computedLowerBound: "computed lower bound"
        case .assumedMaximum: "assumed maximum"
        }
    }
}
