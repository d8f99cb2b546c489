import CamProbe
import Synchronization

/// `monitor --levels`: one meter per microphone (present at the start or connected later),
/// two readings a second, until the command ends or the microphone fails.
final class LevelMeters: Sendable {
    let port: any ALSAPort
    let printer: EventPrinter
    /// The meters' tasks; nil once `stopAll` was called (a meter started later is cancelled at once).
    private let tasks = Mutex<[Task<Void, Never>]?>([])

    init(port: any ALSAPort, printer: EventPrinter) {
        self.port = port
        self.printer = printer
    }

    /// Meters the device's first capture PCM, if it has a microphone.
    func start(_ d: Device) {
        guard let pcm = d.audio.first?.pcms.first?.alsaName else { return }
        let id = d.id
        let meter = AudioLevelMeter(pcm: pcm, interval: .milliseconds(500), port: port)
        let printer = printer
        let task = Task {
            do {
                for try await r in meter.readings() { printer.levels(id, pcm: pcm, r) }
            } catch {
                if !Task.isCancelled { printer.levelsEnded(id, pcm: pcm, message: "\(error)") }
            }
        }
        let kept = tasks.withLock { t in
            t?.append(task)
            return t != nil
        }
        if !kept { task.cancel() }
    }

    /// Cancels every meter (each read thread ends within one 200 ms wait and closes its PCM).
    func stopAll() {
        for t in tasks.withLock({ t in
            defer { t = nil }
            return t ?? []
        }) { t.cancel() }
    }
}
