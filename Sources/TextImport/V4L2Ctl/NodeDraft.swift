import CaptureModel

/// What the text says about one device node, gathered while reading.
struct NodeDraft {
    /// `videoN` from the file name or the text, used to pair files of one node.
    var hint: String?
    var driver: String?
    var card: String?
    var busInfo: String?
    var version: String?
    var capabilities: UInt32?
    var deviceCaps: UInt32?
    var formats: [PixelFormat] = []
    var sawFormatList = false
    var controls: [Control] = []
    var activeFormat: ActiveFormat?
    var frameInterval: FrameDuration?
    var supportsFrameInterval = false
    var currentInput: UInt32?
    var inputName: String?
    var serial: String?
    var problems: [Problem] = []

    var isMetadataOnly: Bool {
        guard let c = deviceCaps else { return false }
        return c & 0x0080_0000 != 0 && c & 0x1001 == 0
    }

    var hasAnything: Bool { sawFormatList || !controls.isEmpty || driver != nil || activeFormat != nil }

    /// Folds another draft of the same node in (fields it has and this lacks).
    mutating func merge(_ o: NodeDraft) {
        driver = driver ?? o.driver
        card = card ?? o.card
        busInfo = busInfo ?? o.busInfo
        version = version ?? o.version
        capabilities = capabilities ?? o.capabilities
        deviceCaps = deviceCaps ?? o.deviceCaps
        if !o.formats.isEmpty && formats.isEmpty { formats = o.formats }
        sawFormatList = sawFormatList || o.sawFormatList
        if controls.isEmpty { controls = o.controls }
        activeFormat = activeFormat ?? o.activeFormat
        frameInterval = frameInterval ?? o.frameInterval
        supportsFrameInterval = supportsFrameInterval || o.supportsFrameInterval
        currentInput = currentInput ?? o.currentInput
        inputName = inputName ?? o.inputName
        serial = serial ?? o.serial
        problems += o.problems
    }
}
