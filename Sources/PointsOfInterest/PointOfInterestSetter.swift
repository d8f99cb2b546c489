import CaptureModel
import Negotiation
import V4L2

/// What setting a point of interest did.
package struct PointOfInterestChange: Sendable, Hashable, Codable {
    package var kind: PointOfInterestKind
    package var point: NormalizedPoint
    /// The region before, as `VIDIOC_G_EXT_CTRLS` read it.
    package var before: ControlRect?
    /// The region written.
    package var requested: ControlRect
    /// The region read back after writing (the driver may adjust it).
    package var after: ControlRect?
    package var autoBefore: UInt32?
    package var autoWritten: UInt32
    package var autoAfter: UInt32?
    /// The frame size the point was scaled to: the active format's, else the maximum region's.
    package var frameWidth: UInt32
    package var frameHeight: UInt32
}

/// Sets a focus or exposure point of interest through uvcvideo's region of
/// interest: the point becomes a rectangle (`PointOfInterestGeometry`), written
/// with the kind's auto bit added to the bits already set, in one
/// `VIDIOC_S_EXT_CTRLS`, then read back with `VIDIOC_G_EXT_CTRLS`.
/// Blocking: call it where the node's other control I/O runs.
package enum PointOfInterestSetter {
    package static func set(
        _ kind: PointOfInterestKind, to point: NormalizedPoint, node: CaptureNodeCapabilities, port: any DevicePort
    ) throws(PointOfInterestFailure) -> PointOfInterestChange {
        let controls = node.controls
        let feature = PointOfInterestSupport.from(controls)[kind]
        guard feature.supported, let controls else { throw .refused(.notSupported(feature.note)) }
        let rectControl = controls.first { $0.id == RegionOfInterestControl.rect }
        let (minimum, maximum) = (rect(rectControl?.minimumValue), rect(rectControl?.maximumValue))
        // The point is relative to the picture: the active format, else the largest region the driver allows.
        guard
            let (frameWidth, frameHeight) = node.activeFormat.map({ ($0.width, $0.height) })
                ?? maximum.map({ ($0.width, $0.height) }),
            frameWidth > 0, frameHeight > 0
        else { throw .refused(.noFrameSize) }
        var before: ControlRect? = nil
        var autoBefore: UInt32? = nil
        do throws(V4L2Error) {
            before = try port.readRect(RegionOfInterestControl.rect)
            autoBefore = UInt32(truncatingIfNeeded: try port.readControl(RegionOfInterestControl.auto))
        } catch {
            throw .device(error)
        }
        let target = PointOfInterestGeometry.rect(
            for: point, frameWidth: frameWidth, frameHeight: frameHeight, current: before, minimum: minimum,
            maximum: maximum)
        let bits = (autoBefore ?? 0) | kind.autoBit
        do throws(V4L2Error) {
            try port.writeRect(RegionOfInterestControl.rect, target, bitmask: RegionOfInterestControl.auto, bits)
        } catch {
            throw .device(error)
        }
        let after = try? port.readRect(RegionOfInterestControl.rect)
        let autoAfter = (try? port.readControl(RegionOfInterestControl.auto)).map { UInt32(truncatingIfNeeded: $0) }
        return PointOfInterestChange(
            kind: kind, point: point, before: before, requested: target, after: after, autoBefore: autoBefore,
            autoWritten: bits, autoAfter: autoAfter, frameWidth: frameWidth, frameHeight: frameHeight)
    }

    static func rect(_ v: ControlValue?) -> ControlRect? {
        if case .rect(let r)? = v { return r }
        return nil
    }
}

/// Why a point of interest was not set: refused before any write, or the device failed.
package enum PointOfInterestFailure: Error, Sendable, CustomStringConvertible {
    case refused(PointOfInterestError)
    case device(V4L2Error)

    package var description: String {
        switch self {
        case .refused(let e): e.description
        case .device(let e): "setting the region of interest failed: \(e)"
        }
    }
}
