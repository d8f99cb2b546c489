import HostSystem

#if canImport(Glibc)
    import Glibc
#endif

extension CaptureDevice {
    /// Streams with the active format until one usable frame arrives and returns
    /// its bytes: the first `skipping` frames are dropped (many cameras send
    /// dark or garbled frames while their exposure settles), as are frames the
    /// driver flags as corrupt (at most 30 more). Every wait is bounded by
    /// `timeoutSeconds`; streaming is stopped and the buffers are released on
    /// every path, errors included.
    ///
    /// The corresponding ioctls are `VIDIOC_G_FMT`, `VIDIOC_REQBUFS`, `VIDIOC_QUERYBUF`
    /// (+ `mmap(2)`), `VIDIOC_QBUF`, `VIDIOC_STREAMON`, `poll(2)` + `VIDIOC_DQBUF`,
    /// then `VIDIOC_STREAMOFF` and `VIDIOC_REQBUFS` with count 0.
    package func captureFrame(skipping: Int = 3, timeoutSeconds: Double = 5) async throws(SnapshotError) -> SnapshotFrame {
        let port: any DevicePort
        await settleStream()
        do { port = try usablePort() } catch { throw SnapshotError(kind: .device, message: error.message, underlying: error) }
        func fail(_ e: V4L2Error) async -> SnapshotError {
            let d = await failure(e)
            if e.errno == Errno.EBUSY && (e.call == "VIDIOC_REQBUFS" || e.call == "VIDIOC_STREAMON" || e.call == "VIDIOC_QBUF") {
                return SnapshotError(kind: .busy, message: SnapshotHolders.busyMessage(path: path, name: name), underlying: d)
            }
            return SnapshotError(kind: .device, message: d.message, underlying: d)
        }
        let format: ActiveFormat
        let stream: FrameStream
        do throws(V4L2Error) {
            format = try port.readActiveFormat(bufferType)
            stream = try FrameStream(port: port, bufferType: bufferType)
        } catch {
            throw await fail(error)
        }
        defer { stream.stop() }
        let timeout = Int32(max(1, min(timeoutSeconds * 1000, 600_000)))
        let skip = max(0, min(skipping, 10_000))
        var dropped = 0
        var flagged = 0
        while true {
            let frame: CapturedFrame?
            do throws(V4L2Error) {
                frame = try stream.nextFrame(timeoutMilliseconds: timeout)
            } catch {
                throw await fail(error)
            }
            guard let frame else {
                throw SnapshotError(
                    kind: .timeout,
                    message:
                        "\(name): timed out: no frame within \(formatFPS(Double(timeout) / 1000)) s on \(path) (after \(dropped) frame\(dropped == 1 ? "" : "s"); is the camera delivering? try a longer --timeout)"
                )
            }
            if dropped < skip {
                dropped += 1
                continue
            }
            if frame.record.hasError || frame.bytes.isEmpty {
                flagged += 1
                dropped += 1
                if flagged > 30 {
                    throw SnapshotError(
                        kind: .device, message: "\(name): 30 frames in a row were flagged corrupt (V4L2_BUF_FLAG_ERROR) or empty")
                }
                continue
            }
            return SnapshotFrame(format: format, bytes: frame.bytes, sequence: frame.record.sequence, framesSkipped: dropped)
        }
    }
}

/// Who holds a node when streaming is refused with `EBUSY` (from `/proc/PID/fd`, read with `readlink(2)`).
package enum SnapshotHolders {
    /// "pid 1234 (v4l2-ctl -d /dev/video0 --stream-mmap)", or nil when no other process is seen holding `path`.
    package static func describe(path: String) -> String? {
        var names = [path: path]
        if let r = realpath(path, nil) {
            names[String(cString: r)] = path
            free(r)
        }
        let holders = ProcHolderScan(maxProcesses: 4096).holders(of: names, excluding: getpid())[path] ?? []
        guard !holders.isEmpty else { return nil }
        return holders.prefix(3).map { h in
            var s = "pid \(h.pid) (\(h.commandLine))"
            // The daemon holds the node for someone: say who, from its links.
            if PipeWireUsers.isDaemon(h.commandLine), let users = PipeWireUsers.behind(path), !users.isEmpty {
                s += " for " + users.map(PipeWireUsers.describe).joined(separator: ", ")
            }
            return s
        }.joined(separator: ", ")
    }

    /// "NAME: another process is streaming from PATH: pid … (…); stop it and try again".
    package static func busyMessage(path: String, name: String) -> String {
        let who = describe(path: path).map { ": " + $0 } ?? " (camprobe cannot see which; try: fuser -v \(path))"
        return "\(name): another process is streaming from \(path)\(who); stop it and try again"
    }
}
