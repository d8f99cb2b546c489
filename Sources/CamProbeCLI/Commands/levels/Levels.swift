import ArgumentParser
import CamProbe
import HostSystem

struct Levels: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "levels",
        abstract: "Meter a microphone: average power and peak hold per channel in dBFS, about 10 readings a second.",
        discussion: """
            Levels follow AVFoundation's AVCaptureAudioChannel: 0 dBFS is a full-scale square wave, so a full-scale \
            sine averages -3.01 dBFS and peaks at 0. averagePowerLevel is the RMS over one reading (100 ms); \
            peakHoldLevel is the largest |sample| over the same 100 ms (it is not held across readings). Silence \
            (all samples zero) is shown as -inf (null in JSON). The PCM is read on its own thread with a ~50 ms period \
            and a 4-period buffer; overruns are counted, recovered and reported ("xruns"). A PCM held by another \
            program is an error naming that program. Stops on Ctrl-C / SIGTERM, after --seconds, or when the device goes away.
            """
    ).underCamprobe

    @Argument(
        help: ArgumentHelp(
            "A device with a microphone (index, stable ID, node or a unique part of its name; see 'camprobe list') "
                + "or an ALSA capture PCM such as hw:1,0 or plughw:Loopback,1,0.", valueName: "DEVICE|PCM"))
    var device: String

    @Option(name: .long, help: "Stop after this many seconds of readings (default: until Ctrl-C).")
    var seconds: Double?

    @Flag(name: .long, help: "JSON Lines: one object per reading (schema: Profiles/schema/camprobe-levels.schema.json).")
    var json = false

    @Option(name: .long, help: "Channels to ask for; the hardware may give the nearest it has.")
    var channels: UInt32 = 2

    @OptionGroup var logging: LoggingOptions

    func validate() throws {
        if let seconds, !(seconds > 0 && seconds <= 86_400) { throw ValidationError("--seconds must be more than 0 and at most 86400") }
        if channels < 1 || channels > 64 { throw ValidationError("--channels must be between 1 and 64") }
        if device.isEmpty { throw ValidationError("DEVICE|PCM must not be empty") }
    }

    /// Names that are ALSA PCMs rather than camprobe devices.
    static func isPCMName(_ s: String) -> Bool {
        if PCMName(s) != nil { return true }
        if s.hasPrefix("/") { return false }
        let plugins = ["default", "sysdefault", "dsnoop", "plug", "pulse", "pipewire", "null", "hw", "plughw", "front"]
        let head = s.split(separator: ":", maxSplits: 1).first.map(String.init) ?? s
        return plugins.contains(head)
    }

    /// The PCM to meter: the argument itself, or the first capture PCM of the device's microphone.
    func resolvePCM() throws -> (pcm: String, title: String) {
        if Self.isPCMName(device) { return (device, device) }
        let selector = DeviceSelector(device)
        var chosen: Int?
        var selectionError: DeviceSelector.SelectionError?
        let system = CLIEnvironment.current.makeSystem()
        let result = DeviceDiscovery(system: system, logger: CLILogging.logger("camprobe.discovery")).discover(
            DiscoveryOptions(formats: false, controls: false)
        ) { devices in
            do throws(DeviceSelector.SelectionError) {
                chosen = try selector.resolve(in: devices)
            } catch {
                selectionError = error
            }
            return chosen.map { [$0] } ?? []
        }
        guard let i = chosen else {
            throw SelectionErrors.error(selectionError, selector: device)
        }
        let d = result.devices[i]
        guard let card = d.audio.first, let pcm = card.pcms.first else {
            throw CLIError(
                message: "\(d.name) has no microphone (no ALSA capture card belongs to it); name a PCM such as hw:1,0 instead")
        }
        return (pcm.alsaName, "\(d.name) — \(pcm.alsaName)")
    }

    func run() async throws {
        // Discovery opens every node: on a thread of its own, so the awaiting task holds no thread of the pool.
        let (pcm, title) = try await DedicatedThread.runThrowing("find the microphone of \(device)", { try resolvePCM() })
        let meter = AudioLevelMeter(
            pcm: pcm, request: PCMCaptureRequest(channels: channels), port: CLIEnvironment.current.makeSystem().alsa)
        let limit = seconds.map { max(1, Int(($0 * 10).rounded())) }
        let stop = StopSignal.install()
        let json = json
        let tty = Terminal.stdoutIsTerminal && !json
        let outcome: (readings: Int, xruns: Int, error: (any Error)?) = await withTaskGroup(of: (Int, Int, (any Error)?)?.self) { group in
            group.addTask {
                var count = 0
                var xruns = 0
                let display = tty ? LevelMeterDisplay() : nil
                do {
                    for try await r in meter.readings() {
                        count += 1
                        xruns = r.xruns
                        let time = EventPrinter.timestamp()
                        if json {
                            StandardOutput.raw(Array(LevelsRenderer.json(r, time: time).utf8) + [0x0A])
                            StandardOutput.flush()
                        } else if let display {
                            display.draw(r, title: title)
                        } else {
                            print("\(time)  \(LevelsRenderer.plain(r, unicode: false))")
                            StandardOutput.flush()
                        }
                        if let limit, count >= limit { break }
                    }
                } catch {
                    return (count, xruns, error)
                }
                return (count, xruns, nil)
            }
            group.addTask {
                await stop.wait()
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? (0, 0, nil)
        }
        if outcome.xruns > 0 && !json {
            Terminal.warning("\(pcm): \(outcome.xruns) overruns (samples lost; each was recovered with snd_pcm_recover)")
        }
        if let e = outcome.error {
            if let m = e as? AudioLevelMeterError, m.kind == .deviceGone, outcome.readings > 0 {
                throw CLIError(message: "\(m.message); metering stopped after \(outcome.readings) readings")
            }
            throw CLIError(message: "\(e)")
        }
    }
}
