import CamProbe
import HostSystem
import ProfileFormat

/// Writes the devices an import made: one profile per device, or a device list on standard output.
enum ImportWriter {
    /// - Parameter read: what was read, for the closing line ("formats, controls").
    static func write(
        _ devices: [Device], generator: String, format: any ProfileCodec, output: String?, force: Bool, read: String
    ) throws {
        if devices.count > 1 && output == "-" {
            guard format is JSONProfileCodec else {
                throw CLIError(message: "\(devices.count) devices: a device list on standard output is JSON only")
            }
            try JSONOutput.print(DeviceListDocument(generator: generator, devices: devices))
            return
        }
        if devices.count > 1, let output, !output.hasSuffix("/"),
            !ProfilePaths.destination(output, id: devices[0].id, format: format).hasPrefix(output + "/")
        {
            throw CLIError(
                message:
                    "\(devices.count) devices (\(devices.map(\.name).joined(separator: ", "))): give a directory or - for -o, not one file")
        }
        if let output, output.hasSuffix("/") {
            // `-o DIR/` names a folder: made when missing, as `mkdir -p` would.
            do throws(FileWriteError) { try AtomicFile.makeParentDirectories(for: output + "x") } catch {
                throw CLIError(message: error.description)
            }
        }
        var placement = ImportPlacement(format: format, output: output, force: force)
        for var d in devices {
            if let moved = placement.place(&d) { Terminal.note(moved) }
            let doc = DeviceDocument(generator: generator, device: d)
            guard let path = try ProfileOutput.write(doc, format: format, output: output, overwrite: force) else { continue }
            let modes = d.captures.first.map { c in c.formats.map(\.fourcc.description).joined(separator: "/") } ?? ""
            let problems = d.allProblems.count
            // Which files made this device, when several did; else what was read.
            let from =
                d.provenance.map { p in
                    "from "
                        + p.sources.map { "\($0.kind) \($0.file.split(separator: "/").last.map(String.init) ?? $0.file)" }.joined(
                            separator: ", ")
                } ?? "read \(read)"
            Terminal.writeErr(
                "camprobe: wrote \(path) (\(d.name)\(modes.isEmpty ? "" : ": " + modes); \(problems) problem\(problems == 1 ? "" : "s"); \(from))\n"
            )
        }
    }
}
