import ArgumentParser
import CamProbe
import HostSystem
import ProfileFormat
import Snapshot

struct SnapshotCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: "Grab one frame from a live camera and write it as PNG or JPEG.",
        discussion: """
            Negotiates and applies the mode as 'apply' does (under the configuration lock), streams with \
            memory-mapped buffers, drops the first --skip frames (cameras often send dark or garbled frames \
            while exposure settles) and writes the next one. A .jpg/.jpeg file is the MJPG or JPEG frame exactly \
            as the camera sent it (without --format or --preset, MJPG and JPEG modes are preferred); a .png is \
            the frame converted to RGB by libv4lconvert (loaded when needed: package libv4lconvert0), its rows \
            deflated by zlib (level 6, after PNG's Up filter). The file is written atomically (a temporary file, \
            then rename): an error or ^C never leaves a partial file. Streaming is stopped and the buffers released on every path.

            Exit status: 0 when written, 1 on errors (another process streaming, no frame within --timeout, \
            a format that cannot be converted), 2 on usage errors.
            """
    ).underCamprobe

    @Argument(help: "Index, stable ID, node path, by-id link or a unique part of the name.")
    var device: String

    @OptionGroup var request: RequestOptions

    @Option(
        name: [.short, .customLong("output")], help: ArgumentHelp("The file to write: NAME.png, NAME.jpg or NAME.jpeg.", valueName: "file"))
    var output: String

    @Option(name: .long, parsing: .unconditional, help: "Frames to drop before the one written.")
    var skip: Int = 3

    @Option(name: .long, parsing: .unconditional, help: "Give up after this many seconds without a frame.")
    var timeout: Double = 5

    @OptionGroup var live: LiveSourceOptions

    func validate() throws {
        if SnapshotEncoder.Encoding(fileName: output) == nil {
            throw ValidationError("-o must end in .png, .jpg or .jpeg (the file type is taken from it)")
        }
        if skip < 0 || skip > 1000 { throw ValidationError("--skip \(skip): must be between 0 and 1000 frames") }
        if !(timeout > 0 && timeout <= 600) {
            throw ValidationError("--timeout \(timeout.asTyped): must be a positive number of seconds, at most 600")
        }
    }

    struct Output: Encodable {
        var schemaVersion = CaptureModelSchema.version
        var device: DeviceID
        var node: String
        var decision: Decision
        var applied: AppliedFormat
        var file: String
        var encoding: String
        var bytes: Int
        var sequence: UInt32
        var framesSkipped: Int
    }

    /// A frame taken and encoded, with what was negotiated and applied for it.
    struct Taken {
        var applier: Applier
        var frame: SnapshotFrame
        var bytes: [UInt8]
        var encoding: SnapshotEncoder.Encoding
    }

    /// The frame as `run()` takes it (negotiated, applied, streamed, encoded), written nowhere.
    func take() async throws -> Taken {
        let source = try live.deviceSource()
        let encoding = SnapshotEncoder.Encoding(fileName: output)!
        var wanted = request
        if encoding == .jpeg && wanted.preset == nil && wanted.format.isEmpty && !wanted.raw {
            wanted.format = ["MJPG", "JPEG"]
        }
        let a: Applier
        do {
            a = try await Applier.run(device, wanted, source)
        } catch let error as CLIError where error.cause?.kind == .busy || error.cause?.underlying?.errno == Errno.EBUSY {
            // S_FMT refused because another process streams: say who, when /proc shows it.
            // Discovery and /proc reads, on a thread of their own.
            let (path, who) = try await DedicatedThread.run("find who streams from \(device)") { [device] in
                let path = (try? source.resolve(device))?.captures.first?.path
                return (path, path.flatMap { SnapshotHolders.describe(path: $0) })
            }
            throw CLIError(
                message: error.message + "\nsnapshot: another process is streaming from \(path ?? device)"
                    + (who.map { ": " + $0 } ?? ""))
        }
        let frame: SnapshotFrame
        do {
            frame = try await a.camera.captureFrame(skipping: skip, timeoutSeconds: timeout)
        } catch {
            await a.camera.close()
            throw CLIError(message: "snapshot: \(error.message)")
        }
        await a.camera.close()
        // The domain's lock is held until the frame came (after STREAMON), then given back.
        withExtendedLifetime(a.busLock) {}
        let bytes: [UInt8]
        do {
            bytes = try SnapshotEncoder.encode(frame, as: encoding)
        } catch {
            throw CLIError(message: "snapshot: \(error.message)")
        }
        return Taken(applier: a, frame: frame, bytes: bytes, encoding: encoding)
    }

    func run() async throws {
        let taken = try await take()
        let (a, frame, bytes, encoding) = (taken.applier, taken.frame, taken.bytes, taken.encoding)
        let source = try live.deviceSource()
        do throws(FileWriteError) {
            // ^C while the temporary file exists would leave it behind: held off until the rename.
            try InterruptsHeldOff.during { () throws(FileWriteError) in try AtomicFile.write(bytes: bytes, to: output) }
        } catch {
            throw CLIError(message: "snapshot: \(error)")
        }
        let f = frame.format
        if source.json {
            try JSONOutput.print(
                Output(
                    device: a.device.id, node: a.node.path, decision: a.decision, applied: a.applied, file: output,
                    encoding: encoding.rawValue, bytes: bytes.count, sequence: frame.sequence, framesSkipped: frame.framesSkipped))
        } else {
            a.printText()
            let how = encoding == .jpeg ? "the \(f.fourcc) frame as sent" : "\(f.fourcc) converted to RGB"
            print(
                "Wrote:    \(output) — \(encoding == .png ? "PNG" : "JPEG") \(f.width)x\(f.height), \(how), \(bytes.count) bytes (frame \(frame.sequence), \(frame.framesSkipped) skipped)"
            )
        }
    }
}

/// `camprobe-serve`'s snapshot: the frame `camprobe snapshot DEVICE -o x.png` would write, as bytes (no file).
package enum SnapshotCall {
    /// The PNG of one frame of `device`, or the outcome that says why there is none (as `CommandCall`'s).
    package static func png(_ device: String) async -> Result<[UInt8], CommandOutcomeError> {
        do {
            let command = try SnapshotCommand.parse([device, "-o", "snapshot.png"])
            return .success(try await command.take().bytes)
        } catch {
            return .failure(CommandOutcomeError(outcome: CommandCall.outcome(of: error, printed: [])))
        }
    }
}
