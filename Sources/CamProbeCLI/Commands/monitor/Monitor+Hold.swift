import CamProbe

extension Monitor {
    /// How often `--hold` reads the held device's format.
    static let holdPeriod = Duration.milliseconds(250)

    /// `--hold`: opens the device as a recorder would (`holdDevice`), then reads its format every `holdPeriod` until it
    /// fails, and says so; the monitor goes on following events (the device may come back) until it ends.
    static func holdOpen(_ device: CaptureDevice, printer: EventPrinter) async {
        while !Task.isCancelled {
            do {
                _ = try await device.activeFormat()
            } catch {
                printer.holderError(error)
                await device.close()
                break
            }
            try? await Task.sleep(for: Monitor.holdPeriod)
        }
        await device.close()
        await untilCancelled()
    }

    /// The device `--hold` names among `present`, opened through the registry; nil without `--hold`.
    func holdDevice(in present: [Device], registry: DeviceRegistry) async throws -> CaptureDevice? {
        guard let hold else { return nil }
        do {
            let i = try DeviceSelector(hold).resolve(in: present)
            return try await registry.open(present[i].id)
        } catch {
            throw CLIError(message: "--hold \(hold): \(error)")
        }
    }
}
