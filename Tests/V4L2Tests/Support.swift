import CamProbe
import CamProbeTesting
import FoundationEssentials

/// Test helpers: fixtures by name, inline JSON specs, one-call discovery.
enum Fixtures {
    static let directory: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast()
        return parts.dropLast().joined(separator: "/") + "/Fixtures"
    }()

    static func path(_ name: String) -> String { directory + "/" + name }

    static func system(_ name: String) throws -> FakeDeviceSystem {
        try FakeDeviceSystem(fixtures: [path(name)])
    }

    static func system(json: String) throws -> FakeDeviceSystem {
        FakeDeviceSystem(spec: try JSONDecoder().decode(FakeSystemSpec.self, from: Data(json.utf8)))
    }

    static func read(_ relative: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: path(relative))), as: UTF8.self)
    }
}

extension FakeDeviceSystem {
    /// Full discovery (what `show` reads for every device).
    func discoverAll(emulated: Bool = false) -> DeviceDiscovery.Result {
        DeviceDiscovery(system: self).discover(DiscoveryOptions(emulated: emulated))
    }
}

extension CaptureNodeCapabilities {
    var discreteSizeCount: Int { formats.reduce(0) { $0 + $1.sizes.filter { $0.kind == .discrete }.count } }
    var discreteIntervalCount: Int {
        formats.reduce(0) { acc, f in
            acc
                + f.sizes.reduce(0) { a, s in
                    if case .discrete(_, .discrete(let l)) = s { return a + l.count }
                    return a
                }
        }
    }
    func format(_ fourcc: String) -> PixelFormat? { formats.first { $0.fourcc.description.hasPrefix(fourcc) } }
    func control(_ key: String) -> Control? { controls?.first { $0.key == key } }
}

/// A minimal webcam node as inline JSON, with extra keys spliced in.
func webcamNode(path: String = "/dev/video0", bus: String = "usb-0000:00:14.0-1", extra: String = "", udev: String? = nil) -> String {
    """
    {"path":"\(path)","driver":"uvcvideo","card":"Test Cam","busInfo":"\(bus)","version":"6.1.0",
     "capabilities":"0x84a00001","deviceCaps":"0x04200001",
     "formats":[{"fourcc":"YUYV","description":"YUYV 4:2:2","sizes":[
        {"discrete":"640x480","intervals":{"discrete":["1/30","1/15"]}},
        {"discrete":"1280x720","intervals":{"discrete":["1/10","1/5"]}}]},
       {"fourcc":"MJPG","description":"Motion-JPEG","flags":1,"sizes":[
        {"discrete":"1280x720","intervals":{"discrete":["1/30"]}},
        {"discrete":"1920x1080","intervals":{"discrete":["1/30","1/15"]}}]}],
     "controls":[{"id":"0x00980900","name":"Brightness","type":"int","min":0,"max":255,"step":1,"default":128,"value":140},
                 {"id":"0x00980918","name":"Power Line Frequency","type":"menu","min":0,"max":2,"default":2,"value":1,
                  "menu":{"0":"Disabled","1":"50 Hz","2":"60 Hz"}}],
     "inputs":[{"name":"Camera 1"}],"currentInput":0,
     "activeFormat":{"fourcc":"YUYV","width":640,"height":480},"frameInterval":"1/30"
     \(extra.isEmpty ? "" : "," + extra)
     \(udev.map { ",\"udev\":" + $0 } ?? "")}
    """
}

func usbParent(sys: String, serial: String? = nil, port: String, vid: String = "0c45", pid: String = "6366") -> String {
    """
    {"parent":{"sysPath":"\(sys)","bus":"usb","vendorID":"\(vid)","productID":"\(pid)",\(serial.map { "\"serial\":\"\($0)\"," } ?? "")"speed":"480","portPath":"\(port)"}}
    """
}
