import CaptureModel

extension Device {
    /// The node that owns control `id`: on a media-controller camera the sensor's or lens's subdevice node
    /// (its capture node usually has no controls at all), else the capture node `capture`.
    public func controlNode(for id: UInt32, capture: String) -> String {
        guard let s = sensor else { return capture }
        if let path = s.subdevPath, s.controls?.contains(where: { $0.id == id }) ?? false { return path }
        for lens in s.lenses where lens.controls?.contains(where: { $0.id == id }) ?? false {
            if let path = lens.subdevPath { return path }
        }
        return capture
    }
}
