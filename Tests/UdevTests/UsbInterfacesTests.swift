import Foundation
import Testing

@testable import Udev

/// `UsbInterfaces` on fake sysfs USB devices written for the test: a device folder `1-2` holding interface
/// folders `1-2:1.N` with `bInterfaceClass`/`bInterfaceSubClass` files, and the node folders drivers add.
@Suite("USB interfaces that promise nodes")
struct UsbInterfacesTests {
    /// One interface of the fake device: its folder name, class, subclass, and child folders (`video4linux/video0`).
    struct Interface {
        var name: String
        var cls: String
        var subclass: String
        var children: [String] = []
    }

    /// Writes device `1-2` with `interfaces` into `scratch`; returns the device folder.
    static func device(_ scratch: ScratchDirectory, _ interfaces: [Interface]) throws -> String {
        let device = try scratch.directory("1-2")
        try scratch.file("1-2/idVendor", "046d\n")
        for i in interfaces {
            try scratch.directory("1-2/" + i.name)
            try scratch.file("1-2/\(i.name)/bInterfaceClass", i.cls + "\n")
            try scratch.file("1-2/\(i.name)/bInterfaceSubClass", i.subclass + "\n")
            for child in i.children { try scratch.directory("1-2/\(i.name)/\(child)") }
        }
        return device
    }

    static func awaits(_ interfaces: [Interface]) throws -> Bool {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let folder = try device(scratch, interfaces)
        return UsbInterfaces.awaitNodes(device: folder)
    }

    @Test func aVideoControlInterfaceWithoutItsVideoNodeAwaitsOne() throws {
        #expect(try Self.awaits([Interface(name: "1-2:1.0", cls: "0e", subclass: "01")]))
        #expect(try Self.awaits([Interface(name: "1-2:1.0", cls: "0e", subclass: "01", children: ["video4linux"])]))
        #expect(try Self.awaits([Interface(name: "1-2:1.0", cls: "0e", subclass: "01", children: ["video4linux/v4l-subdev0"])]))
    }

    @Test func aVideoControlInterfaceWithItsVideoNodeIsComplete() throws {
        let control = Interface(name: "1-2:1.0", cls: "0e", subclass: "01", children: ["video4linux/video0"])
        let streaming = Interface(name: "1-2:1.1", cls: "0e", subclass: "02")
        #expect(try !Self.awaits([control, streaming]))
    }

    @Test func audioControlInterfacesAwaitACardUntilOneHasIt() throws {
        let bare = Interface(name: "1-2:1.2", cls: "01", subclass: "01")
        let withCard = Interface(name: "1-2:1.4", cls: "01", subclass: "01", children: ["sound/card1"])
        let streaming = Interface(name: "1-2:1.3", cls: "01", subclass: "02")
        #expect(try Self.awaits([bare, streaming]))
        #expect(try Self.awaits([Interface(name: "1-2:1.2", cls: "01", subclass: "01", children: ["sound"])]))
        #expect(try !Self.awaits([withCard, streaming]))
        #expect(try !Self.awaits([bare, withCard]))
    }

    @Test func aCompleteCameraWithAnUnfinishedMicrophoneStillAwaits() throws {
        let video = Interface(name: "1-2:1.0", cls: "0e", subclass: "01", children: ["video4linux/video0"])
        let audio = Interface(name: "1-2:1.2", cls: "01", subclass: "01")
        #expect(try Self.awaits([video, audio]))
    }

    @Test func otherClassesAndOtherDevicesInterfacesAreIgnored() throws {
        let hid = Interface(name: "1-2:1.3", cls: "03", subclass: "01")
        let streamingOnly = Interface(name: "1-2:1.1", cls: "0e", subclass: "02")
        let otherDevice = Interface(name: "1-3:1.0", cls: "0e", subclass: "01")
        let unnumbered = Interface(name: "power", cls: "0e", subclass: "01")
        #expect(try !Self.awaits([hid, streamingOnly, otherDevice, unnumbered]))
        #expect(try !Self.awaits([]))
    }

    @Test func aMissingDeviceAwaitsNothing() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        #expect(!UsbInterfaces.awaitNodes(device: scratch.path + "/1-9"))
    }

    @Test func anAttributeIsItsTextTrimmed() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let cls = try scratch.file("class", "0e\n")
        let padded = try scratch.file("padded", " \t01 \n")
        let inner = try scratch.file("inner", "USB Camera\n")
        #expect(UsbInterfaces.attribute(cls) == "0e")
        #expect(UsbInterfaces.attribute(padded) == "01")
        #expect(UsbInterfaces.attribute(inner) == "USB Camera")
    }

    @Test func anEmptyBlankOrMissingAttributeIsNilOrEmpty() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let empty = try scratch.file("empty", "")
        let folder = try scratch.directory("folder")
        let blank = try scratch.file("blank", " \n")
        #expect(UsbInterfaces.attribute(empty) == nil)
        #expect(UsbInterfaces.attribute(scratch.path + "/absent") == nil)
        #expect(UsbInterfaces.attribute(folder) == nil)
        #expect(UsbInterfaces.attribute(blank) == "")
    }

    /// Attributes are small: only their first 64 bytes are read.
    @Test func aLongAttributeIsCutAt64Bytes() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let long = String(repeating: "ab", count: 50)
        let file = try scratch.file("long", long)
        #expect(UsbInterfaces.attribute(file) == String(long.prefix(64)))
    }

    @Test func hasChildLooksForANamePrefix() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let sound = try scratch.directory("sound")
        try scratch.directory("sound/card3")
        try scratch.file("sound/controlC3", "")
        try scratch.directory("empty")
        #expect(UsbInterfaces.hasChild(sound, prefix: "card"))
        #expect(UsbInterfaces.hasChild(sound, prefix: "controlC"))
        #expect(!UsbInterfaces.hasChild(sound, prefix: "video"))
        #expect(!UsbInterfaces.hasChild(sound, prefix: "card4"))
        #expect(!UsbInterfaces.hasChild(scratch.path + "/empty", prefix: "card"))
        #expect(!UsbInterfaces.hasChild(scratch.path + "/absent", prefix: "card"))
    }
}
