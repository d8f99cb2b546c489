import ArgumentParser
import CamProbe
import HostSystem
import ProfileFormat
import Reporting
import Snapshot

#if canImport(Glibc)
    import Glibc
#endif

/// `camprobe report`: one self-contained HTML page (inline CSS and SVG, no scripts,
/// nothing from the network) or Markdown, per camera: identity, a chart per pixel
/// format, presets and common requests, capture features, controls, microphone,
/// media graph, problems. `--compare A B` puts two side by side and marks what differs.
struct Report: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write an HTML or Markdown capability report of cameras or profiles, or compare two.",
        discussion: """
            With no DEVICE, every device (or every --profile) is reported. --html without -o writes \
            ./camprobe-report-<id>.html and prints its path; --md writes to standard output unless -o names a file. \
            -o - is standard output, -o DIR/ a file named after the device in DIR. \
            --compare A B: A and B are devices or profile files. Reading changes nothing on a device.
            """
    ).underCamprobe

    @Argument(help: ArgumentHelp("Devices to report (index, stable ID, node, by-id link or part of the name); all when none."))
    var devices: [String] = []

    @OptionGroup var sources: TextSourceOptions
    @OptionGroup var pipeWire: PipeWireOptions
    /// The shared device options (a report has no --json: it is HTML or Markdown).
    var source: DeviceSourceOptions { get throws { try sources.deviceSource() } }

    @Flag(name: .long, help: "Write one self-contained HTML page.")
    var html = false

    @Flag(name: .long, help: "Write Markdown.")
    var md = false

    @Option(name: .shortAndLong, help: ArgumentHelp("Output file, directory, or - for standard output.", valueName: "path"))
    var output: String?

    @Option(
        name: .long, parsing: .upToNextOption,
        help: ArgumentHelp("Compare two devices or profile files side by side.", valueName: "A B"))
    var compare: [String] = []

    func validate() throws {
        if html == md { throw ValidationError("give one of --html or --md") }
        if !compare.isEmpty && compare.count != 2 {
            throw ValidationError("--compare takes two devices or profile files, A and B (got \(compare.count))")
        }
        if !compare.isEmpty && !devices.isEmpty { throw ValidationError("give devices either as arguments or to --compare, not both") }
    }

    @Flag(
        inversion: .prefixedNo,
        help: "On a live camera, embed a picture in the HTML report (one frame in the active format, 320 px wide).")
    var thumbnail = true

    func run() async throws {
        let generator = "camprobe \(CamProbeCommand.version)"
        let text: String
        let name: String
        if compare.count == 2 {
            // Reading a device opens its nodes, a profile is parsed: both on a thread of their own, off the pool.
            let (first, second) = (compare[0], compare[1])
            let a = DeviceReport(try await DedicatedThread.runThrowing("read \(first)", { try load(first) }))
            let b = DeviceReport(try await DedicatedThread.runThrowing("read \(second)", { try load(second) }))
            let c = ReportComparison(a, b)
            text = html ? HTMLReport.render(c, generator: generator) : MarkdownReport.render(c, generator: generator)
            name = "camprobe-report-\(Self.safe(a.device.id.rawValue))-vs-\(Self.safe(b.device.id.rawValue))"
        } else {
            // A live device's report has its PipeWire section (read beside it, bounded); a saved profile's, the view
            // it was written with, if any.
            let reading = sources.profile.isEmpty ? pipeWire.start(formats: true) : nil
            // Discovery opens every node, the PipeWire read is waited for (up to its bound and a second), sysfs is
            // read: all on a thread of their own, so the awaiting task holds no thread of the cooperative pool.
            let reports = try await DedicatedThread.runThrowing("read the devices to report", { try gathered(reading) })
            let list = reports.map(\.device)
            var withPictures = reports
            if html && thumbnail && sources.profile.isEmpty {
                for i in withPictures.indices { withPictures[i].thumbnailPNG = await thumbnailPNG(of: list[i]) }
            }
            text =
                html ? HTMLReport.render(withPictures, generator: generator) : MarkdownReport.render(withPictures, generator: generator)
            name = "camprobe-report-" + (list.count == 1 ? Self.safe(list[0].id.rawValue) : "\(list.count)-devices")
        }
        let fileName = name + (html ? ".html" : ".md")
        guard output != "-" && (output != nil || html) else {
            StandardOutput.raw(Array(text.utf8))
            return
        }
        let path = Self.destination(output, fileName: fileName)
        do throws(FileWriteError) { try AtomicFile.write(text, to: path) } catch { throw CLIError(message: error.description) }
        print(path)
    }

    /// The reports of the devices named, each with its PipeWire view (read live beside them, or the one its profile
    /// carries) and a live USB camera's bandwidth domain. Blocks: device I/O, the PipeWire wait, sysfs reads.
    func gathered(_ reading: PipeWireReading?) throws -> [DeviceReport] {
        let (list, saved) = try chosenDevices()
        var reports = list.map { DeviceReport($0) }
        let live = reading?.finish(devices: list)
        for i in reports.indices {
            let view = live?.scoped(to: list[i].id) ?? (pipeWire.off ? nil : saved[list[i].id])
            reports[i].pipeWire = view.map(PipeWireSection.init)
            if sources.profile.isEmpty, list[i].transport.kind == .usb, let sysfs = list[i].identity.physicalPath {
                let reader = CLIEnvironment.current.makeSystem().usbBus
                reports[i].usb = USBDomainLoad.read(sysfs: sysfs, reader: reader).map(USBSection.init)
            }
        }
        return reports
    }

    /// The devices named (all when none), read in one discovery pass, and the PipeWire views saved profiles carry.
    func chosenDevices() throws -> (devices: [Device], savedPipeWire: [DeviceID: PipeWireReport]) {
        var chosen: [Int] = []
        var failure: (error: DeviceSelector.SelectionError, selector: String)?
        let (result, saved) = try source.read(DiscoveryOptions(emulated: sources.emulated)) { list in
            if devices.isEmpty { chosen = Array(list.indices) }
            for text in devices {
                do throws(DeviceSelector.SelectionError) {
                    let i = try DeviceSelector(text).resolve(in: list)
                    if !chosen.contains(i) { chosen.append(i) }
                } catch {
                    failure = (error, text)
                    break
                }
            }
            return Set(chosen)
        }
        if let failure { throw SelectionErrors.error(failure.error, selector: failure.selector) }
        guard !chosen.isEmpty else {
            throw CLIError(message: "no cameras found, so there is nothing to report. Run 'camprobe list', or give --profile FILE.")
        }
        return (chosen.map { result.devices[$0] }, saved)
    }

    /// A profile file when `text` names one, else a device selector (within --profile files when given).
    func load(_ text: String) throws -> Device {
        if ProfileCodecs.codec(forPath: text) != nil || (text.contains("/") && !text.hasPrefix("/dev/")) {
            do throws(ProfileFile.LoadError) { return try ProfileFile.load(text) } catch { throw CLIError(message: error.description) }
        }
        return try source.resolve(text)
    }

    /// An ID as a file-name part: letters, digits, `.`, `_` and `-` only (no `:`).
    static func safe(_ id: String) -> String {
        let s = String(id.map { c -> Character in c.isASCII && (c.isLetter || c.isNumber || "._-".contains(c)) ? c : "-" })
        return s.isEmpty || s.hasPrefix(".") ? "device" + s : s
    }

    /// Where `-o` says: a directory (existing, or ending in /) gets `fileName` in it.
    static func destination(_ output: String?, fileName: String) -> String {
        guard let output, !output.isEmpty else { return "./" + fileName }
        var st = stat()
        if output.hasSuffix("/") || (stat(output, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR) {
            return (output.hasSuffix("/") ? output : output + "/") + fileName
        }
        return output
    }
}

extension Report {
    /// One frame of a live camera as a 320-px PNG (`SnapshotEncoder.grabPNG`: its active format,
    /// nothing set), or nil with a note when it cannot be had (busy, no frame, no capture node).
    func thumbnailPNG(of device: Device) async -> [UInt8]? {
        guard !device.captures.isEmpty else { return nil }
        let camera: CaptureDevice
        do { camera = try await CaptureDevice.open(device: device, system: CLIEnvironment.current.makeSystem()) } catch {
            Terminal.note("no picture of \(device.name) in the report: \(error.message)")
            return nil
        }
        do {
            let png = try await SnapshotEncoder.grabPNG(from: camera, skipping: 3, timeoutSeconds: 3, maxWidth: 320)
            await camera.close()
            return png
        } catch {
            await camera.close()
            Terminal.note("no picture of \(device.name) in the report: \(error.message)")
            return nil
        }
    }
}
