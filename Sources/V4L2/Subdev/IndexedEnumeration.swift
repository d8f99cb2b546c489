import CaptureModel

extension DevicePort {
    /// Sends `ioctl` for index 0, 1, 2, … (`argument(index)` builds each
    /// argument) and returns the answers in order. Stops when the driver ends
    /// the list (`EINVAL`, or an errno in `endsWith`), when the device goes or
    /// another error comes (recorded while `doing`), or after `limit` answers
    /// (a `bound-hit`: the driver never ended its list).
    func enumerate<T>(
        _ ioctl: Ioctl<T>, limit: UInt32, what: String, doing: String, endsWith: Set<Int32> = [], log: inout EnumerationLog,
        _ argument: (UInt32) -> T
    ) -> [T] {
        var out: [T] = []
        var index: UInt32 = 0
        while !log.gone {
            if index >= limit {
                log.boundHit(ioctl.request, limit: limit, what: what)
                break
            }
            var value = argument(index)
            do throws(V4L2Error) {
                guard try callEnumerating(ioctl, &value) else { break }
            } catch  where endsWith.contains(error.errno) {
                break
            } catch {
                log.record(error, while: doing)
                break
            }
            out.append(value)
            index += 1
        }
        return out
    }
}
