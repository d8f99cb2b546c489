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
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>

/* Compound controls newer than some installed headers (kernel 6.16 added the
   rect type, the min/max "which" values and uvcvideo's region of interest). */
#ifndef V4L2_CTRL_WHICH_MIN_VAL
#define V4L2_CTRL_WHICH_MIN_VAL 0x0f020000
#endif
#ifndef V4L2_CTRL_WHICH_MAX_VAL
#define V4L2_CTRL_WHICH_MAX_VAL 0x0f030000
#endif
#ifndef V4L2_CTRL_FLAG_HAS_WHICH_MIN_MAX
#define V4L2_CTRL_FLAG_HAS_WHICH_MIN_MAX 0x1000
#endif
#ifndef V4L2_CID_USER_UVC_BASE
#define V4L2_CID_USER_UVC_BASE (V4L2_CID_USER_BASE + 0x11e0)
#endif
#ifndef V4L2_CID_UVC_REGION_OF_INTEREST_RECT
#define V4L2_CID_UVC_REGION_OF_INTEREST_RECT (V4L2_CID_USER_UVC_BASE + 1)
#endif
#ifndef V4L2_CID_UVC_REGION_OF_INTEREST_AUTO
#define V4L2_CID_UVC_REGION_OF_INTEREST_AUTO (V4L2_CID_USER_UVC_BASE + 2)
#define V4L2_UVC_REGION_OF_INTEREST_AUTO_EXPOSURE (1 << 0)
#define V4L2_UVC_REGION_OF_INTEREST_AUTO_IRIS (1 << 1)
#define V4L2_UVC_REGION_OF_INTEREST_AUTO_WHITE_BALANCE (1 << 2)
#define V4L2_UVC_REGION_OF_INTEREST_AUTO_FOCUS (1 << 3)
#define V4L2_UVC_REGION_OF_INTEREST_AUTO_FACE_DETECT (1 << 4)
#define V4L2_UVC_REGION_OF_INTEREST_AUTO_DETECT_AND_TRACK (1 << 5)
#define V4L2_UVC_REGION_OF_INTEREST_AUTO_IMAGE_STABILIZATION (1 << 6)
#define V4L2_UVC_REGION_OF_INTEREST_AUTO_HIGHER_QUALITY (1 << 7)
#endif
/* V4L2_CTRL_TYPE_RECT is an enumerator, so #ifndef cannot see it: the code is
   named here under the shim's prefix instead (its value is fixed by the ABI). */
static const unsigned int CV4L2_CTRL_TYPE_RECT = 0x0107;
static const unsigned int CV4L2_CTRL_WHICH_MIN_VAL = V4L2_CTRL_WHICH_MIN_VAL;
static const unsigned int CV4L2_CTRL_WHICH_MAX_VAL = V4L2_CTRL_WHICH_MAX_VAL;
static const unsigned int CV4L2_CID_UVC_REGION_OF_INTEREST_RECT = V4L2_CID_UVC_REGION_OF_INTEREST_RECT;
static const unsigned int CV4L2_CID_UVC_REGION_OF_INTEREST_AUTO = V4L2_CID_UVC_REGION_OF_INTEREST_AUTO;

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

/* libv4l2 (--libv4l2 only) is loaded with dlopen(3) on first use, not linked:
   it brings libv4lconvert and libjpeg, which every other command would map and
   relocate at start-up for nothing. v4l2_open / v4l2_ioctl are variadic and do
   not import, hence the wrappers. When the library cannot be loaded they fail
   with errno ELIBACC. Each Swift file may get its own copy of this static state;
   each copy loads on first use (dlopen of a loaded library returns it again). */
typedef struct {
    __typeof__(v4l2_open) *open;
    __typeof__(v4l2_ioctl) *ioctl;
    __typeof__(v4l2_close) *close;
} cv4l2_api_t;
/* Function-local statics: Swift's importer emits these with their functions. */
static inline cv4l2_api_t *cv4l2_state(void) {
    static cv4l2_api_t api;
    return &api;
}
static void cv4l2_load_once(void) {
    void *h = dlopen("libv4l2.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!h) return;
    cv4l2_api_t api = {
        (__typeof__(v4l2_open) *)dlsym(h, "v4l2_open"),
        (__typeof__(v4l2_ioctl) *)dlsym(h, "v4l2_ioctl"),
        (__typeof__(v4l2_close) *)dlsym(h, "v4l2_close"),
    };
    if (api.open && api.ioctl && api.close) *cv4l2_state() = api;
}
/* 1 when libv4l2 is loaded. */
static inline int cv4l2_loaded(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, cv4l2_load_once);
    return cv4l2_state()->open != 0;
}
static inline int cv4l2_open(const char *path, int flags) {
    if (!cv4l2_loaded()) { errno = ELIBACC; return -1; }
    return cv4l2_state()->open(path, flags);
}
static inline int cv4l2_ioctl(int fd, unsigned long request, void *arg) {
    if (!cv4l2_loaded()) { errno = ELIBACC; return -1; }
    return cv4l2_state()->ioctl(fd, request, arg);
}
static inline int cv4l2_close(int fd) {
    if (!cv4l2_loaded()) { errno = ELIBACC; return -1; }
    return cv4l2_state()->close(fd);
}
/* eventfd(2): a counter another thread writes to wake a poll(2). */
static inline int cv4l2_eventfd(void) { return eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK); }
/* libv4lconvert (camprobe snapshot: a frame to RGB24) is loaded with dlopen(3)
   on first use, not linked, for the same reason as libv4l2 above. The converter
   is created through v4lconvert_create_with_dev_ops with "detached" device
   operations: no fd of the camera is touched, VIDIOC_QUERYCAP answers a plain
   capture node and VIDIOC_ENUM_FMT one native RGB24 format, so libv4lconvert
   enables none of its software controls (which would create a shared-memory
   file in /dev/shm) and applies no per-camera processing: the frame is
   converted exactly as it came. When the library cannot be loaded,
   cv4lconvert_create returns NULL with errno ELIBACC. */
#include <libv4lconvert.h>
#include <libv4l-plugin.h>
#include <string.h>
typedef struct {
    __typeof__(v4lconvert_create_with_dev_ops) *create;
    __typeof__(v4lconvert_destroy) *destroy;
    __typeof__(v4lconvert_convert) *convert;
    __typeof__(v4lconvert_get_error_message) *error_message;
} cv4lconvert_api_t;
static inline cv4lconvert_api_t *cv4lconvert_state(void) {
    static cv4lconvert_api_t api;
    return &api;
}
static void cv4lconvert_load_once(void) {
    void *h = dlopen("libv4lconvert.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!h) return;
    cv4lconvert_api_t api = {
        (__typeof__(v4lconvert_create_with_dev_ops) *)dlsym(h, "v4lconvert_create_with_dev_ops"),
        (__typeof__(v4lconvert_destroy) *)dlsym(h, "v4lconvert_destroy"),
        (__typeof__(v4lconvert_convert) *)dlsym(h, "v4lconvert_convert"),
        (__typeof__(v4lconvert_get_error_message) *)dlsym(h, "v4lconvert_get_error_message"),
    };
    if (api.create && api.destroy && api.convert && api.error_message) *cv4lconvert_state() = api;
}
/* 1 when libv4lconvert is loaded. */
static inline int cv4lconvert_loaded(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, cv4lconvert_load_once);
    return cv4lconvert_state()->create != 0;
}
static inline int cv4lconvert_detached_ioctl(void *priv, int fd, unsigned long request, void *arg) {
    (void)priv; (void)fd;
    if (request == VIDIOC_QUERYCAP) {
        struct v4l2_capability *c = (struct v4l2_capability *)arg;
        memset(c, 0, sizeof *c);
        strcpy((char *)c->driver, "camprobe");
        strcpy((char *)c->card, "camprobe snapshot");
        strcpy((char *)c->bus_info, "camprobe:detached");
        c->capabilities = c->device_caps = V4L2_CAP_VIDEO_CAPTURE | V4L2_CAP_STREAMING;
        return 0;
    }
    if (request == VIDIOC_ENUM_FMT) {
        struct v4l2_fmtdesc *f = (struct v4l2_fmtdesc *)arg;
        if (f->index == 0 && f->type == V4L2_BUF_TYPE_VIDEO_CAPTURE) {
            f->flags = 0;
            f->pixelformat = V4L2_PIX_FMT_RGB24;
            strcpy((char *)f->description, "RGB3");
            return 0;
        }
    }
    errno = EINVAL;
    return -1;
}
/* A converter that touches no device (see above); NULL with errno set on failure. */
static inline struct v4lconvert_data *cv4lconvert_create(void) {
    if (!cv4lconvert_loaded()) { errno = ELIBACC; return 0; }
    static const struct libv4l_dev_ops ops = { .ioctl = cv4lconvert_detached_ioctl };
    return cv4lconvert_state()->create(-1, 0, &ops);
}
static inline void cv4lconvert_destroy(struct v4lconvert_data *data) {
    if (data && cv4lconvert_loaded()) cv4lconvert_state()->destroy(data);
}
/* The converted size in bytes, or -1 (errno ELIBACC when not loaded; else see cv4lconvert_error). */
static inline int cv4lconvert_convert(struct v4lconvert_data *data, const struct v4l2_format *src_fmt,
                                      const struct v4l2_format *dest_fmt, const unsigned char *src, int src_size,
                                      unsigned char *dest, int dest_size) {
    if (!cv4lconvert_loaded()) { errno = ELIBACC; return -1; }
    return cv4lconvert_state()->convert(data, src_fmt, dest_fmt, (unsigned char *)src, src_size, dest, dest_size);
}
static inline const char *cv4lconvert_error(struct v4lconvert_data *data) {
    if (!cv4lconvert_loaded()) return "libv4lconvert is not loaded";
    return cv4lconvert_state()->error_message(data);
}
#endif
