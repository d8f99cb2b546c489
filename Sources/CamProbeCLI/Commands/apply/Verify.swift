import ArgumentParser
import CamProbe
import Negotiation

struct Verify: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Apply a choice, stream frames with it, and measure what really arrives.",
        discussion: """
            Streams --frames frames (memory-mapped buffers) and reports the delivered rate against the negotiated \
            one, interval jitter, frames the driver dropped (gaps in its sequence numbers) and the time to the \
            first frame. The delivered rate is given with its 95 % interval, from the frame count and the jitter. \
            Exit status 0 when that interval lies within 5 % of the negotiated rate and nothing was dropped, 3 when \
            not (a shortfall or an excess — more frames than negotiated — beyond the interval, drops, or UNDECIDED: \
            too few frames to tell at this jitter, with the --frames that would; the measurement itself worked), \
            1 on errors, when nothing fits (UNSUPPORTED) \
            and, with --strict, when the decision is ADJUSTED (then nothing is applied or streamed). Unlike \
            'negotiate', an ADJUSTED decision alone does not give 3 here: 3 always means the measurement.

            --measure-usb streams each native mode of a USB camera briefly instead and reads the alternate setting \
            uvcvideo holds for it (sysfs bAlternateSetting): what the mode reserves on the bus, beside what camprobe \
            predicted without it. The settings are kept per model and firmware \
            ($XDG_CONFIG_HOME/camprobe/bandwidth/VID-PID-BCD.json) and 'negotiate --together' plans with them.
            """
    ).underCamprobe

    @Argument(help: "Index, stable ID, node path, by-id link or a unique part of the name.")
    var device: String

    /// Required, except with --measure-usb (checked in `validate`).
    @OptionGroup var request: VideoRequestOptions<VideoRequestOptional>

    @Option(name: .long, help: "How many frames to stream.")
    var frames: Int = 120

    @Option(name: .long, help: "Give up after this many seconds without a frame.")
    var frameTimeout: Double = 5

    @Flag(name: .long, help: "Measure what each native mode reserves on the USB bus (see above), instead of one mode's rate.")
    var measureUsb = false

    @Flag(name: .long, help: "With --measure-usb: do not keep the measured settings.")
    var noSave = false

    @OptionGroup var live: LiveSourceOptions

    func validate() throws {
        if !measureUsb && request.isEmpty {
            throw ValidationError("say what you want: --preset P, or --size WxH and/or --fps F (see --help)")
        }
        if frames < 2 || frames > 100_000 { throw ValidationError("--frames must be between 2 and 100000") }
        if frameTimeout <= 0 || frameTimeout > 600 { throw ValidationError("--frame-timeout must be between 0 and 600 seconds") }
    }

    struct Output: Encodable {
        var schemaVersion = CaptureModelSchema.version
        var device: DeviceID
        var node: String
        var decision: Decision
        var applied: AppliedFormat
        var stream: StreamReport
        var dropRatio: Double
        var rateError: Double?
        var verdict: VerifyVerdict
    }

    func run() async throws {
        let source = try live.deviceSource()
        if measureUsb {
            try await BandwidthVerify.run(device, source, frameTimeout: frameTimeout, save: !noSave)
            return
        }
        let a = try await Applier.run(device, request, source)
        let expected = a.applied.afterInterval?.fps ?? a.decision.choice?.frameInterval?.fps
        let expectedRate = a.applied.afterInterval?.rate ?? a.decision.choice?.frameInterval?.rate
        let report: StreamReport
        do {
            report = try await a.camera.measureStreaming(frames: frames, expectedRate: expectedRate, timeoutSeconds: frameTimeout)
        } catch {
            await a.camera.close()
            throw CLIError(message: "streaming \(a.device.name) failed: \(error.message)")
        }
        await a.camera.close()
        // The domain's lock is held until the stream ran (after STREAMON), then given back.
        withExtendedLifetime(a.busLock) {}
        let verdict = VerifyVerdict(report)
        if source.json {
            try JSONOutput.print(
                Output(
                    device: a.device.id, node: a.node.path, decision: a.decision, applied: a.applied, stream: report,
                    dropRatio: report.dropRatio, rateError: report.rateError, verdict: verdict))
        } else {
            a.printText()
            func f(_ v: Double?, _ unit: String) -> String { v.map { "\(Double(Int($0 * 100)) / 100)\(unit)" } ?? "?" }
            print(
                "Streamed: \(report.framesReceived) frames; delivered \(f(report.deliveredFPS, " fps")) vs \(expected.map(formatFPS) ?? "?") fps negotiated (\(f(report.rateError.map { $0 * 100 }, " %")))"
            )
            print(
                "          jitter \(f(report.jitterMilliseconds, " ms")) around \(f(report.meanIntervalMilliseconds, " ms")); first frame after \(f(report.timeToFirstFrameMilliseconds, " ms"))"
            )
            print(
                "          dropped \(report.framesDropped) (\(f(report.dropRatio * 100, " %"))), \(report.framesWithErrors) flagged as corrupt by the driver"
            )
            if let lo = report.rateErrorLow, let hi = report.rateErrorHigh, let e = expected {
                func r1(_ v: Double) -> String { String(Double((v * 10).rounded()) / 10) }
                print(
                    "          95 % interval \(r1(e * (1 + lo)))–\(hi.isFinite ? r1(e * (1 + hi)) : "?") fps (from \(report.framesReceived) frames and their jitter)"
                )
            }
            print("Verdict:  " + verdict.line(warnings: a.decision.choice?.warnings.isEmpty == false, report: report))
        }
        if let failure = verdict.failure(report: report) { throw CLIError(message: failure, status: 3) }
    }
}
