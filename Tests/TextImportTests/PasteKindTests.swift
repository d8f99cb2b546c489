import ProfileFormat
import Testing
import TextImport

/// `camprobe import FILE…` tells a paste's kind from its content.
@Suite("What wrote a paste")
struct PasteKindTests {
    @Test(arguments: [
        (
            "Media controller API version 6.1.192\n\nMedia device information\n------------------------\ndriver          vimc\n",
            PasteKind.mediactl
        ),
        ("- entity 1: Sensor A (1 pad, 2 links)\n            type V4L2 subdev subtype Sensor flags 0\n", .mediactl),
        ("Driver Info:\n\tDriver name      : uvcvideo\n\tCard type        : HD Webcam C525\n", .v4l2ctl),
        ("ioctl: VIDIOC_ENUM_FMT\n\tType: Video Capture\n\n\t[0]: 'YUYV' (YUYV 4:2:2)\n", .v4l2ctl),
        (
            "P: /devices/pci0000:00/0000:00:14.0/usb1/1-2/1-2:1.0/video4linux/video0\nN: video0\nE: ID_V4L_PRODUCT=HD Webcam C525\n",
            .udevadm
        ),
        ("  looking at device '/devices/pci0000:00/0000:00:14.0/usb1/1-2/1-2:1.0/video4linux/video0':\n    KERNEL==\"video0\"\n", .udevadm),
        ("**** List of CAPTURE Hardware Devices ****\ncard 1: C525 [HD Webcam C525], device 0: USB Audio [USB Audio]\n", .arecord),
        (
            "**** Liste der Hardware-Geräte (CAPTURE) ****\nKarte 1: C525 [HD Webcam C525], Gerät 0: USB Audio [USB Audio]\n  Sub-Geräte: 1/1\n",
            .arecord
        ),
        (
            "**** Liste des périphériques matériels CAPTURE ****\ncarte 1 : C525 [HD Webcam C525], périphérique 0 : USB Audio [USB Audio]\n",
            .arecord
        ),
        ("carte 1 : C525 [HD Webcam C525], périphérique 0 : USB Audio [USB Audio]\n  Sous-périphériques : 1/1\n", .arecord),
        ("カード 1: C525 [HD Webcam C525], デバイス 0: USB Audio [USB Audio]\n", .arecord),
        (
            "null\n    Discard all samples (playback) or generate zero samples (capture)\nhw:CARD=C525,DEV=0\n    HD Webcam C525, USB Audio\n",
            .arecord
        ),
        ("sysdefault:CARD=PCH\n    HDA Intel PCH, ALC3234 Analog\n    Default Audio Device\n", .arecord),
        (" 0 [PCH            ]: HDA-Intel - HDA Intel PCH\n                      HDA Intel PCH at 0xf7f10000 irq 32\n", .asoundCards),
        ("\nBus 001 Device 004: ID 046d:0826 Logitech, Inc. HD Webcam C525\nDevice Descriptor:\n  bLength                18\n", .lsusb),
    ])
    func kindFromContent(_ text: String, _ kind: PasteKind) {
        #expect(PasteKind.detect(text) == kind)
    }
}
