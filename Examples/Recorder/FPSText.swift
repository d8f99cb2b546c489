/// A rate or a duration as the recorder prints it: "30", "29.97", "15.073", at most three decimals,
/// trailing zeros dropped; a value no rate can have (NaN, infinite, negative, huge) as Swift prints it.
func fpsText(_ value: Double) -> String {
    guard value.isFinite, value >= 0, value < 1e15 else { return "\(value)" }
    let thousandths = Int64((value * 1000).rounded())
    var decimals = String(thousandths % 1000)
    decimals = String(repeating: "0", count: 3 - decimals.count) + decimals
    while decimals.hasSuffix("0") { decimals.removeLast() }
    return decimals.isEmpty ? "\(thousandths / 1000)" : "\(thousandths / 1000).\(decimals)"
}
