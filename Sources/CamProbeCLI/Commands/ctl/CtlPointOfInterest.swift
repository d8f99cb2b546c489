import CamProbe
import PointsOfInterest

/// `camprobe ctl DEVICE focus-point X,Y` and `exposure-point X,Y` (also
/// written `focus-point=X,Y`): AVFoundation's points of interest through
/// uvcvideo's region-of-interest controls.
extension Ctl {
    /// The point asked for, if the assignments are a point of interest; nil
    /// for ordinary assignments.
    static func pointRequest(_ assignments: [String]) throws -> (PointOfInterestKind, NormalizedPoint)? {
        guard let first = assignments.first else { return nil }
        let name = first.split(separator: "=", maxSplits: 1).first.map(String.init) ?? first
        guard let kind = PointOfInterestKind.allCases.first(where: { "\($0.rawValue)-point" == name }) else { return nil }
        var rest = Array(assignments.dropFirst())
        if first.contains("=") { rest.insert(String(first.dropFirst(name.count + 1)), at: 0) }
        guard rest.count == 1 else {
            throw CLIError(message: "nothing was changed: give one point, e.g. \(name) 0.5,0.5 (and no other assignment)")
        }
        do throws(PointOfInterestError) {
            return (kind, try NormalizedPoint(parsing: rest[0]))
        } catch {
            throw CLIError(message: "nothing was changed: \(error)")
        }
    }

    func setPoint(_ kind: PointOfInterestKind, _ point: NormalizedPoint, device d: Device, node: CaptureNodeCapabilities) throws {
        let feature = PointOfInterestSupport.from(node.controls)[kind]
        guard feature.supported else {
            throw CLIError(message: PointOfInterestError.notSupported(feature.note).description)
        }
        let port: any DevicePort
        do throws(V4L2Error) { port = try source.system().open(node.path, throughLibV4L2: false) } catch {
            throw CLIError(message: error.description)
        }
        let change: PointOfInterestChange
        do throws(PointOfInterestFailure) {
            change = try PointOfInterestSetter.set(kind, to: point, node: node, port: port)
        } catch {
            throw CLIError(message: error.description)
        }
        if source.json {
            try JSONOutput.print(PointResult(device: d.id, node: node.path, change: change))
            return
        }
        print(Terminal.bold(d.name) + "  \(d.id)  \(node.path)")
        let text = { (r: ControlRect?) in r.map { $0.description } ?? "?" }
        print("  \(kind.rawValue) point \(point.x),\(point.y) in \(change.frameWidth)x\(change.frameHeight)")
        print("  region_of_interest_rect: \(text(change.before)) → \(text(change.after ?? change.requested))")
        let hex = { (b: UInt32?) in b.map { "0x" + String($0, radix: 16) } ?? "?" }
        print("  region_of_interest_auto: \(hex(change.autoBefore)) → \(hex(change.autoAfter ?? change.autoWritten))")
        if let after = change.after, after != change.requested {
            print("  " + Terminal.yellow("driver stored \(after.description), not \(change.requested.description)"))
        }
    }

    /// One line per point of interest under the capture features.
    static func renderPoints(_ p: PointOfInterestSupport) {
        for kind in PointOfInterestKind.allCases {
            let f = p[kind]
            print(
                "    " + Terminal.pad((kind == .focus ? "Focus point:" : "Exposure point:"), 20) + (f.supported ? "yes — " : "no — ")
                    + (f.note.hasPrefix("not supported: ") ? String(f.note.dropFirst("not supported: ".count)) : f.note))
        }
    }

    struct PointResult: Encodable {
        var schemaVersion = 1
        var device: DeviceID
        var node: String
        var change: PointOfInterestChange
    }
}
