import CaptureModel
import HostSystem

/// How many times an ioctl interrupted by a signal (`EINTR`) is retried.
let maxInterruptRetries = 64

extension DevicePort {
    /// Sends `ioctl` with `value` as its argument, retrying `EINTR` (bounded).
    /// Throws a `V4L2Error` naming the ioctl and errno on failure.
    package func call<T>(_ ioctl: Ioctl<T>, _ value: inout T) throws(V4L2Error) {
        var attempts = 0
        while true {
            let rc = withUnsafeMutableBytes(of: &value) { perform(ioctl.request.number, $0.baseAddress!) }
            if rc == 0 { return }
            if rc == Errno.EINTR && attempts < maxInterruptRetries {
                attempts += 1
                continue
            }
            throw V4L2Error(call: ioctl.description, path: path, errno: rc)
        }
    }

    /// Like `call`, but returns false (instead of throwing) when the driver
    /// answers `EINVAL`, which is how V4L2 ends every enumeration.
    package func callEnumerating<T>(_ ioctl: Ioctl<T>, _ value: inout T) throws(V4L2Error) -> Bool {
        do throws(V4L2Error) {
            try call(ioctl, &value)
            return true
        } catch  where error.errno == Errno.EINVAL {
            return false
        }
    }
}

/// Reads a NUL-terminated string out of a fixed C char array (a Swift tuple);
/// an array without a NUL ends at its last byte.
package func decodeCString<T>(_ tuple: T) -> String {
    withUnsafeBytes(of: tuple) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
}

/// Writes `s` into a fixed C char array, NUL-terminated and truncated to fit.
package func encodeCString<T>(_ s: String, into tuple: inout T) {
    withUnsafeMutableBytes(of: &tuple) { raw in
        raw.initializeMemory(as: UInt8.self, repeating: 0)
        let bytes = Array(s.utf8.prefix(raw.count - 1))
        raw.copyBytes(from: bytes)
    }
}
