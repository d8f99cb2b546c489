import CaptureModel
import Testing
import UdevRules

/// The rule made from a device model, without the command line (which `EndToEndTests/UdevRuleTests` runs): what it
/// matches, and what it does with names and values udev would misread. The devices are built here as discovery
/// records them (udev's `ID_VENDOR_ID`, `ID_MODEL_ID`, `ID_SERIAL_SHORT`, the sysfs path of the parent), so these
/// tests build the model and the rule maker alone.
@Suite("UdevRules: a rule from a device")
struct UdevRuleMakingTests {
    /// A USB camera (046d:0825) at port 1-2.3; `serial` nil or empty: one without a serial number.
    static func usbCamera(serial: String? = "SEAM1", name: String = "Webcam C270", port: String? = "1-2.3") -> Device {
        let identity = DeviceIdentity(
            vendorID: "046d", productID: "0825", serial: serial, busInfo: "usb-0000:00:14.0-2.3", driver: "uvcvideo",
            physicalPath: port.map { "/sys/devices/pci0000:00/0000:00:14.0/usb1/1-2/\($0)" })
        return Device(
            id: DeviceID("usb-046d:0825-\(serial ?? "")"), name: name, modelID: "046d:0825",
            transport: Transport(kind: .usb, speedMbps: 480), identity: identity,
            nodes: [DeviceNode(role: .capture, path: "/dev/video0")], captures: [])
    }

    /// A platform device (vivid) under `/sys/devices/platform/vivid.0`; `parent` nil: no parent recorded.
    static func platformDevice(kind: TransportKind = .platform, parent: String? = "/sys/devices/platform/vivid.0") -> Device {
        Device(
            id: DeviceID("platform-vivid-000"), name: "vivid", modelID: nil, transport: Transport(kind: kind),
            identity: DeviceIdentity(busInfo: "platform:vivid-000", driver: "vivid", physicalPath: parent),
            nodes: [DeviceNode(role: .capture, path: "/dev/video0")], captures: [])
    }

    static func ruleLine(_ r: UdevRule.Rule) -> String? { r.text.split(separator: "\n").first { !$0.hasPrefix("#") }.map(String.init) }

    @Test func aUSBCameraWithASerialIsMatchedByVendorProductAndSerial() throws {
        let r = try UdevRule.make(device: Self.usbCamera(), name: "desk-cam").get()
        #expect(r.follows == .serial && r.name == "desk-cam")
        #expect(r.file == "/etc/udev/rules.d/99-camprobe-desk-cam.rules")
        #expect(
            Self.ruleLine(r)
                == #"SUBSYSTEM=="video4linux", ATTR{index}=="0", ATTRS{idVendor}=="046d", ATTRS{idProduct}=="0825", ATTRS{serial}=="SEAM1", SYMLINK+="desk-cam""#,
            "\(r.text)")
    }

    /// The whole file: what it is for, what it follows, where it goes and how udev rereads it, then the one rule.
    @Test func theWholeFileSaysWhatItFollowsAndHowToInstallIt() throws {
        let r = try UdevRule.make(device: Self.usbCamera(), name: "desk-cam").get()
        let file = "/etc/udev/rules.d/99-camprobe-desk-cam.rules"
        let rule = try #require(Self.ruleLine(r))
        #expect(
            r.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) == [
                #"# camprobe udev rule for "Webcam C270" (usb-046d:0825-SEAM1): links its capture node to /dev/desk-cam"#,
                "# Follows the camera by its USB vendor, product and serial number: the link stays when it moves to another port.",
                "# Install: save this as \(file) (camprobe udev-rule DEVICE | sudo tee \(file))",
                "# Reload: sudo udevadm control --reload && sudo udevadm trigger",
                rule, "",
            ])
    }

    /// Without a serial number (none, or empty as some cameras report it) the rule follows the USB port path.
    @Test(arguments: [nil, ""])
    func aUSBCameraWithoutASerialFollowsItsPort(_ serial: String?) throws {
        let r = try UdevRule.make(device: Self.usbCamera(serial: serial), name: "desk-cam").get()
        #expect(r.follows == .usbPort)
        #expect(
            Self.ruleLine(r)
                == #"SUBSYSTEM=="video4linux", ATTR{index}=="0", ATTRS{idVendor}=="046d", ATTRS{idProduct}=="0825", KERNELS=="1-2.3", SYMLINK+="desk-cam""#,
            "\(r.text)")
        #expect(r.text.contains("no USB serial number, so the rule follows the port (KERNELS, the USB port path 1-2.3)"))
        #expect(r.text.contains("two identical cameras need one rule per port"))
    }

    @Test func aUSBCameraWithNeitherSerialNorPortGetsNoRuleAndIsNamed() throws {
        guard case .failure(let e) = UdevRule.make(device: Self.usbCamera(serial: nil, port: nil)) else {
            Issue.record("a rule that matches every camera of the model")
            return
        }
        #expect(e.message.hasPrefix("Webcam C270 has no USB serial number and its USB port path is not known"), "\(e)")
    }

    /// A platform device follows its parent's sysfs name and bus, and the node's name when it is known (vivid's
    /// instances share one parent).
    @Test func aPlatformDeviceFollowsItsParentAndNodeName() throws {
        let withName = try UdevRule.make(device: Self.platformDevice(), name: "vivid-a", nodeName: "vivid-000-vid-cap").get()
        #expect(withName.follows == .parent)
        #expect(
            Self.ruleLine(withName)
                == #"SUBSYSTEM=="video4linux", ATTR{index}=="0", KERNELS=="vivid.0", SUBSYSTEMS=="platform", ATTR{name}=="vivid-000-vid-cap", SYMLINK+="vivid-a""#
        )
        #expect(withName.text.contains(#"and the node's name "vivid-000-vid-cap" (ATTR{name})"#))
        for nodeName in [nil, ""] {
            let bare = try UdevRule.make(device: Self.platformDevice(), name: "vivid-a", nodeName: nodeName).get()
            #expect(Self.ruleLine(bare)?.contains("ATTR{name}") == false, "\(bare.text)")
            #expect(bare.text.contains("# Follows the platform device vivid.0 (KERNELS, its sysfs name): there is no USB"))
        }
    }

    /// Nothing to match on (no parent recorded, or a virtual/unknown bus): a clear refusal, not a rule for every node.
    @Test(
        arguments: [(TransportKind.platform, nil), (.virtual, "/sys/devices/virtual/x"), (.unknown, "/sys/devices/x")]
            as [(TransportKind, String?)])
    func aDeviceWithoutIdentityGetsNoRule(_ kind: TransportKind, _ parent: String?) throws {
        guard case .failure(let e) = UdevRule.make(device: Self.platformDevice(kind: kind, parent: parent)) else {
            Issue.record("a rule for \(kind) without identity")
            return
        }
        #expect(e.message.hasPrefix("vivid has no identity to match on"), "\(e)")
    }

    @Test func globAndQuoteCharactersInASerialBecomeAnyCharacter() throws {
        let r = try UdevRule.make(device: Self.usbCamera(serial: #"A*B?[C]|D"E"#)).get()
        #expect(Self.ruleLine(r)?.contains(#"ATTRS{serial}=="A?B??C??D?E""#) == true, "\(r.text)")
        #expect(r.text.contains("# Characters udev cannot match literally were replaced by ? (any one character)."))
        let plain = try UdevRule.make(device: Self.usbCamera()).get()
        #expect(!plain.text.contains("replaced by ?"))
    }

    /// Control characters and non-ASCII in a serial are replaced too; a line break in the device's name cannot end
    /// the comment it is quoted in (the file keeps exactly one rule line).
    @Test func controlCharactersCannotBreakTheRuleOrItsComments() throws {
        let r = try UdevRule.make(device: Self.usbCamera(serial: "a\tb\u{7F}é", name: "Cam\nSUBSYSTEM==\"x\""), name: "cam").get()
        #expect(Self.ruleLine(r)?.contains(#"ATTRS{serial}=="a?b??""#) == true, "\(r.text)")
        #expect(r.text.split(separator: "\n").filter { !$0.hasPrefix("#") }.count == 1, "\(r.text)")
        #expect(r.text.hasPrefix(#"# camprobe udev rule for "Cam?SUBSYSTEM=="x"" (usb-046d:0825-a?b?é)"#), "\(r.text)")
    }

    @Test func linkNamesAreCheckedAndTheDefaultIsMadeFromTheStableID() throws {
        #expect(UdevRule.isValidName("desk-cam.2_a"))
        for bad in ["", "-x", ".x", "a/b", "../etc/passwd", "é", "a b", String(repeating: "a", count: 65)] {
            #expect(!UdevRule.isValidName(bad), "\(bad)")
        }
        #expect(UdevRule.isValidName(String(repeating: "a", count: 64)))
        #expect(UdevRule.defaultName(for: DeviceID("usb-046d:0826-8E4B3C60")) == "camprobe-usb-046d-0826-8E4B3C60")
        #expect(
            UdevRule.defaultName(for: DeviceID("usb-046d:0826@pci-0000:00:14.0-usb-0:1.2"))
                == "camprobe-usb-046d-0826-pci-0000-00-14.0-usb-0-1.2")
        guard case .failure(let e) = UdevRule.make(device: Self.usbCamera(), name: "../etc") else {
            Issue.record("a name with a slash made a rule")
            return
        }
        #expect(e.message.hasPrefix("'../etc' cannot be a link name"))
    }

    /// With no name the link is the default one, and the file drops its `camprobe-` so it is not said twice.
    @Test func theDefaultNameNamesTheLinkAndTheFile() throws {
        let r = try UdevRule.make(device: Self.usbCamera()).get()
        #expect(r.name == "camprobe-usb-046d-0825-SEAM1")
        #expect(r.file == "/etc/udev/rules.d/99-camprobe-usb-046d-0825-SEAM1.rules")
        #expect(Self.ruleLine(r)?.hasSuffix(#"SYMLINK+="camprobe-usb-046d-0825-SEAM1""#) == true)
    }
}
