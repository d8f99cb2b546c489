/// The sections `show` has other renderers write (a sensor's modes, a
/// camera's semantics) are wrapped like its own lines: inside these types an
/// unqualified `print(…)` finds this member before the module's `print`, so
/// their long lines go through `ShowRenderer.print` (word boundaries, a
/// hanging indent, only when a width applies; see `TerminalSize`).
extension SemanticsRenderer {
    static func print(_ line: String) { ShowRenderer.print(line) }
}

extension SensorRenderer {
    static func print(_ line: String) { ShowRenderer.print(line) }
}
