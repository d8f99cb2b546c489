import Testing

@testable import Udev

/// The small text helpers of the Udev module: which sysfs device names are listed, and the trimming of
/// sysfs attribute text.
@Suite("Udev's text helpers")
struct UdevTextHelpersTests {
    @Test(arguments: [
        ("/sys/devices/pci0000:00/0000:00:14.0/usb1/1-2/1-2:1.0/video4linux/video0", true),
        ("/sys/devices/pci0000:00/0000:00:14.0/usb1/1-2/1-2:1.0/media3", true),
        ("/sys/devices/pci0000:00/0000:00:1f.3/sound/card1/controlC1", true),
        ("video12", true),
        ("/sys/devices/platform/soc/fe801000.csi/video4linux/v4l-subdev0", false),
        ("/sys/devices/pci0000:00/0000:00:1f.3/sound/card1/pcmC1D0c", false),
        ("/sys/devices/pci0000:00/0000:00:1f.3/sound/card1", false),
        ("/sys/devices/virtual/sound/timer", false),
        ("/sys/devices/platform/radio-si470x/video4linux/radio0", false),
        ("/sys/devices/platform/vivid.0/video4linux/vbi0", false),
    ])
    func onlyVideoMediaAndCardControlNodesAreListed(sysPath: String, listed: Bool) {
        let name = String(sysPath.split(separator: "/").last ?? "")
        #expect(UdevNodeSource.isListed(name: name) == listed)
    }

    /// A class directory's entry, resolved as `realpath(3)` would (sysfs links point at real directories).
    @Test(arguments: [
        ("../../devices/platform/vivid.0/video4linux/video0", "/sys/class/video4linux", "/sys/devices/platform/vivid.0/video4linux/video0"),
        ("../../../devices/platform/vimc.0/media0", "/sys/bus/media/devices", "/sys/devices/platform/vimc.0/media0"),
        (
            "../../devices/pci0000:00/0000:00:1f.3/sound/card0/./controlC0", "/sys/class/sound",
            "/sys/devices/pci0000:00/0000:00:1f.3/sound/card0/controlC0"
        ),
        ("/sys/devices/virtual/sound/card9/controlC9", "/sys/class/sound", "/sys/devices/virtual/sound/card9/controlC9"),
        ("../../../../../..", "/sys/class/sound", "/"),
        ("..//../devices//platform/./vivid.0/", "/sys/class/video4linux/", "/sys/devices/platform/vivid.0"),
        ("../..", "/", "/"),
        ("video0", "/sys/class/video4linux", "/sys/class/video4linux/video0"),
        ("../../devices/virtual/..x/.y/...", "/sys/class/sound", "/sys/devices/virtual/..x/.y/..."),
        ("../../devices/usb1/1-1/1-1:1.0/video4linux/vidéo0", "/sys/class/video4linux", "/sys/devices/usb1/1-1/1-1:1.0/video4linux/vidéo0"),
    ])
    func classEntriesResolveToTheirDevice(target: String, dir: String, resolved: String) {
        #expect(ClassDirectories.resolve(target, from: dir) == resolved)
    }

    @Test func trimmingRemovesTheGivenCharactersAtBothEndsOnly() {
        let whitespace: String = " \n\t"
        #expect("\t 0e \n".trimmingCharacters(in: whitespace) == "0e")
        #expect("USB  Camera\n".trimmingCharacters(in: whitespace) == "USB  Camera")
        #expect(" \n\t ".trimmingCharacters(in: whitespace) == "")
        #expect("".trimmingCharacters(in: whitespace) == "")
        #expect("xx0exx".trimmingCharacters(in: "x") == "0e")
        #expect("0e".trimmingCharacters(in: "") == "0e")
    }
}
