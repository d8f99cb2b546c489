import CamProbe
import CaptureModel
import ProfileFormat

/// A stable hash of what a device can do, so a fleet can find the odd unit.
///
/// Two devices of one model with the same firmware, on any host, on any port,
/// give the same fingerprint; a different format list, frame-rate list, control
/// range or default, menu, sensor mode or microphone range gives another. What
/// says *which* unit or *where* it is (stable ID, serial, bus info, node paths,
/// card numbers, link speed) and what says what it is doing *now* (current
/// control values, active format and interval, selected input, signal status,
/// inactive and grabbed flags) is left out.
///
/// The input is the canonical JSON (sorted keys) of that projection, version
/// tagged; the fingerprint is its SHA-256, the first 16 hex digits.
package struct CapabilityFingerprint: Sendable, Hashable, CustomStringConvertible {
    /// 16 lower-case hex digits.
    package var value: String
    /// Why the capabilities behind it were read only in part (a busy PCM, a node that could not be
    /// opened, controls not read, a list cut short): then two units may differ only because one was
    /// read fully. Empty when everything was read.
    package var incompleteBecause: [String]

    /// The fingerprint is over complete capabilities.
    package var isComplete: Bool { incompleteBecause.isEmpty }
    package var description: String { value }

    /// Version of the projection; part of the hashed input, so a change in what is hashed changes every value.
    package static let version = 1

    /// The fingerprint of `device`'s capabilities.
    package init(of device: Device) {
        let input = Projection(device)
        let bytes = (try? SortedJSONEncoder(prettyPrinted: false).encode(input)) ?? []
        value = String(SHA256.hex(bytes).prefix(16))
        incompleteBecause = CapabilityFingerprint.gaps(in: device)
    }

    /// Problems that mean a list was not read in full.
    static let incompleteKinds: Set<ProblemKind> = [.access, .busy, .partial, .skipped, .deviceGone, .boundHit, .ioctlFailed, .alsaFailed]

    static func gaps(in d: Device) -> [String] {
        var out: [String] = []
        for c in d.captures {
            if c.controls == nil { out.append("\(c.path): controls not read") }
            if c.controlsIncomplete != nil { out.append("\(c.path): controls incomplete") }
            if c.imported { out.append("\(c.path): imported from text") }
        }
        for p in d.allProblems where incompleteKinds.contains(p.kind) { out.append("\(p.kind.rawValue): \(p.message)") }
        return out
    }
}

/// What the fingerprint hashes: the device's capabilities without identity or state.
struct Projection: Encodable {
    var version = CapabilityFingerprint.version
    var name: String
    var modelID: String?
    var vendor: String?
    var product: String?
    var transport: String
    var nodeRoles: [String]
    var captures: [Capture]
    var sensor: Sensor?
    var audio: [Audio]

    struct Capture: Encodable {
        var driver: String
        var card: String
        var deviceCaps: UInt32
        var inputs: [String]
        var supportsFrameInterval: Bool?
        var formats: [PixelFormat]
        var controls: [ControlShape]?
    }

    struct ControlShape: Encodable {
        var id: UInt32
        var name: String
        var type: String
        var minimum: Int64
        var maximum: Int64
        var step: UInt64
        var defaultValue: Int64
        var flags: UInt32
        var dimensions: [UInt32]
        var menu: [MenuItem]

        /// Flags that follow the device's state, not its capabilities: grabbed (0x2), inactive (0x10),
        /// and the element count of a dynamic array.
        static let stateFlags: UInt32 = 0x2 | 0x10

        init(_ c: Control) {
            id = c.id
            name = c.name
            type = c.type
            minimum = c.minimum
            maximum = c.maximum
            step = c.step
            defaultValue = c.defaultValue
            flags = c.flags.rawValue & ~ControlShape.stateFlags
            dimensions = c.flags.rawValue & 0x800 != 0 ? [] : c.dimensions
            menu = c.menu
        }
    }

    struct Sensor: Encodable {
        var entity: String
        var source: SubdevPadModes
        var controls: [ControlShape]?
        var lenses: [String]
        var outputs: [[SensorOutputFormat]]
    }

    struct Audio: Encodable {
        var name: String
        var driver: String
        var pcms: [PCM]
    }

    struct PCM: Encodable {
        var device: Int32
        var name: String
        var formats: [String]
        var channels: [UInt32?]
        var rateRange: [UInt32?]
        var rates: [UInt32]
    }

    init(_ d: Device) {
        name = d.name
        modelID = d.modelID
        vendor = d.identity.manufacturer
        product = d.identity.product
        transport = d.transport.kind.rawValue
        nodeRoles = d.nodes.map(\.role.rawValue).sorted()
        captures = d.captures.map { c in
            Capture(
                driver: c.identity.driver, card: c.identity.card, deviceCaps: c.identity.deviceCaps.rawValue,
                inputs: c.inputs.map { "\($0.index):\($0.name):\($0.type)" },
                supportsFrameInterval: c.streamingParameters?.supportsFrameInterval, formats: c.formats,
                controls: c.controls?.map(ControlShape.init))
        }
        sensor = d.sensor.map { s in
            Sensor(
                entity: s.entity, source: s.source, controls: s.controls?.map(ControlShape.init), lenses: s.lenses.map(\.entity),
                outputs: s.outputs.map(\.formats))
        }
        audio = d.audio.map { a in
            Audio(
                name: a.name, driver: a.driver,
                pcms: a.pcms.map {
                    PCM(
                        device: $0.device, name: $0.name, formats: $0.formats, channels: [$0.minChannels, $0.maxChannels],
                        rateRange: [$0.minRate, $0.maxRate], rates: $0.rates)
                })
        }
    }
}
