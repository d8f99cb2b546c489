import CaptureModel

/// One mode at one rate, with what it reserves on a USB link: the unit `verify --measure-usb` measures and a joint
/// plan weighs.
package struct ModeReservation: Sendable, Hashable {
    package var bufferType: BufferType
    package var fourcc: FourCC
    package var size: Dimensions
    package var rate: Rational
    package var isCompressed: Bool

    /// "MJPG 1280x720@30" (`JointCamera.modeKey`).
    package var key: String { JointCamera.modeKey(fourcc, size, fps: rate.doubleValue ?? 0) }

    /// The mode as `CaptureDevice.apply` takes it.
    package func mode(path: String) -> CaptureMode {
        CaptureMode(path: path, bufferType: bufferType, fourcc: fourcc, size: size, frameRate: rate)
    }

    /// What it reserves on `link`: the setting measured for it when there is one, else for an uncompressed format the
    /// lower bound of uvcvideo's `UVC_QUIRK_FIX_BANDWIDTH` estimate, else (compressed) the largest setting.
    package func reservation(on link: USBLink, measuredAlt: UInt8? = nil) -> USBReservation {
        var payload: Int?
        if let bpp = Bandwidth.bytesPerPixel(fourcc, compressed: isCompressed) {
            payload = USBReservation.uncompressedPayload(
                width: Int(size.width), height: Int(size.height), bitsPerPixel: Int((bpp * 8).rounded()), fps: rate.doubleValue ?? 0,
                highSpeed: !link.isFullSpeed)
        }
        return USBReservation.of(payload: payload, link: link, measuredAlt: measuredAlt)
    }

    /// Every native mode of `node` at each rate it offers (a rate range at its ends), in the node's order.
    package static func all(of node: CaptureNodeCapabilities) -> [ModeReservation] {
        var out: [ModeReservation] = []
        for m in ModeTable(node: node).modes where !m.isEmulated {
            let rates: [Rational] =
                switch m.rates {
                case .discrete(let intervals): intervals
                case .range(let a, let b, _): a == b ? [a] : [a, b]
                case .unknown: []
                }
            for interval in rates where interval.isValid {
                out.append(
                    ModeReservation(
                        bufferType: m.bufferType, fourcc: m.fourcc, size: m.size, rate: interval.reciprocal, isCompressed: m.isCompressed))
            }
        }
        return out
    }
}
