import CamProbeTesting
import CaptureModel
import FoundationEssentials
import TextImport

/// Imported v4l2-ctl dumps → the fake machine's fixture (`FakeSystemSpec`): the capture node with its formats,
/// controls, input, active format and frame interval, then the UVC metadata node and the media node of the same
/// camera, all under one USB parent.
///
/// What a dump cannot tell is filled in as a UVC camera would answer (capabilities 0x84a00001, device caps
/// 0x04200001, driver version 6.1.0, input "Camera 1", 1/30 s) and should be said in the fixture's description.
enum FakeFixtureWriter {
    /// The fixture file's text: the fixture types' own `Codable` spelling, pretty-printed with sorted keys, as
    /// Foundation's `JSONEncoder` writes it (a fixture is read by a decoder, never compared with a hand layout).
    static func text(_ request: FixtureRequest) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(system(request)), as: UTF8.self) + "\n"
    }

    static func system(_ r: FixtureRequest) throws -> FakeSystemSpec {
        let info = r.info?.device.captures.first
        let identity = info?.identity
        let driver = identity.map(\.driver).flatMap { $0.isEmpty ? nil : $0 } ?? r.driver
        guard let card = identity?.card ?? r.card, let bus = identity?.busInfo ?? r.bus else {
            throw FixtureError(description: "the card and bus info are in no --all dump: give --card and --bus")
        }
        let capabilities = FlexibleUInt32(identity?.capabilities.rawValue ?? 0x84a0_0001)
        var node = try FixtureSeed.node()
        node.path = r.node
        node.driver = driver
        node.card = card
        node.busInfo = bus
        node.version = identity.flatMap { $0.version.isEmpty ? nil : $0.version } ?? "6.1.0"
        node.capabilities = capabilities
        node.deviceCaps = FlexibleUInt32(identity?.deviceCaps.rawValue ?? 0x0420_0001)
        if let formats = r.formats?.device.captures.first?.formats {
            node.formats = try formats.map { try FixtureFormats.spec($0, uvc: driver == "uvcvideo") }
        } else {
            node.formats = [try FixtureFormats.assumed()]
        }
        if let controls = r.controls?.device.captures.first?.controls { node.controls = try FixtureControls.specs(controls) }
        var input = try FixtureSeed.input()
        input.name = info?.inputs.first?.name ?? "Camera 1"
        node.inputs = [input]
        node.currentInput = info?.currentInput ?? 0
        node.activeFormat = try activeFormat(info?.activeFormat, first: node.formats?.first)
        node.frameInterval =
            info?.streamingParameters?.frameInterval.map { "\($0.interval.numerator)/\($0.interval.denominator)" } ?? "1/30"
        let udev = try r.usb.map { try usbParent($0, card: card, serial: r.serial ?? r.info?.device.identity.serial) }
        node.udev = udev
        var nodes = [node]
        if let path = r.metadataNode {
            var meta = try FixtureSeed.node()
            (meta.path, meta.driver, meta.card, meta.busInfo) = (path, driver, card, bus)
            meta.capabilities = capabilities
            let caps = r.metadata?.device.nodes.first { $0.role == .metadata }?.deviceCaps
            meta.deviceCaps = FlexibleUInt32(caps?.rawValue ?? 0x04a0_0000)
            meta.udev = udev
            nodes.append(meta)
        }
        if let path = r.mediaNode {
            var media = try FixtureSeed.node()
            (media.path, media.subsystem, media.driver, media.card, media.busInfo) = (path, "media", driver, card, bus)
            media.udev = udev
            nodes.append(media)
        }
        return FakeSystemSpec(description: r.description, nodes: nodes)
    }

    /// The `--all` dump's active format, else the first format's first size.
    static func activeFormat(_ active: ActiveFormat?, first: FakeFormatSpec?) throws -> FakeActiveFormatSpec? {
        var a = try FixtureSeed.activeFormat()
        if let active, active.width > 0, active.fourcc.rawValue != 0 {
            (a.fourcc, a.width, a.height) = (active.fourcc.description, active.width, active.height)
            return a
        }
        guard let first, let size = first.sizes.first?.discrete.flatMap({ Dimensions(parsing: $0) }) else { return nil }
        (a.fourcc, a.width, a.height) = (first.fourcc, size.width, size.height)
        return a
    }

    /// The USB device udev would report as the nodes' parent; its product is the card name before the colon.
    static func usbParent(_ usb: FixtureRequest.USBParent, card: String, serial: String?) throws -> FakeUdevSpec {
        var p = try FixtureSeed.parent()
        (p.sysPath, p.bus, p.vendorID, p.productID) = ("/sys/devices/fake/" + usb.portPath, "usb", usb.vendorID, usb.productID)
        (p.speed, p.portPath) = (usb.speed, usb.portPath)
        p.product = String(card.split(separator: ":", omittingEmptySubsequences: false)[0])
        p.serial = serial
        var u = try FixtureSeed.udev()
        u.parent = p
        return u
    }
}
