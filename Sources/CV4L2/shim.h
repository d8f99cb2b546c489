#ifndef CV4L2_SHIM_H
#define CV4L2_SHIM_H
/* The only C camprobe needs for V4L2: ioctl request numbers (function-like
   macros do not import into Swift) and non-variadic libv4l2 wrappers. */
#include <linux/videodev2.h>
#include <linux/media.h>
#include <linux/v4l2-subdev.h>
#include <libv4l2.h>
#include <fcntl.h>
#include <sys/eventfd.h>

static const unsigned long CV4L2_VIDIOC_QUERYCAP = VIDIOC_QUERYCAP;
static const unsigned long CV4L2_VIDIOC_ENUM_FMT = VIDIOC_ENUM_FMT;
static const unsigned long CV4L2_VIDIOC_G_FMT = VIDIOC_G_FMT;
static const unsigned long CV4L2_VIDIOC_S_FMT = VIDIOC_S_FMT;
static const unsigned long CV4L2_VIDIOC_TRY_FMT = VIDIOC_TRY_FMT;
static const unsigned long CV4L2_VIDIOC_G_PARM = VIDIOC_G_PARM;
static const unsigned long CV4L2_VIDIOC_S_PARM = VIDIOC_S_PARM;
static const unsigned long CV4L2_VIDIOC_ENUM_FRAMESIZES = VIDIOC_ENUM_FRAMESIZES;
static const unsigned long CV4L2_VIDIOC_ENUM_FRAMEINTERVALS = VIDIOC_ENUM_FRAMEINTERVALS;
static const unsigned long CV4L2_VIDIOC_QUERY_EXT_CTRL = VIDIOC_QUERY_EXT_CTRL;
static const unsigned long CV4L2_VIDIOC_QUERYMENU = VIDIOC_QUERYMENU;
static const unsigned long CV4L2_VIDIOC_G_EXT_CTRLS = VIDIOC_G_EXT_CTRLS;
static const unsigned long CV4L2_VIDIOC_S_EXT_CTRLS = VIDIOC_S_EXT_CTRLS;
static const unsigned long CV4L2_VIDIOC_G_CTRL = VIDIOC_G_CTRL;
static const unsigned long CV4L2_VIDIOC_ENUMINPUT = VIDIOC_ENUMINPUT;
static const unsigned long CV4L2_VIDIOC_G_INPUT = VIDIOC_G_INPUT;
static const unsigned long CV4L2_VIDIOC_S_INPUT = VIDIOC_S_INPUT;
static const unsigned long CV4L2_VIDIOC_G_PRIORITY = VIDIOC_G_PRIORITY;
static const unsigned long CV4L2_VIDIOC_S_PRIORITY = VIDIOC_S_PRIORITY;
static const unsigned long CV4L2_MEDIA_IOC_DEVICE_INFO = MEDIA_IOC_DEVICE_INFO;
static const unsigned long CV4L2_VIDIOC_REQBUFS = VIDIOC_REQBUFS;
static const unsigned long CV4L2_VIDIOC_QUERYBUF = VIDIOC_QUERYBUF;
static const unsigned long CV4L2_VIDIOC_QBUF = VIDIOC_QBUF;
static const unsigned long CV4L2_VIDIOC_DQBUF = VIDIOC_DQBUF;
static const unsigned long CV4L2_VIDIOC_STREAMON = VIDIOC_STREAMON;
static const unsigned long CV4L2_VIDIOC_STREAMOFF = VIDIOC_STREAMOFF;
static const unsigned long CV4L2_VIDIOC_SUBSCRIBE_EVENT = VIDIOC_SUBSCRIBE_EVENT;
static const unsigned long CV4L2_VIDIOC_DQEVENT = VIDIOC_DQEVENT;
/* Subdevices (sensors, receivers, ISPs of media-controller cameras). */
static const unsigned long CV4L2_VIDIOC_SUBDEV_ENUM_MBUS_CODE = VIDIOC_SUBDEV_ENUM_MBUS_CODE;
static const unsigned long CV4L2_VIDIOC_SUBDEV_ENUM_FRAME_SIZE = VIDIOC_SUBDEV_ENUM_FRAME_SIZE;
static const unsigned long CV4L2_VIDIOC_SUBDEV_ENUM_FRAME_INTERVAL = VIDIOC_SUBDEV_ENUM_FRAME_INTERVAL;
static const unsigned long CV4L2_VIDIOC_SUBDEV_G_FMT = VIDIOC_SUBDEV_G_FMT;
static const unsigned long CV4L2_VIDIOC_SUBDEV_S_FMT = VIDIOC_SUBDEV_S_FMT;
static const unsigned long CV4L2_VIDIOC_SUBDEV_G_SELECTION = VIDIOC_SUBDEV_G_SELECTION;
static const unsigned long CV4L2_MEDIA_IOC_G_TOPOLOGY = MEDIA_IOC_G_TOPOLOGY;

/* v4l2_open / v4l2_ioctl are variadic and do not import. */
static inline int cv4l2_open(const char *path, int flags) { return v4l2_open(path, flags); }
static inline int cv4l2_ioctl(int fd, unsigned long request, void *arg) { return v4l2_ioctl(fd, request, arg); }
static inline int cv4l2_close(int fd) { return v4l2_close(fd); }
/* eventfd(2): a counter another thread writes to wake a poll(2). */
static inline int cv4l2_eventfd(void) { return eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK); }
#endif
