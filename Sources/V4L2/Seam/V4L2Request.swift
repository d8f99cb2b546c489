internal import CV4L2
import CaptureModel

/// The ioctls camprobe uses, with their kernel request numbers and names.
package enum V4L2Request: CaseIterable, Sendable, Hashable, CustomStringConvertible {
    case queryCap, enumFmt, gFmt, sFmt, tryFmt, gParm, sParm, enumFrameSizes, enumFrameIntervals
    case queryExtCtrl, queryMenu, gExtCtrls, sExtCtrls, gCtrl, enumInput, gInput, sInput, gPriority, sPriority
    case mediaDeviceInfo
    case subdevEnumMbusCode, subdevEnumFrameSize, subdevEnumFrameInterval, subdevGFmt, subdevSFmt, subdevGSelection
    case reqBufs, queryBuf, qBuf, dqBuf, streamOn, streamOff, subscribeEvent, dqEvent
    case mediaTopology

    /// The kernel request number (from `<linux/videodev2.h>` / `<linux/media.h>`).
    package var number: UInt {
        switch self {
        case .queryCap: CV4L2_VIDIOC_QUERYCAP
        case .enumFmt: CV4L2_VIDIOC_ENUM_FMT
        case .gFmt: CV4L2_VIDIOC_G_FMT
        case .sFmt: CV4L2_VIDIOC_S_FMT
        case .tryFmt: CV4L2_VIDIOC_TRY_FMT
        case .gParm: CV4L2_VIDIOC_G_PARM
        case .sParm: CV4L2_VIDIOC_S_PARM
        case .enumFrameSizes: CV4L2_VIDIOC_ENUM_FRAMESIZES
        case .enumFrameIntervals: CV4L2_VIDIOC_ENUM_FRAMEINTERVALS
        case .queryExtCtrl: CV4L2_VIDIOC_QUERY_EXT_CTRL
        case .queryMenu: CV4L2_VIDIOC_QUERYMENU
        case .gExtCtrls: CV4L2_VIDIOC_G_EXT_CTRLS
        case .sExtCtrls: CV4L2_VIDIOC_S_EXT_CTRLS
        case .gCtrl: CV4L2_VIDIOC_G_CTRL
        case .enumInput: CV4L2_VIDIOC_ENUMINPUT
        case .gInput: CV4L2_VIDIOC_G_INPUT
        case .sInput: CV4L2_VIDIOC_S_INPUT
        case .gPriority: CV4L2_VIDIOC_G_PRIORITY
        case .sPriority: CV4L2_VIDIOC_S_PRIORITY
        case .mediaDeviceInfo: CV4L2_MEDIA_IOC_DEVICE_INFO
        case .subdevEnumMbusCode: CV4L2_VIDIOC_SUBDEV_ENUM_MBUS_CODE
        case .subdevEnumFrameSize: CV4L2_VIDIOC_SUBDEV_ENUM_FRAME_SIZE
        case .subdevEnumFrameInterval: CV4L2_VIDIOC_SUBDEV_ENUM_FRAME_INTERVAL
        case .subdevGFmt: CV4L2_VIDIOC_SUBDEV_G_FMT
        case .subdevSFmt: CV4L2_VIDIOC_SUBDEV_S_FMT
        case .subdevGSelection: CV4L2_VIDIOC_SUBDEV_G_SELECTION
        case .reqBufs: CV4L2_VIDIOC_REQBUFS
        case .queryBuf: CV4L2_VIDIOC_QUERYBUF
        case .qBuf: CV4L2_VIDIOC_QBUF
        case .dqBuf: CV4L2_VIDIOC_DQBUF
        case .streamOn: CV4L2_VIDIOC_STREAMON
        case .streamOff: CV4L2_VIDIOC_STREAMOFF
        case .subscribeEvent: CV4L2_VIDIOC_SUBSCRIBE_EVENT
        case .dqEvent: CV4L2_VIDIOC_DQEVENT
        case .mediaTopology: CV4L2_MEDIA_IOC_G_TOPOLOGY
        }
    }

    /// The C name, e.g. `VIDIOC_ENUM_FMT`.
    package var description: String {
        switch self {
        case .queryCap: "VIDIOC_QUERYCAP"
        case .enumFmt: "VIDIOC_ENUM_FMT"
        case .gFmt: "VIDIOC_G_FMT"
        case .sFmt: "VIDIOC_S_FMT"
        case .tryFmt: "VIDIOC_TRY_FMT"
        case .gParm: "VIDIOC_G_PARM"
        case .sParm: "VIDIOC_S_PARM"
        case .enumFrameSizes: "VIDIOC_ENUM_FRAMESIZES"
        case .enumFrameIntervals: "VIDIOC_ENUM_FRAMEINTERVALS"
        case .queryExtCtrl: "VIDIOC_QUERY_EXT_CTRL"
        case .queryMenu: "VIDIOC_QUERYMENU"
        case .gExtCtrls: "VIDIOC_G_EXT_CTRLS"
        case .sExtCtrls: "VIDIOC_S_EXT_CTRLS"
        case .gCtrl: "VIDIOC_G_CTRL"
        case .enumInput: "VIDIOC_ENUMINPUT"
        case .gInput: "VIDIOC_G_INPUT"
        case .sInput: "VIDIOC_S_INPUT"
        case .gPriority: "VIDIOC_G_PRIORITY"
        case .sPriority: "VIDIOC_S_PRIORITY"
        case .mediaDeviceInfo: "MEDIA_IOC_DEVICE_INFO"
        case .subdevEnumMbusCode: "VIDIOC_SUBDEV_ENUM_MBUS_CODE"
        case .subdevEnumFrameSize: "VIDIOC_SUBDEV_ENUM_FRAME_SIZE"
        case .subdevEnumFrameInterval: "VIDIOC_SUBDEV_ENUM_FRAME_INTERVAL"
        case .subdevGFmt: "VIDIOC_SUBDEV_G_FMT"
        case .subdevSFmt: "VIDIOC_SUBDEV_S_FMT"
        case .subdevGSelection: "VIDIOC_SUBDEV_G_SELECTION"
        case .reqBufs: "VIDIOC_REQBUFS"
        case .queryBuf: "VIDIOC_QUERYBUF"
        case .qBuf: "VIDIOC_QBUF"
        case .dqBuf: "VIDIOC_DQBUF"
        case .streamOn: "VIDIOC_STREAMON"
        case .streamOff: "VIDIOC_STREAMOFF"
        case .subscribeEvent: "VIDIOC_SUBSCRIBE_EVENT"
        case .dqEvent: "VIDIOC_DQEVENT"
        case .mediaTopology: "MEDIA_IOC_G_TOPOLOGY"
        }
    }

    /// Looks a request number up; nil for numbers camprobe never sends.
    package init?(number: UInt) {
        guard let r = V4L2Request.allCases.first(where: { $0.number == number }) else { return nil }
        self = r
    }

    /// Requests that change device state; never sent while listing.
    package var changesState: Bool {
        switch self {
        case .sFmt, .tryFmt, .sParm, .sExtCtrls, .sInput, .sPriority, .reqBufs, .qBuf, .dqBuf, .streamOn, .streamOff, .subdevSFmt: true
        default: false
        }
    }
}
