import V4L2

/// What discovery reads for each capture node.
public struct DiscoveryOptions: Sendable {
    /// Read formats, sizes and intervals (needed for `list`'s summary and `show`).
    public var formats: Bool = true
    /// Read controls and menus (`show`).
    public var controls: Bool = true
    /// Also open through libv4l2 and include its emulated formats.
    public var emulated: Bool = false
    package var limits = EnumerationLimits()

    public init(formats: Bool = true, controls: Bool = true, emulated: Bool = false) {
        self.formats = formats
        self.controls = controls
        self.emulated = emulated
    }
}
