import CamProbeCLI
import CamProbeTesting
import DoctorTesting
import PipeWire

#if canImport(Glibc)
    import Glibc
#endif

// The test-only twin of `camprobe`: the same commands, run against a fake
// machine built from `--fixture FILE` (repeatable) instead of this one.
// It is not a product and is never installed; the shipped binary links no fake.
func fail(_ message: String, status: Int32) -> Never {
    let bytes = Array(message.utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(status)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var fixtures: [String] = []
while let i = arguments.firstIndex(of: "--fixture") {
    guard i + 1 < arguments.count else {
        fail("camprobe-fake: --fixture needs a file\n", status: 2)
    }
    fixtures.append(arguments[i + 1])
    arguments.removeSubrange(i...(i + 1))
}
// --pipewire FILE: the PipeWire daemon `list` and `show` read (FakePipeWirePort's JSON); without it, none answers.
var pipeWire: any PipeWirePort = FakePipeWirePort(spec: FakePipeWirePort.Spec(answer: "noDaemon"))
if let i = arguments.firstIndex(of: "--pipewire") {
    guard i + 1 < arguments.count else { fail("camprobe-fake: --pipewire needs a file\n", status: 2) }
    do { pipeWire = try FakePipeWirePort(file: arguments[i + 1]) } catch { fail("camprobe-fake: --pipewire: \(error)\n", status: 1) }
    arguments.removeSubrange(i...(i + 1))
}
let spec: FakeSystemSpec
do {
    spec = try FakeDeviceSystem(fixtures: fixtures).spec
} catch {
    fail("camprobe: error: \(error)\n", status: 1)
}
let environment = CLIEnvironment(
    makeSystem: { FakeDeviceSystem(spec: spec) }, hotplugEvents: { AsyncStream { $0.finish() } }, isLive: false,
    pipeWire: pipeWire)
await CommandLineEntry.main(arguments: arguments, environment: environment)
