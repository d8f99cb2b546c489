import ArgumentParser
import CamProbe
import Fleet
import Udev

/// `monitor --textfile DIR [--verify-every D]`: node_exporter's textfile, kept current.
struct MonitorFleet {
    let textfile: FleetTextfile
    let registry: DeviceRegistry
    let verifyEvery: Double?
    let verifyFrames: Int

    /// How often the file is rewritten when nothing changes (node_exporter flags files older than a scrape or two).
    static let refreshSeconds = 30.0

    /// Writes the first file for the devices `present`, the USB cameras' bandwidth domains read through `usbBus`; a
    /// directory that cannot be written ends the command.
    static func start(
        directory: String, present: [Device], registry: DeviceRegistry, usbBus: USBBusReader, verifyEvery: Double?, verifyFrames: Int
    ) async throws -> MonitorFleet {
        guard
            let textfile = FleetTextfile(
                writer: TextfileWriter(directory: directory), version: CamProbeCommand.version,
                busProbe: FleetBusProbe(reader: usbBus), logger: CLILogging.logger("camprobe.textfile"))
        else { throw CLIError(message: "--textfile: the system refused a thread for writing the file (pthread_create); too many threads?") }
        do throws(TextfileWriter.WriteError) {
            try await textfile.start(present: present)
        } catch {
            throw CLIError(message: "--textfile \(directory): \(error)")
        }
        return MonitorFleet(textfile: textfile, registry: registry, verifyEvery: verifyEvery, verifyFrames: verifyFrames)
    }

    /// Rewrites the file every `refreshSeconds` until cancelled.
    func refreshLoop() async {
        while !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(Int(MonitorFleet.refreshSeconds * 1000)))
            if Task.isCancelled { return }
            await textfile.refresh()
        }
    }

    /// Checks every present camera by streaming, now and then every `verifyEvery` seconds, until cancelled.
    func verifyLoop() async {
        guard let every = verifyEvery else { return }
        while !Task.isCancelled {
            for id in await textfile.presentCameras {
                if Task.isCancelled { return }
                guard let d = await registry.devices.first(where: { $0.id == id }) else { continue }
                let result = await FleetVerifier.check(d, registry: registry, frames: verifyFrames)
                if case .failure(let f) = result { Terminal.warning("--verify-every: \(f.message)") }
                await textfile.record(id, result)
            }
            try? await Task.sleep(for: .milliseconds(Int(every * 1000)))
        }
    }

    /// "30", "30s", "5m", "1h" → seconds; nil when it is none of these.
    static func seconds(_ text: String) -> Double? {
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        for (suffix, scale) in units where text.hasSuffix(suffix) {
            guard let v = Double(text.dropLast(suffix.count)), v.isFinite else { return nil }
            return v * scale
        }
        guard let v = Double(text), v.isFinite else { return nil }
        return v
    }
}
