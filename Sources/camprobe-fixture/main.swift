import HostSystem
import TextImport

#if canImport(Glibc)
    import Glibc
#endif

// Writes a fake-machine fixture (Tests/Fixtures/*.json) from a real camera's v4l2-ctl dumps, each read by the
// Swift v4l2-ctl importer. A development tool run by scripts/fixtures/make_fixtures.sh; not a product.
//
//   camprobe-fixture --node /dev/video0 [--formats F] [--ctrls F] [--all F] [--meta F] [--meta-node PATH]
//                    [--media PATH] [--driver NAME] [--card TEXT] [--bus TEXT] [--serial TEXT]
//                    [--usb VID:PID:SPEED:PORTPATH] --description TEXT -o OUT.json

func fail(_ message: String) -> Never {
    let bytes = Array("camprobe-fixture: \(message)\n".utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(2)
}

let valued: Set<String> = [
    "--node", "--formats", "--ctrls", "--all", "--meta", "--meta-node", "--media", "--driver", "--card", "--bus", "--serial",
    "--usb", "--description", "-o",
]
var options: [String: String] = [:]
var rest = Array(CommandLine.arguments.dropFirst())[...]
while let name = rest.popFirst() {
    guard valued.contains(name) else { fail("unknown argument '\(name)'") }
    guard let value = rest.popFirst() else { fail("\(name) needs a value") }
    options[name] = value
}

/// The file, read by the v4l2-ctl importer alone.
func imported(_ option: String, _ options: [String: String]) -> V4L2CtlImportResult? {
    guard let path = options[option] else { return nil }
    do {
        let text = String(decoding: try ReadFile.bytes(path, limit: 16 << 20), as: UTF8.self)
        return try V4L2CtlImporter.importText([(name: path, text: text)])
    } catch {
        fail("\(option) \(path): \(error)")
    }
}

guard let node = options["--node"], let description = options["--description"], let out = options["-o"] else {
    fail("--node, --description and -o are required")
}
var request = FixtureRequest(node: node, description: description)
request.formats = imported("--formats", options)
request.controls = imported("--ctrls", options)
request.info = imported("--all", options)
request.metadata = imported("--meta", options)
request.metadataNode = options["--meta-node"]
request.mediaNode = options["--media"]
request.driver = options["--driver"] ?? request.driver
request.card = options["--card"]
request.bus = options["--bus"]
request.serial = options["--serial"]
if let usb = options["--usb"] {
    guard let parent = FixtureRequest.USBParent(usb) else { fail("--usb is VID:PID:SPEED:PORTPATH, not '\(usb)'") }
    request.usb = parent
}
do {
    try AtomicFile.write(try FakeFixtureWriter.text(request), to: out)
} catch {
    fail("\(error)")
}
