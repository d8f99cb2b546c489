internal import CV4L2
import CaptureModel
import HostSystem

/// Walks `VIDIOC_ENUM_FMT` → `VIDIOC_ENUM_FRAMESIZES` → `VIDIOC_ENUM_FRAMEINTERVALS`.
struct FormatEnumerator {
    let port: any DevicePort
    let limits: EnumerationLimits

    func formats(for bufferType: BufferType, log: inout EnumerationLog) -> [PixelFormat] {
        let type = bufferType == .videoCapture ? V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue : V4L2_BUF_TYPE_VIDEO_CAPTURE_MPLANE.rawValue
        var out: [PixelFormat] = []
        var seen = Set<UInt32>()
        var index: UInt32 = 0
        while !log.gone {
            if index >= limits.formats {
                log.boundHit(.enumFmt, limit: limits.formats, what: "pixel formats on \(port.path)")
                break
            }
            var d = v4l2_fmtdesc()
            d.index = index
            d.type = type
            do throws(V4L2Error) {
                guard try port.callEnumerating(.enumFmt, &d) else { break }
            } catch {
                log.record(error, while: "listing pixel formats")
                break
            }
            let fourcc = FourCC(rawValue: d.pixelformat)
            if !seen.insert(d.pixelformat).inserted {
                log.note("duplicate", .enumFmt, "\(port.path): the driver lists pixel format \(fourcc) more than once (index \(index))")
            }
            let sizes = frameSizes(fourcc: d.pixelformat, log: &log)
            out.append(
                PixelFormat(
                    index: index, fourcc: fourcc, description: decodeCString(d.description), bufferType: bufferType,
                    flags: FormatFlags(rawValue: d.flags), sizes: sizes))
            index += 1
        }
        return out
    }

    func frameSizes(fourcc: UInt32, log: inout EnumerationLog) -> [FrameSize] {
        var out: [FrameSize] = []
        var seen = Set<Dimensions>()
        var index: UInt32 = 0
        while !log.gone {
            if index >= limits.frameSizes {
                log.boundHit(.enumFrameSizes, limit: limits.frameSizes, what: "\(FourCC(rawValue: fourcc)) frame sizes on \(port.path)")
                break
            }
            var s = v4l2_frmsizeenum()
            s.index = index
            s.pixel_format = fourcc
            do throws(V4L2Error) {
                guard try port.callEnumerating(.enumFrameSizes, &s) else { break }
            } catch {
                // ENOTTY: the driver does not enumerate sizes for this format.
                if error.errno != Errno.ENOTTY { log.record(error, while: "listing \(FourCC(rawValue: fourcc)) frame sizes") }
                break
            }
            switch s.type {
            case V4L2_FRMSIZE_TYPE_DISCRETE.rawValue:
                let d = Dimensions(width: s.discrete.width, height: s.discrete.height)
                if !seen.insert(d).inserted {
                    log.note("duplicate", .enumFrameSizes, "\(port.path): \(FourCC(rawValue: fourcc)) lists size \(d) more than once")
                }
                out.append(.discrete(d, intervals: intervals(fourcc: fourcc, size: d, log: &log)))
                index += 1
                continue
            case V4L2_FRMSIZE_TYPE_STEPWISE.rawValue, V4L2_FRMSIZE_TYPE_CONTINUOUS.rawValue:
                let sw = s.stepwise
                let min = Dimensions(width: sw.min_width, height: sw.min_height)
                let max = Dimensions(width: sw.max_width, height: sw.max_height)
                let atMin = intervals(fourcc: fourcc, size: min, log: &log)
                let atMax = min == max ? atMin : intervals(fourcc: fourcc, size: max, log: &log)
                if s.type == V4L2_FRMSIZE_TYPE_STEPWISE.rawValue {
                    out.append(
                        .stepwise(
                            min: min, max: max, step: Dimensions(width: sw.step_width, height: sw.step_height),
                            intervalsAtMin: atMin, intervalsAtMax: atMax))
                } else {
                    out.append(.continuous(min: min, max: max, intervalsAtMin: atMin, intervalsAtMax: atMax))
                }
            default:
                log.note(
                    "invalid-value", .enumFrameSizes, "\(port.path): unknown frame size type \(s.type) for \(FourCC(rawValue: fourcc))")
            }
            break  // stepwise and continuous have index 0 only
        }
        return out
    }

    func intervals(fourcc: UInt32, size: Dimensions, log: inout EnumerationLog) -> FrameIntervals {
        var list: [FrameDuration] = []
        var index: UInt32 = 0
        while !log.gone {
            if index >= limits.frameIntervals {
                log.boundHit(
                    .enumFrameIntervals, limit: limits.frameIntervals,
                    what: "\(FourCC(rawValue: fourcc)) \(size) frame intervals on \(port.path)")
                break
            }
            var f = v4l2_frmivalenum()
            f.index = index
            f.pixel_format = fourcc
            f.width = size.width
            f.height = size.height
            do throws(V4L2Error) {
                guard try port.callEnumerating(.enumFrameIntervals, &f) else { break }
            } catch {
                if error.errno == Errno.ENOTTY { return .unknown(reason: "the driver does not enumerate frame intervals (ENOTTY)") }
                log.record(error, while: "listing \(FourCC(rawValue: fourcc)) \(size) frame intervals")
                break
            }
            switch f.type {
            case V4L2_FRMIVAL_TYPE_DISCRETE.rawValue:
                let d = FrameDuration(f.discrete.numerator, f.discrete.denominator)
                check(d, fourcc: fourcc, size: size, log: &log)
                list.append(d)
                index += 1
                continue
            case V4L2_FRMIVAL_TYPE_STEPWISE.rawValue, V4L2_FRMIVAL_TYPE_CONTINUOUS.rawValue:
                let sw = f.stepwise
                let min = FrameDuration(sw.min.numerator, sw.min.denominator)
                let max = FrameDuration(sw.max.numerator, sw.max.denominator)
                check(min, fourcc: fourcc, size: size, log: &log)
                check(max, fourcc: fourcc, size: size, log: &log)
                if f.type == V4L2_FRMIVAL_TYPE_STEPWISE.rawValue {
                    return .stepwise(min: min, max: max, step: FrameDuration(sw.step.numerator, sw.step.denominator))
                }
                return .continuous(min: min, max: max)
            default:
                log.note("invalid-value", .enumFrameIntervals, "\(port.path): unknown frame interval type \(f.type)")
            }
            break
        }
        return .discrete(list)
    }

    private func check(_ d: FrameDuration, fourcc: UInt32, size: Dimensions, log: inout EnumerationLog) {
        if !d.interval.isValid {
            log.note(
                "invalid-value", .enumFrameIntervals,
                "\(port.path): \(FourCC(rawValue: fourcc)) \(size) has an invalid frame interval \(d.interval) (zero numerator or denominator); it is kept but never used"
            )
        }
    }
}
