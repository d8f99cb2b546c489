import FoundationEssentials

/// The repository's test data for every test target: fixtures by name, inline
/// JSON machines. Paths come from this file's own path, so tests find them from
/// any working directory. (The machines they make, `Fixtures.system`, are in V4L2Testing.)
package enum Fixtures {
    /// The repository's root (this file is `Sources/DeviceFixtures/TestFixtures.swift`).
    package static let repository: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()

    /// `Tests/Fixtures`.
    package static let directory = repository + "/Tests/Fixtures"

    /// `Profiles`: the shipped profiles and their schemas.
    package static let profiles = repository + "/Profiles"

    package static func path(_ name: String) -> String { directory + "/" + name }

    /// A file under `Tests/Fixtures` as text.
    package static func read(_ relative: String) throws -> String {
        try readFile(path(relative))
    }

    /// Any file as text.
    package static func readFile(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    }
}

/// A minimal webcam node as inline JSON, with extra keys spliced in.
package func webcamNode(path: String = "/dev/video0", bus: String = "usb-0000:00:14.0-1", extra: String = "", udev: String? = nil)
    -> String
{
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

/// A USB parent for `webcamNode(udev:)`: the sysfs device that groups nodes into one camera.
package func usbParent(sys: String, serial: String? = nil, port: String, vid: String = "0c45", pid: String = "6366") -> String {
    """
    {"parent":{"sysPath":"\(sys)","bus":"usb","vendorID":"\(vid)","productID":"\(pid)",\(serial.map { "\"serial\":\"\($0)\"," } ?? "")"speed":"480","portPath":"\(port)"}}
    """
}

/// A webcam node that can be configured and streamed through the fake: two
/// formats, discrete sizes and intervals, an exposure auto/manual pair.
package func streamableNode(path: String = "/dev/video0", extra: String = "", moreControls: String = "") -> String {
    """
    {"path":"\(path)","driver":"uvcvideo","card":"Seam Cam","busInfo":"usb-0000:00:14.0-3","version":"6.1.0",
     "capabilities":"0x84a00001","deviceCaps":"0x04200001",
     "formats":[{"fourcc":"YUYV","description":"YUYV 4:2:2","sizes":[
        {"discrete":"640x480","intervals":{"discrete":["1/30","1/15"]}},
        {"discrete":"1280x720","intervals":{"discrete":["1/10","1/5"]}}]},
       {"fourcc":"MJPG","description":"Motion-JPEG","flags":1,"sizes":[
        {"discrete":"1280x720","intervals":{"discrete":["1/60","1/30"]}},
        {"discrete":"1920x1080","intervals":{"discrete":["1/30","1/15"]}}]}],
     "controls":[{"id":"0x00980900","name":"Brightness","type":"int","min":0,"max":255,"step":1,"default":128,"value":140},
                 {"id":"0x009a0901","name":"Auto Exposure","type":"menu","min":0,"max":3,"default":3,"value":3,
                  "menu":{"1":"Manual Mode","3":"Aperture Priority Mode"}},
                 {"id":"0x009a0902","name":"Exposure Time, Absolute","type":"int","min":3,"max":2047,"step":1,"default":250,"value":250}\(moreControls)],
     "activeFormat":{"fourcc":"YUYV","width":640,"height":480},"frameInterval":"1/30"
     \(extra.isEmpty ? "" : "," + extra),
     "udev":{"parent":{"sysPath":"/sys/seam","bus":"usb","vendorID":"046d","productID":"0825","serial":"SEAM1","speed":"480"}}}
    """
}
