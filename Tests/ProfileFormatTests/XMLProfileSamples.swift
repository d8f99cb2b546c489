import CaptureModel

/// Hand-made documents that reach every corner of the model.
enum ProfileSamples {
    static let tricky = "  spaces around, <tags> & \"quotes\" 'apos'\n\tnew line, tab,\r\nCRLF; ünïcødé 😀  "

    static var everything: DeviceDocument {
        var transport = Transport(kind: "usb", speedMbps: 480)
        transport.label = "USB 2.0 High-Speed (480 Mbit/s) " + tricky
        let identity = DeviceIdentity(
            vendorID: "046d", productID: "0826", serial: "ABC", manufacturer: "Logi & Co", product: tricky,
            portPath: "pci-0000:00:14.0-usb-0:1", udevIDPath: "pci-0000:00:14.0-usb-0:1:1.0",
            byID: ["/dev/v4l/by-id/a", "/dev/v4l/by-id/b"], byPath: ["/dev/v4l/by-path/c"],
            busInfo: "usb-0000:00:14.0-1", driver: "uvcvideo", physicalPath: "/sys/devices/x")
        let ntsc = FrameDuration(1001, 30000)
        let sizes: [FrameSize] = [
            .discrete(
                Dimensions(width: 640, height: 480),
                intervals: .discrete([ntsc, FrameDuration(1, 30), FrameDuration(1, 0), FrameDuration(0, 1)])),
            .discrete(Dimensions(width: 320, height: 240), intervals: .discrete([])),
            .stepwise(
                min: Dimensions(width: 16, height: 16), max: Dimensions(width: 4096, height: 2160), step: Dimensions(width: 2, height: 2),
                intervalsAtMin: .stepwise(min: FrameDuration(1, 60), max: FrameDuration(1, 1), step: FrameDuration(1, 60)),
                intervalsAtMax: .continuous(min: FrameDuration(1, 30), max: FrameDuration(1, 1))),
            .continuous(
                min: Dimensions(width: 1, height: 1), max: Dimensions(width: UInt32.max, height: 1),
                intervalsAtMin: .unknown(reason: "ENOTTY " + tricky), intervalsAtMax: .unknown(reason: "")),
        ]
        let formats = [
            PixelFormat(index: 0, fourcc: FourCC("YUYV"), description: "YUYV 4:2:2", bufferType: .videoCapture, flags: [], sizes: sizes),
            PixelFormat(
                index: 1, fourcc: FourCC("Y10 "), description: tricky, bufferType: .videoCaptureMultiplanar,
                flags: FormatFlags(rawValue: 0x401), sizes: []),
            PixelFormat(index: 2, fourcc: FourCC("RGBR-BE"), description: "", bufferType: .videoCapture, flags: [.emulated], sizes: []),
        ]
        let controls = [
            Control(
                id: 0x0098_0900, name: "Brightness", type: "int", typeCode: 1, minimum: -10, maximum: 10, step: 1, defaultValue: 0,
                value: .integer(-5), flags: [.readOnly, ControlFlags(rawValue: 0x8000_0000)]),
            Control(
                id: 0x0098_0918, name: "Power Line Frequency", type: "menu", typeCode: 3, minimum: 0, maximum: 2, step: 1, defaultValue: 2,
                value: .integer(1), flags: [],
                menu: [MenuItem(index: 0, name: "Disabled"), MenuItem(index: 1, name: tricky), MenuItem(index: 2)]),
            Control(
                id: 0x0098_f90a, name: "Integer Menu", type: "intmenu", typeCode: 9, minimum: 0, maximum: 1, step: 1, defaultValue: 0,
                value: .integer(0), flags: [], menu: [MenuItem(index: 0, value: Int64.min), MenuItem(index: 1, value: Int64.max)]),
            Control(
                id: 0x0098_f905, name: "String", type: "str", typeCode: 7, minimum: 2, maximum: 10, step: 1, defaultValue: 0,
                value: .string(tricky), flags: [.hasPayload]),
            Control(
                id: 0x0098_f906, name: "Numeric String", type: "str", typeCode: 7, minimum: 0, maximum: 10, step: 1, defaultValue: 0,
                value: .string("42"), flags: []),
            Control(
                id: 0x0098_f904, name: "Integer 64 Bits", type: "int64", typeCode: 5, minimum: Int64.min, maximum: Int64.max,
                step: UInt64.max, defaultValue: 0, value: .integer(Int64.max), flags: [ControlFlags(rawValue: 0x20), .writeOnly]),
            Control(
                id: 0x0098_f908, name: "U8 Array", type: "u8", typeCode: 0x100, minimum: 0, maximum: 255, step: 1, defaultValue: 0,
                value: nil, flags: [.hasPayload], elementSize: 1, elements: 640, dimensions: [32, 20]),
            Control(
                id: 0x0098_0001, name: "User Controls", type: "ctrl_class", typeCode: 6, minimum: 0, maximum: 0, step: 0,
                defaultValue: 0, value: nil, flags: [.readOnly, .writeOnly]),
        ]
        var odd = controls[0]
        odd.key = "not_the_derived_key"
        odd.controlClass = "class-0x1230000"
        let capture = CaptureNodeCapabilities(
            path: "/dev/video0",
            identity: NodeIdentity(
                driver: "uvcvideo", card: tricky, busInfo: "usb-1", version: "6.1.0",
                capabilities: CapabilityFlags(rawValue: 0x84a0_0001), deviceCaps: CapabilityFlags(rawValue: 0x0420_0001)),
            throughLibV4L2: true,
            inputs: [
                VideoInput(index: 0, name: "Camera 1", type: "camera", status: 0),
                VideoInput(index: 1, name: tricky, type: "tuner", status: 0x102),
            ],
            currentInput: 1, formats: formats, controls: controls + [odd],
            activeFormat: ActiveFormat(
                bufferType: .videoCaptureMultiplanar, fourcc: FourCC("NV12"), width: 1920, height: 1080, field: "none",
                bytesPerLine: 1920, sizeImage: 3_110_400, colorspace: "rec709", quantization: "limited-range",
                planes: [.init(bytesPerLine: 1920, sizeImage: 2_073_600), .init(bytesPerLine: 1920, sizeImage: 1_036_800)]),
            streamingParameters: StreamingParameters(supportsFrameInterval: true, frameInterval: ntsc),
            problems: [
                Problem(kind: "ioctl-failed", call: "VIDIOC_ENUM_FRAMESIZES", errno: 25, errnoName: "ENOTTY", message: tricky),
                Problem(kind: "partial", message: ""),
            ])
        let second = CaptureNodeCapabilities(
            path: "/dev/video2",
            identity: NodeIdentity(
                driver: "d", card: "c", busInfo: "b", version: "1",
                capabilities: [], deviceCaps: []),
            controls: nil, streamingParameters: StreamingParameters(supportsFrameInterval: false, frameInterval: nil))
        let audio = [
            AudioCaptureCard(
                card: 1, cardID: "C525", name: "HD Webcam C525", longName: "HD Webcam C525 at usb-0000:00:14.0-1, high speed",
                driver: "USB-Audio", controlPath: "/dev/snd/controlC1",
                pcms: [
                    AudioCapturePCM(
                        device: 0, alsaName: "hw:CARD=C525,DEV=0", name: "USB Audio", subdevices: 1,
                        formats: ["S16_LE", "S24_3LE"], minChannels: 1, maxChannels: 2, minRate: 16000,
                        maxRate: 48000, rates: [16000, 32000, 48000]),
                    AudioCapturePCM(
                        device: -1, alsaName: "hw:CARD=C525,DEV=1", name: "", subdevices: 0,
                        problems: [Problem(kind: "access", call: "snd_pcm_open", errno: -16, errnoName: "EBUSY", message: "busy")]),
                ],
                problems: [Problem(kind: "identity", message: "no USB parent")])
        ]
        let device = Device(
            id: DeviceID("usb-046d:0826-ABC"), name: "HD Webcam C525 " + tricky, modelID: "046d:0826", transport: transport,
            identity: identity,
            nodes: [
                DeviceNode(role: "capture", path: "/dev/video0", deviceCaps: CapabilityFlags(rawValue: 0x0420_0001)),
                DeviceNode(role: "media", path: "/dev/media0"), DeviceNode(role: "other", path: "/dev/video9", deviceCaps: []),
            ],
            captures: [capture, second], audio: audio,
            problems: [Problem(kind: "duplicate", call: nil, errno: 0, errnoName: nil, message: "twice")])
        var doc = DeviceDocument(generator: "camprobe <test> & co", device: device)
        doc.schemaVersion = 1
        return doc
    }

    /// Only the required fields.
    static var bareDevice: Device {
        var t = Transport(kind: "platform")
        t.label = ""
        return Device(
            id: DeviceID(""), name: "", modelID: nil, transport: t, identity: DeviceIdentity(busInfo: "", driver: ""),
            nodes: [], captures: [])
    }
}
