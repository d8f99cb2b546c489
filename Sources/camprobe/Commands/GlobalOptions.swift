import ArgumentParser
import CamProbe
import CamProbeTesting

/// Options every device command takes.
struct DeviceSourceOptions: ParsableArguments {
    @Flag(name: .long, help: "Print one JSON document (with schemaVersion) instead of text.")
    var json = false

    @Flag(name: .long, help: "Also open nodes through libv4l2 and show its converted formats, marked emulated.")
    var emulated = false

    @Option(name: .long, help: ArgumentHelp("Read devices from a fake-device fixture instead of this machine (testing).", visibility: .hidden))
    var fixture: [String] = []

    /// The machine to read: the real one, or the fixtures given.
    func system() throws -> any DeviceSystem {
        guard !fixture.isEmpty else { return SystemDeviceSystem() }
        return try DeviceSourceOptions.load(fixtures: fixture)
    }

    static func load(fixtures: [String]) throws -> FakeDeviceSystem {
        do {
            return try FakeDeviceSystem(fixtures: fixtures)
        } catch let e as FixtureError {
            throw CLIError(message: e.description)
        }
    }
}

/// Fixture loading for the registry's system factory.
enum FakeFixtureSystem {
    static func load(_ paths: [String]) throws -> any DeviceSystem { try FakeDeviceSystem(fixtures: paths) }
}
