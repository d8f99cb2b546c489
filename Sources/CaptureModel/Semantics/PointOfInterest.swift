/// uvcvideo's UVC 1.5 region-of-interest controls (`<linux/uvcvideo.h>`,
/// kernel 6.16): a rectangle in the active format's pixels and a bitmask of the
/// automatic algorithms that follow it.
package enum RegionOfInterestControl {
    /// `V4L2_CID_UVC_REGION_OF_INTEREST_RECT` (`V4L2_CID_USER_UVC_BASE + 1`), type `rect`.
    package static let rect: UInt32 = 0x0098_1ae1
    /// `V4L2_CID_UVC_REGION_OF_INTEREST_AUTO` (`V4L2_CID_USER_UVC_BASE + 2`), type `bitmask`.
    package static let auto: UInt32 = 0x0098_1ae2

    /// `V4L2_UVC_REGION_OF_INTEREST_AUTO_*`: which automatic algorithm follows the region.
    package enum AutoBit {
        package static let exposure: UInt32 = 1 << 0
        package static let iris: UInt32 = 1 << 1
        package static let whiteBalance: UInt32 = 1 << 2
        package static let focus: UInt32 = 1 << 3
        package static let faceDetect: UInt32 = 1 << 4
        package static let detectAndTrack: UInt32 = 1 << 5
        package static let imageStabilization: UInt32 = 1 << 6
        package static let higherQuality: UInt32 = 1 << 7
    }
}

/// AVFoundation's `focusPointOfInterest` / `exposurePointOfInterest`: which
/// automatic algorithm a point of interest steers.
package enum PointOfInterestKind: String, Sendable, Hashable, Codable, CaseIterable {
    case focus, exposure

    /// The `V4L2_UVC_REGION_OF_INTEREST_AUTO_*` bit that makes this algorithm follow the region.
    package var autoBit: UInt32 {
        switch self {
        case .focus: RegionOfInterestControl.AutoBit.focus
        case .exposure: RegionOfInterestControl.AutoBit.exposure
        }
    }

    /// The bit's kernel name, for notes.
    package var autoBitName: String {
        switch self {
        case .focus: "V4L2_UVC_REGION_OF_INTEREST_AUTO_FOCUS"
        case .exposure: "V4L2_UVC_REGION_OF_INTEREST_AUTO_EXPOSURE"
        }
    }
}

/// Whether one point of interest (focus or exposure) can be set, why not when
/// it cannot, and the controls that say so.
package struct PointOfInterestFeature: Sendable, Hashable, Codable {
    package var supported: Bool
    /// Why not, or how the point maps to the controls.
    package var note: String
    /// nil: read from the driver's controls. `unknown`: the controls were not
    /// read, so `supported` false means "not known", never "absent".
    package var evidence: ModeSupport.Evidence?
    /// The controls the answer rests on, by kernel name and ID, e.g.
    /// `V4L2_CID_UVC_REGION_OF_INTEREST_RECT (0x00981ae1)`.
    package var controls: [String]

    package init(supported: Bool, note: String, evidence: ModeSupport.Evidence? = nil, controls: [String] = []) {
        self.supported = supported
        self.note = note
        self.evidence = evidence
        self.controls = controls
    }
}

/// Focus and exposure points of interest, derived from a node's controls.
package struct PointOfInterestSupport: Sendable, Hashable, Codable {
    package var focus: PointOfInterestFeature
    package var exposure: PointOfInterestFeature

    package init(focus: PointOfInterestFeature, exposure: PointOfInterestFeature) {
        self.focus = focus
        self.exposure = exposure
    }

    package subscript(kind: PointOfInterestKind) -> PointOfInterestFeature {
        switch kind {
        case .focus: focus
        case .exposure: exposure
        }
    }

    /// The reason given when a camera lacks the controls.
    package static let missingControls = "not supported: the camera has no UVC region-of-interest controls"

    /// Pure: a point is supported exactly when the node has a writable
    /// `V4L2_CID_UVC_REGION_OF_INTEREST_RECT` of type rect and a writable
    /// `V4L2_CID_UVC_REGION_OF_INTEREST_AUTO` whose valid bits (the bitmask's
    /// maximum) include the kind's bit. `controls` nil: not read, so unknown.
    package static func from(_ controls: [Control]?) -> PointOfInterestSupport {
        PointOfInterestSupport(focus: feature(.focus, controls), exposure: feature(.exposure, controls))
    }

    static func name(_ id: UInt32) -> String {
        let kernel =
            id == RegionOfInterestControl.rect
            ? "V4L2_CID_UVC_REGION_OF_INTEREST_RECT" : "V4L2_CID_UVC_REGION_OF_INTEREST_AUTO"
        return kernel + " (0x" + String(id, radix: 16).leftPadded(to: 8) + ")"
    }

    static func feature(_ kind: PointOfInterestKind, _ controls: [Control]?) -> PointOfInterestFeature {
        let both = [name(RegionOfInterestControl.rect), name(RegionOfInterestControl.auto)]
        guard let controls else {
            return PointOfInterestFeature(supported: false, note: "the controls were not read", evidence: .unknown, controls: both)
        }
        let rect = controls.first { $0.id == RegionOfInterestControl.rect }
        let auto = controls.first { $0.id == RegionOfInterestControl.auto }
        guard let rect, let auto else {
            let missing = [(rect, RegionOfInterestControl.rect), (auto, RegionOfInterestControl.auto)].filter { $0.0 == nil }
            return PointOfInterestFeature(
                supported: false,
                note: missingControls + " (" + missing.map { name($0.1) }.joined(separator: " and ") + " absent)",
                controls: both)
        }
        if rect.typeCode != ControlTypeCode.rect {
            return PointOfInterestFeature(
                supported: false, note: "\(name(rect.id)) has type \(rect.type), not rect", controls: both)
        }
        for c in [rect, auto] where c.flags.contains(.readOnly) || c.flags.contains(.disabled) {
            return PointOfInterestFeature(supported: false, note: "\(name(c.id)) is read-only", controls: both)
        }
        let validBits = UInt64(bitPattern: auto.maximum)
        if validBits & UInt64(kind.autoBit) == 0 {
            return PointOfInterestFeature(
                supported: false,
                note:
                    "the camera's region of interest does not drive \(kind.rawValue): \(kind.autoBitName) is not among the valid bits 0x\(String(validBits, radix: 16)) of \(name(auto.id))",
                controls: both)
        }
        return PointOfInterestFeature(
            supported: true,
            note:
                "\(name(rect.id)) places the region; \(kind.autoBitName) (0x\(String(kind.autoBit, radix: 16))) in \(name(auto.id)) makes auto \(kind.rawValue) follow it",
            controls: both)
    }
}

extension String {
    fileprivate func leftPadded(to n: Int) -> String { String(repeating: "0", count: max(0, n - count)) + self }
}
