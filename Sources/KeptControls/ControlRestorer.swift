import CamProbe
import CaptureModel
import HostSystem
import ProfileFormat
import V4L2

/// Puts a saved control profile back on a device, control by control (one
/// refusal does not stop the rest), and reports what was applied or refused.
package enum ControlRestorer {
    package struct Outcome: Sendable {
        package var name: String
        package var applied: [ControlChange]
        package var refused: [String]
        package var keptAutomatic: [String]
        package var found: Bool
    }

    package static func restore(_ name: String, device d: Device, system: any DeviceSystem) throws(RestoreError) -> Outcome {
        let profile: ControlProfile?
        do throws(FileReadError) { profile = try ControlProfileStore.load(device: d.id, name: name) } catch {
            throw RestoreError(message: error.description)
        }
        guard let profile else { return Outcome(name: name, applied: [], refused: [], keptAutomatic: [], found: false) }
        guard let node = d.captures.first else { throw RestoreError(message: "\(d.name) has no capture node") }
        var ports: [String: any DevicePort] = [:]
        func port(_ path: String) throws(RestoreError) -> any DevicePort {
            if let p = ports[path] { return p }
            do throws(V4L2Error) {
                let p = try system.open(path, throughLibV4L2: false)
                ports[path] = p
                return p
            } catch {
                throw RestoreError(message: error.description)
            }
        }
        let (writes, kept) = profile.restorePlan()
        var applied: [ControlChange] = []
        var refused: [String] = []
        let controls = node.controls ?? []
        for w in writes {
            guard controls.contains(where: { $0.id == w.id }) else {
                refused.append("\(w.control) (this camera has no such control now)")
                continue
            }
            let owner = try port(d.controlNode(for: w.id, capture: node.path))
            do throws(ControlTransactionError) {
                applied += try ControlTransaction.apply([w], controls: controls, port: owner)
            } catch {
                refused.append("\(w.control)=\(w.value) (\(error.underlying.errnoName))")
            }
        }
        return Outcome(name: name, applied: applied, refused: refused, keptAutomatic: kept, found: true)
    }

    /// `restore`, on a thread made for it: the restore opens the device and writes controls, which a UVC camera can
    /// hold for seconds, so the caller's task holds no thread of the cooperative pool meanwhile.
    package static func restoreOffPool(_ name: String, device d: Device, makeSystem: @escaping DeviceRegistry.SystemFactory)
        async throws(RestoreError) -> Outcome
    {
        let result: Result<Outcome, RestoreError>
        do throws(ThreadRefused) {
            result = try await DedicatedThread.run("restore the controls of \(d.name)") {
                Result { () throws(RestoreError) in try restore(name, device: d, system: makeSystem()) }
            }
        } catch {
            throw RestoreError(message: error.description)
        }
        return try result.get()
    }

    package struct RestoreError: Error, Sendable, CustomStringConvertible {
        package var message: String
        package var description: String { message }
    }
}
