/// Why a snapshot failed.
package struct SnapshotError: Error, Sendable, Hashable, CustomStringConvertible {
    package enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// No frame arrived within the timeout (`poll(2)` timed out).
        case timeout
        /// Another process owns the camera's buffers (`VIDIOC_REQBUFS`: `EBUSY`).
        case busy
        /// The device refused or went away (see `underlying`).
        case device
        /// The frame could not be turned into the requested file type.
        case conversion
        /// libv4lconvert (package libv4lconvert0) could not be loaded.
        case libraryMissing
        /// The output file could not be written.
        case output
    }

    package var kind: Kind
    package var message: String
    /// The device error behind it, when there is one.
    package var underlying: CaptureDeviceError?
    package var description: String { message }

    package init(kind: Kind, message: String, underlying: CaptureDeviceError? = nil) {
        self.kind = kind
        self.message = message
        self.underlying = underlying
    }
}
