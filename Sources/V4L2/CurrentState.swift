internal import CV4L2
import CaptureModel
import HostSystem

/// Reads, never sets: the active format (`VIDIOC_G_FMT`), streaming
/// parameters (`VIDIOC_G_PARM`) and video inputs (`VIDIOC_ENUMINPUT`,
/// `VIDIOC_G_INPUT`).
struct CurrentStateReader {
    let port: any DevicePort
    let limits: EnumerationLimits

    func activeFormat(_ bufferType: BufferType, log: inout EnumerationLog) -> ActiveFormat? {
        var f = v4l2_format()
        f.type = bufferType == .videoCapture ? V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue : V4L2_BUF_TYPE_VIDEO_CAPTURE_MPLANE.rawValue
        do throws(V4L2Error) {
            try port.call(.gFmt, &f)
        } catch {
            log.record(error, while: "reading the active format")
            return nil
        }
        if bufferType == .videoCapture {
            let p = f.fmt.pix
            return ActiveFormat(
                bufferType: .videoCapture, fourcc: FourCC(rawValue: p.pixelformat), width: p.width, height: p.height,
                field: CurrentStateReader.fieldName(p.field), bytesPerLine: p.bytesperline, sizeImage: p.sizeimage,
                colorspace: CurrentStateReader.colorspaceName(p.colorspace),
                quantization: CurrentStateReader.quantizationName(UInt32(p.quantization)))
        }
        let p = f.fmt.pix_mp
        let count = Int(min(p.num_planes, 8))
        let planes = withUnsafeBytes(of: p.plane_fmt) { raw in
            Array(raw.bindMemory(to: v4l2_plane_pix_format.self).prefix(count))
        }.map { ActiveFormat.Plane(bytesPerLine: $0.bytesperline, sizeImage: $0.sizeimage) }
        return ActiveFormat(
            bufferType: .videoCaptureMultiplanar, fourcc: FourCC(rawValue: p.pixelformat), width: p.width, height: p.height,
            field: CurrentStateReader.fieldName(p.field), bytesPerLine: planes.first?.bytesPerLine ?? 0,
            sizeImage: planes.reduce(0) { $0 &+ $1.sizeImage },
            colorspace: CurrentStateReader.colorspaceName(p.colorspace),
            quantization: CurrentStateReader.quantizationName(UInt32(p.quantization)), planes: planes)
    }

    func streamingParameters(_ bufferType: BufferType, log: inout EnumerationLog) -> StreamingParameters? {
        var p = v4l2_streamparm()
        p.type = bufferType == .videoCapture ? V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue : V4L2_BUF_TYPE_VIDEO_CAPTURE_MPLANE.rawValue
        do throws(V4L2Error) {
            try port.call(.gParm, &p)
        } catch {
            if error.errno != Errno.ENOTTY && error.errno != Errno.EINVAL { log.record(error, while: "reading the frame interval") }
            return nil
        }
        let c = p.parm.capture
        let tpf = FrameDuration(c.timeperframe.numerator, c.timeperframe.denominator)
        let supports = c.capability & UInt32(V4L2_CAP_TIMEPERFRAME) != 0
        if supports && !tpf.interval.isValid {
            log.note("invalid-value", .gParm, "\(port.path): the driver reports the current frame interval as \(tpf.interval)")
        }
        return StreamingParameters(supportsFrameInterval: supports, frameInterval: tpf.interval.isValid ? tpf : nil)
    }

    func inputs(log: inout EnumerationLog) -> (inputs: [VideoInput], current: UInt32?) {
        var out: [VideoInput] = []
        var index: UInt32 = 0
        while !log.gone {
            if index >= limits.inputs {
                log.boundHit(.enumInput, limit: limits.inputs, what: "inputs on \(port.path)")
                break
            }
            var i = v4l2_input()
            i.index = index
            do throws(V4L2Error) {
                guard try port.callEnumerating(.enumInput, &i) else { break }
            } catch {
                if error.errno != Errno.ENOTTY { log.record(error, while: "listing inputs") }
                break
            }
            out.append(
                VideoInput(
                    index: i.index, name: decodeCString(i.name), type: i.type == UInt32(V4L2_INPUT_TYPE_TUNER) ? "tuner" : "camera",
                    status: i.status, capabilities: VideoInput.capabilityNames(i.capabilities)))
            index += 1
        }
        guard !out.isEmpty, !log.gone else { return (out, nil) }
        var current: Int32 = 0
        do throws(V4L2Error) {
            try port.call(.gInput, &current)
        } catch {
            if error.errno != Errno.ENOTTY { log.record(error, while: "reading the selected input") }
            return (out, nil)
        }
        return (out, UInt32(bitPattern: current))
    }

    static func fieldName(_ f: UInt32) -> String {
        let names = ["any", "none", "top", "bottom", "interlaced", "seq-tb", "seq-bt", "alternate", "interlaced-tb", "interlaced-bt"]
        return f < names.count ? names[Int(f)] : "field-\(f)"
    }

    static func colorspaceName(_ c: UInt32) -> String {
        let names = [
            "default", "smpte170m", "smpte240m", "rec709", "bt878", "470-system-m", "470-system-bg", "jpeg", "srgb",
            "oprgb", "bt2020", "raw", "dci-p3",
        ]
        return c < names.count ? names[Int(c)] : "colorspace-\(c)"
    }

    static func quantizationName(_ q: UInt32) -> String {
        switch q {
        case 0: "default"
        case 1: "full-range"
        case 2: "limited-range"
        default: "quantization-\(q)"
        }
    }
}
