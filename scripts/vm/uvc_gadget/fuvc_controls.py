"""Patches Linux 6.1's usb_f_uvc sources (drivers/usb/gadget/function/) so that a
gadget can describe and push controls as a camera does:

- uvc_configfs.c: the camera terminal's and processing unit's `bmControls`
  become writable (stock 6.1 has them read-only, fixed at auto-exposure mode and
  brightness). A write is the bytes as `show` prints them (decimal, one per
  line or space-separated), exactly bControlSize of them (3 and 2), refused
  once the function is linked into a configuration.
- uvc_v4l2.c: a private ioctl on the g_uvc node, UVCIOC_CAMPROBE_SEND_STATUS
  (_IOW('U', 0x40, struct uvc_request_data)), queues its bytes (1..16, the
  interrupt endpoint's wMaxPacketSize) as one transfer on the VideoControl
  interrupt endpoint: a status packet (UVC 1.5, 2.4.2.2). Stock 6.1 enables
  that endpoint but never queues anything on it.
- f_uvc.c: the module is tagged (MODULE_INFO camprobe_controls=status) so that
  `uvc-gadget up` can tell it from the stock one.
- then fuvc_alts.py: the camera's table of streaming alternate settings
  (configfs `camprobe_alts`; tag camprobe_alts=VERSION).

Usage: fuvc_controls.py DIR   (DIR holds the three files; patched in place)
"""

import os
import sys

PARSE_FN = r"""
/* camprobe: parses exactly n bytes written as show prints them. */
static ssize_t camprobe_bm_parse(const char *page, size_t len, u8 *out, unsigned int n)
{
	u8 v[8];
	unsigned int got = 0;
	const char *p = page, *end = page + len;

	if (n > sizeof(v))
		return -EINVAL;
	while (p < end) {
		unsigned int x;
		int used = 0;

		while (p < end && isspace(*p))
			p++;
		if (p >= end || !*p)
			break;
		if (got >= n || sscanf(p, "%u%n", &x, &used) != 1 || x > 255 || used <= 0)
			return -EINVAL;
		v[got++] = x;
		p += used;
	}
	if (got != n)
		return -EINVAL;
	memcpy(out, v, n);
	return len;
}
"""

STORE_FN = r"""
/* camprobe: writable bmControls (%(what)s). */
static ssize_t uvcg_default_%(kind)s_bm_controls_store(
	struct config_item *item, const char *page, size_t len)
{
	struct config_group *group = to_config_group(item);
	struct f_uvc_opts *opts;
	struct config_item *opts_item;
	struct mutex *su_mutex = &group->cg_subsys->su_mutex;
	%(struct)s *d;
	ssize_t ret;

	mutex_lock(su_mutex);
	opts_item = group->cg_item.ci_parent->ci_parent->ci_parent%(extra)s;
	opts = to_f_uvc_opts(opts_item);
	d = &opts->%(field)s;
	mutex_lock(&opts->lock);
	if (opts->refcnt)
		ret = -EBUSY;
	else
		ret = camprobe_bm_parse(page, len, d->bmControls, d->bControlSize);
	mutex_unlock(&opts->lock);
	mutex_unlock(su_mutex);
	return ret;
}

UVC_ATTR(uvcg_default_%(kind)s_, bm_controls, bmControls);
"""

STATUS_FN = r"""
/* camprobe: a status packet on the VideoControl interrupt endpoint. */
#define UVCIOC_CAMPROBE_SEND_STATUS _IOW('U', 0x40, struct uvc_request_data)

static void camprobe_status_complete(struct usb_ep *ep, struct usb_request *req)
{
	kfree(req->buf);
	usb_ep_free_request(ep, req);
}

static int camprobe_send_status(struct uvc_device *uvc, const struct uvc_request_data *data)
{
	struct usb_ep *ep = uvc->control_ep;
	struct usb_request *req;
	int ret;

	if (data->length <= 0 || data->length > 16)
		return -EINVAL;
	if (!ep || !ep->enabled)
		return -ENOTCONN;
	req = usb_ep_alloc_request(ep, GFP_KERNEL);
	if (!req)
		return -ENOMEM;
	req->buf = kmemdup(data->data, data->length, GFP_KERNEL);
	if (!req->buf) {
		usb_ep_free_request(ep, req);
		return -ENOMEM;
	}
	req->length = data->length;
	req->complete = camprobe_status_complete;
	ret = usb_ep_queue(ep, req, GFP_KERNEL);
	if (ret < 0) {
		kfree(req->buf);
		usb_ep_free_request(ep, req);
	}
	return ret;
}

static long
uvc_v4l2_ioctl_default("""


def patch(path, pairs):
    s = open(path).read()
    for old, new in pairs:
        if s.count(old) != 1:
            sys.exit(
                "fuvc_controls.py: %s does not look like 6.1's (%r found %d times)" % (path, old[:60], s.count(old))
            )
        s = s.replace(old, new, 1)
    open(path, "w").write(s)


def main(d):
    cam = STORE_FN % {
        "what": "camera terminal",
        "kind": "camera",
        "struct": "struct uvc_camera_terminal_descriptor",
        "extra": "->\n\t\t\tci_parent",
        "field": "uvc_camera_terminal",
    }
    pu = STORE_FN % {
        "what": "processing unit",
        "kind": "processing",
        "struct": "struct uvc_processing_unit_descriptor",
        "extra": "",
        "field": "uvc_processing",
    }
    patch(
        os.path.join(d, "uvc_configfs.c"),
        [
            ("#include <linux/sort.h>\n", "#include <linux/sort.h>\n#include <linux/ctype.h>\n" + PARSE_FN),
            ("\nUVC_ATTR_RO(uvcg_default_processing_, bm_controls, bmControls);\n", pu),
            ("\nUVC_ATTR_RO(uvcg_default_camera_, bm_controls, bmControls);\n", cam),
        ],
    )
    patch(
        os.path.join(d, "uvc_v4l2.c"),
        [
            ("#include <linux/vmalloc.h>\n", "#include <linux/vmalloc.h>\n#include <linux/slab.h>\n"),
            ("\nstatic long\nuvc_v4l2_ioctl_default(", STATUS_FN),
            (
                "\tcase UVCIOC_SEND_RESPONSE:\n\t\treturn uvc_send_response(uvc, arg);\n",
                "\tcase UVCIOC_SEND_RESPONSE:\n\t\treturn uvc_send_response(uvc, arg);\n\n"
                "\tcase UVCIOC_CAMPROBE_SEND_STATUS:\n\t\treturn camprobe_send_status(uvc, arg);\n",
            ),
        ],
    )
    patch(
        os.path.join(d, "f_uvc.c"),
        [('MODULE_LICENSE("GPL");\n', 'MODULE_LICENSE("GPL");\nMODULE_INFO(camprobe_controls, "status");\n')],
    )
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import fuvc_alts

    fuvc_alts.main(d)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: fuvc_controls.py DIR")
    main(sys.argv[1])
