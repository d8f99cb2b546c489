import TextImport

/// One fixture to write: the camera's v4l2-ctl dumps, each read by the Swift importer on its own (each file gives
/// only what its part is: formats, controls, identity), and what the dumps cannot tell, from the command line.
struct FixtureRequest {
    /// The capture node's path, e.g. "/dev/video0".
    var node: String
    /// `--list-formats-ext`, imported; absent: one MJPG 1920x1080 format at 30 fps is assumed.
    var formats: V4L2CtlImportResult?
    /// `--list-ctrls` / `--list-ctrls-menus` / `--all`, imported for its controls.
    var controls: V4L2CtlImportResult?
    /// `--all` / `--info`, imported for the node's identity, input, active format and frame interval.
    var info: V4L2CtlImportResult?
    /// `--all` of the UVC metadata node, imported for its device caps.
    var metadata: V4L2CtlImportResult?
    /// The UVC metadata node's path; absent: no metadata node.
    var metadataNode: String?
    /// The media-controller node's path; absent: no media node.
    var mediaNode: String?
    /// The driver when no `info` dump names it.
    var driver = "uvcvideo"
    var card: String?
    var bus: String?
    var serial: String?
    var usb: USBParent?
    var description: String

    /// `VID:PID:SPEED:PORTPATH`: the USB device udev would show as the nodes' parent.
    struct USBParent {
        var vendorID: String
        var productID: String
        var speed: String
        var portPath: String

        init?(_ text: String) {
            let parts = text.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 4 else { return nil }
            (vendorID, productID, speed, portPath) = (parts[0], parts[1], parts[2], parts[3])
        }
    }
}

/// Why a fixture cannot be written.
struct FixtureError: Error, CustomStringConvertible {
    var description: String
}
