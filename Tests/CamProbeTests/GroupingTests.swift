import CamProbe
import CamProbeTesting
import Testing

@Suite("Grouping nodes into devices and stable IDs")
struct GroupingTests {
    @Test func metadataAndMediaNodesJoinTheirCamera() throws {
        let parent = usbParent(sys: "/sys/devices/pci0000:00/0000:00:14.0/usb1/1-1", serial: "SN1", port: "pci-0000:00:14.0-usb-0:1")
        let meta =
            #"{"path":"/dev/video1","driver":"uvcvideo","card":"Test Cam","busInfo":"usb-0000:00:14.0-1","deviceCaps":"0x04a00000","udev":"#
            + parent + "}"
        let media =
            #"{"path":"/dev/media0","subsystem":"media","driver":"uvcvideo","card":"Test Cam","busInfo":"usb-0000:00:14.0-1","udev":"#
            + parent + "}"
        let r = try Fixtures.system(json: #"{"nodes":["# + media + "," + meta + "," + webcamNode(udev: parent) + "]}").discoverAll()
        #expect(r.devices.count == 1)
        let d = try #require(r.devices.first)
        #expect(d.nodes.map(\.role) == ["capture", "metadata", "media"])
        #expect(d.nodes.map(\.path) == ["/dev/video0", "/dev/video1", "/dev/media0"])
        #expect(d.captures.count == 1)
        #expect(d.id.rawValue == "usb-0c45:6366-SN1")
        #expect(d.modelID == "0c45:6366")
        #expect(d.transport.label == "USB 2.0 High-Speed (480 Mbit/s)")
    }

    @Test func twoIdenticalSerialLessCamerasGetDifferentStableIDs() throws {
        let a = webcamNode(
            path: "/dev/video0", bus: "usb-0000:00:14.0-1.2",
            udev: usbParent(sys: "/sys/devices/pci0000:00/0000:00:14.0/usb1/1-1/1-1.2", port: "pci-0000:00:14.0-usb-0:1.2"))
        let b = webcamNode(
            path: "/dev/video2", bus: "usb-0000:00:14.0-1.3",
            udev: usbParent(sys: "/sys/devices/pci0000:00/0000:00:14.0/usb1/1-1/1-1.3", port: "pci-0000:00:14.0-usb-0:1.3"))
        let r = try Fixtures.system(json: #"{"nodes":["# + a + "," + b + "]}").discoverAll()
        #expect(r.devices.map(\.id.rawValue) == ["usb-0c45:6366@pci-0000:00:14.0-usb-0:1.2", "usb-0c45:6366@pci-0000:00:14.0-usb-0:1.3"])
    }

    @Test func identicalSerialsAreDisambiguatedByPort() throws {
        let a = webcamNode(
            path: "/dev/video0", bus: "usb-1.2", udev: usbParent(sys: "/sys/a", serial: "0001", port: "pci-0000:00:14.0-usb-0:1.2"))
        let b = webcamNode(
            path: "/dev/video2", bus: "usb-1.3", udev: usbParent(sys: "/sys/b", serial: "0001", port: "pci-0000:00:14.0-usb-0:1.3"))
        let ids = try Fixtures.system(json: #"{"nodes":["# + a + "," + b + "]}").discoverAll().devices.map(\.id.rawValue)
        #expect(ids == ["usb-0c45:6366-0001@pci-0000:00:14.0-usb-0:1.2", "usb-0c45:6366-0001@pci-0000:00:14.0-usb-0:1.3"])
    }

    @Test func vividInstancesSharingOneParentAreSplitByBusInfo() throws {
        // The identity trap: both instances hang off platform device vivid.0 with one ID_PATH.
        let udev =
            #"{"idPath":"platform-vivid.0","parent":{"sysPath":"/sys/devices/platform/vivid.0","bus":"platform","portPath":"platform-vivid.0"}}"#
        func vivid(_ path: String, _ bus: String, _ caps: String, media: Bool = false) -> String {
            #"{"path":"\#(path)",\#(media ? "\"subsystem\":\"media\"," : "")"driver":"vivid","card":"vivid","busInfo":"\#(bus)","deviceCaps":"\#(caps)","udev":\#(udev)}"#
        }
        let nodes = [
            vivid("/dev/video0", "platform:vivid-000", "0x04200001"), vivid("/dev/video1", "platform:vivid-001", "0x04200001"),
            vivid("/dev/media0", "platform:vivid-000", "0", media: true), vivid("/dev/media1", "platform:vivid-001", "0", media: true),
            vivid("/dev/video2", "platform:vivid-000", "0x04200002"),
        ]  // an output node
        let r = try Fixtures.system(json: #"{"nodes":["# + nodes.joined(separator: ",") + "]}").discoverAll()
        #expect(r.devices.map(\.id.rawValue) == ["platform-vivid-000", "platform-vivid-001"])
        #expect(r.devices[0].nodes.map(\.path) == ["/dev/video0", "/dev/video2", "/dev/media0"])
        #expect(r.devices[0].nodes.map(\.role) == ["capture", "output", "media"])
        #expect(r.devices[1].nodes.map(\.path) == ["/dev/video1", "/dev/media1"])
        #expect(r.devices.allSatisfy { $0.captures.count == 1 })
    }

    @Test func outputOnlyDevicesAreNotCameras() throws {
        let out =
            #"{"path":"/dev/video5","driver":"v4l2 loopback","card":"Dummy","busInfo":"platform:v4l2loopback-000","deviceCaps":"0x04200002"}"#
        let r = try Fixtures.system(json: #"{"nodes":["# + out + "]}").discoverAll()
        #expect(r.devices.isEmpty)
    }

    @Test func unreadableSiblingJoinsItsCamera() throws {
        let parent = usbParent(sys: "/sys/cam", serial: "S", port: "pci-0000:00:14.0-usb-0:4")
        let meta =
            #"{"path":"/dev/video1","driver":"uvcvideo","card":"Test Cam","busInfo":"usb-0000:00:14.0-1","openError":"EACCES","udev":"#
            + parent + "}"
        let r = try Fixtures.system(json: #"{"nodes":["# + webcamNode(udev: parent) + "," + meta + "]}").discoverAll()
        #expect(r.devices.count == 1)
        #expect(r.devices[0].nodes.map(\.role) == ["capture", "unknown"])
        #expect(r.devices[0].problems.first?.kind == "access")
    }
}

@Suite("Selecting a device")
struct SelectorTests {
    func devices() throws -> [Device] {
        let a = webcamNode(path: "/dev/video0", bus: "usb-1", udev: usbParent(sys: "/sys/a", serial: "AAA", port: "p1"))
        let b = webcamNode(path: "/dev/video2", bus: "usb-2", udev: usbParent(sys: "/sys/b", serial: "BBB", port: "p2", pid: "0999"))
        return try Fixtures.system(json: #"{"nodes":["# + a + "," + b + "]}").discoverAll().devices
    }

    @Test func byIndexIDNodeAndFragment() throws {
        let d = try devices()
        #expect(try DeviceSelector("1").resolve(in: d) == 1)
        #expect(try DeviceSelector("usb-0c45:6366-AAA").resolve(in: d) == 0)
        #expect(try DeviceSelector("/dev/video2").resolve(in: d) == 1)
        #expect(try DeviceSelector("bbb").resolve(in: d) == 1)
    }

    @Test func ambiguousAndMissingAreExplained() throws {
        let d = try devices()
        #expect(throws: DeviceSelector.SelectionError.self) { try DeviceSelector("test cam").resolve(in: d) }
        do {
            _ = try DeviceSelector("test cam").resolve(in: d)
        } catch {
            #expect("\(error)".contains("matches more than one device"))
        }
        do {
            _ = try DeviceSelector("7").resolve(in: d)
        } catch {
            #expect("\(error)".contains("no device matches '7'"))
        }
    }
}
