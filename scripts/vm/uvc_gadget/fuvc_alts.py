"""Patches Linux 6.1's usb_f_uvc sources (drivers/usb/gadget/function/) so that a
gadget offers a camera's real table of streaming alternate settings at high
speed, instead of stock f_uvc's single alt 1 sized by streaming_maxpacket:

- u_uvc.h, uvc_configfs.c: a function attribute `camprobe_alts` (configfs,
  next to streaming_maxpacket): the wMaxPacketSize of each alternate setting
  1..N in order, as the endpoint descriptor carries it (bits 10..0 the packet
  size 1..1024, bits 12..11 the extra transactions per microframe 0..2; e.g.
  0x13fc = 3 x 1020), space-separated, at most 32. Empty (the default): stock
  behaviour, one alt. Refused (EBUSY) once the function is linked.
- f_uvc.c, uvc.h: at bind, when camprobe_alts is set, the high-speed streaming
  interface gets N alternate settings (interface descriptor + isochronous IN
  endpoint each, same endpoint address, bInterval 1). SET_INTERFACE accepts
  alt 1..N; the video endpoint is configured from the chosen alt's descriptor
  (config_ep_by_speed_and_alt), so f_uvc's requests are that alt's maxp x mult
  bytes; GET_INTERFACE answers the alt in use. Full and super speed keep the
  stock single alt. The host's choice is visible as the VideoStreaming
  interface's bAlternateSetting in its sysfs.
- f_uvc.c: MODULE_INFO(camprobe_alts, VERSION); build-modules.sh rebuilds an
  installed module whose tag differs (bump VERSION when this patch changes).

Applied by fuvc_controls.py (build-modules.sh runs that on the extracted
directory). Usage alone: fuvc_alts.py DIR
"""

import os
import sys

VERSION = "1"
MAX_ALTS = 32

OPTS_FIELDS = (
    r"""	unsigned int					streaming_maxburst;

	/* camprobe: high-speed streaming alternate settings 1..N (wMaxPacketSize each; 0 = stock). */
	unsigned int					camprobe_nalts;
	u16						camprobe_alts[%d];
"""
    % MAX_ALTS
)

DEV_FIELDS = r"""	struct usb_ep *control_ep;

	/* camprobe: the alternate-setting table (fuvc_alts.py) */
	unsigned int camprobe_nalts;
	unsigned int camprobe_alt;
	struct usb_descriptor_header **camprobe_hs_std;
"""

ATTR_FN = r"""
/* camprobe: the streaming alternate settings (wMaxPacketSize of alts 1..N). */
static ssize_t f_uvc_opts_camprobe_alts_show(struct config_item *item, char *page)
{
	struct f_uvc_opts *opts = to_f_uvc_opts(item);
	unsigned int i;
	int n = 0;

	mutex_lock(&opts->lock);
	for (i = 0; i < opts->camprobe_nalts; i++)
		n += sprintf(page + n, "%%s0x%%04x", i ? " " : "", opts->camprobe_alts[i]);
	n += sprintf(page + n, "\n");
	mutex_unlock(&opts->lock);
	return n;
}

static ssize_t f_uvc_opts_camprobe_alts_store(struct config_item *item,
					      const char *page, size_t len)
{
	struct f_uvc_opts *opts = to_f_uvc_opts(item);
	u16 v[%(max)d];
	unsigned int got = 0;
	const char *p = page, *end = page + len;
	ssize_t ret = len;

	while (p < end) {
		unsigned int x;
		int used = 0;

		while (p < end && isspace(*p))
			p++;
		if (p >= end || !*p)
			break;
		if (got >= %(max)d || sscanf(p, "%%i%%n", &x, &used) != 1 || used <= 0)
			return -EINVAL;
		/* packet size 1..1024, 0..2 extra transactions, nothing else */
		if ((x & 0x7ff) == 0 || (x & 0x7ff) > 1024 || ((x >> 11) & 3) > 2 || (x >> 13))
			return -EINVAL;
		v[got++] = x;
		p += used;
	}
	mutex_lock(&opts->lock);
	if (opts->refcnt) {
		ret = -EBUSY;
	} else {
		memcpy(opts->camprobe_alts, v, got * sizeof(v[0]));
		opts->camprobe_nalts = got;
	}
	mutex_unlock(&opts->lock);
	return ret;
}

UVC_ATTR(f_uvc_opts_, camprobe_alts, camprobe_alts);

static struct configfs_attribute *uvc_attrs[] = {
	&f_uvc_opts_attr_streaming_interval,
	&f_uvc_opts_attr_streaming_maxpacket,
	&f_uvc_opts_attr_streaming_maxburst,
	&f_uvc_opts_attr_camprobe_alts,
""" % {"max": MAX_ALTS}

BIND_EP = r"""	/* camprobe: the endpoint is claimed with the largest alternate setting. */
	if (opts->camprobe_nalts) {
		unsigned int i, best = 0, bytes;

		for (i = 0; i < opts->camprobe_nalts; i++) {
			bytes = (opts->camprobe_alts[i] & 0x7ff) * (1 + ((opts->camprobe_alts[i] >> 11) & 3));
			if (bytes > best) {
				best = bytes;
				uvc_hs_streaming_ep.wMaxPacketSize = cpu_to_le16(opts->camprobe_alts[i]);
			}
		}
		uvc_hs_streaming_ep.bInterval = 1;
	}

	uvc_ss_streaming_ep.wMaxPacketSize = cpu_to_le16(max_packet_size);"""

BIND_DESC = r"""	/* camprobe: the high-speed alternate settings 1..N. */
	kfree(uvc->camprobe_hs_std);
	uvc->camprobe_hs_std = NULL;
	uvc->camprobe_nalts = opts->camprobe_nalts;
	uvc->camprobe_alt = 1;
	if (opts->camprobe_nalts) {
		unsigned int i, n = opts->camprobe_nalts;
		struct usb_descriptor_header **hdr;
		struct usb_interface_descriptor *intf;
		struct usb_endpoint_descriptor *sep;

		hdr = kzalloc((2 * n + 1) * sizeof(*hdr) + n * (sizeof(*intf) + sizeof(*sep)), GFP_KERNEL);
		if (!hdr) {
			ret = -ENOMEM;
			goto error;
		}
		intf = (void *)(hdr + 2 * n + 1);
		sep = (void *)(intf + n);
		for (i = 0; i < n; i++) {
			intf[i] = uvc_streaming_intf_alt1;
			intf[i].bAlternateSetting = i + 1;
			sep[i] = uvc_hs_streaming_ep;
			sep[i].wMaxPacketSize = cpu_to_le16(opts->camprobe_alts[i]);
			sep[i].bInterval = 1;
			hdr[2 * i] = (struct usb_descriptor_header *)&intf[i];
			hdr[2 * i + 1] = (struct usb_descriptor_header *)&sep[i];
		}
		hdr[2 * n] = NULL;
		uvc->camprobe_hs_std = hdr;
		uvcg_info(f, "camprobe: %u streaming alternate settings\n", n);
	}

	/* Copy descriptors */
"""

SET_ALT = r"""	/* camprobe: alts 1..N all stream; the endpoint follows the chosen one. */
	if (alt > max(1U, uvc->camprobe_nalts))
		return -EINVAL;
	if (alt) {
		uvc->camprobe_alt = alt;
		alt = 1;
	}

	switch (alt) {
	case 0:
		if (uvc->state != UVC_STATE_STREAMING)"""


def patch(path, pairs):
    s = open(path).read()
    for old, new in pairs:
        if s.count(old) != 1:
            sys.exit("fuvc_alts.py: %s does not look like 6.1's (%r found %d times)" % (path, old[:60], s.count(old)))
        s = s.replace(old, new, 1)
    open(path, "w").write(s)


def main(d):
    patch(os.path.join(d, "u_uvc.h"), [("\tunsigned int\t\t\t\t\tstreaming_maxburst;\n", OPTS_FIELDS)])
    patch(os.path.join(d, "uvc.h"), [("\tstruct usb_ep *control_ep;\n", DEV_FIELDS)])
    cf = os.path.join(d, "uvc_configfs.c")
    if "#include <linux/ctype.h>" not in open(cf).read():
        patch(cf, [("#include <linux/sort.h>\n", "#include <linux/sort.h>\n#include <linux/ctype.h>\n")])
    patch(
        cf,
        [
            (
                "\nstatic struct configfs_attribute *uvc_attrs[] = {\n"
                "\t&f_uvc_opts_attr_streaming_interval,\n"
                "\t&f_uvc_opts_attr_streaming_maxpacket,\n"
                "\t&f_uvc_opts_attr_streaming_maxburst,\n",
                ATTR_FN,
            )
        ],
    )
    patch(
        os.path.join(d, "f_uvc.c"),
        [
            (
                "\t\treturn uvc->video.ep->enabled ? 1 : 0;\n",
                "\t\treturn uvc->video.ep->enabled ? uvc->camprobe_alt : 0;\n",
            ),
            ("\tswitch (alt) {\n\tcase 0:\n\t\tif (uvc->state != UVC_STATE_STREAMING)", SET_ALT),
            (
                "\t\tret = config_ep_by_speed(f->config->cdev->gadget,\n\t\t\t\t&(uvc->func), uvc->video.ep);\n",
                "\t\tret = config_ep_by_speed_and_alt(f->config->cdev->gadget,\n"
                "\t\t\t\t&(uvc->func), uvc->video.ep, uvc->camprobe_alt);\n",
            ),
            (
                "\t\tuvc_streaming_std = uvc_hs_streaming;\n",
                "\t\tuvc_streaming_std = uvc->camprobe_hs_std\n"
                "\t\t\t? (const struct usb_descriptor_header * const *)uvc->camprobe_hs_std\n"
                "\t\t\t: uvc_hs_streaming;\n",
            ),
            ("\tuvc_ss_streaming_ep.wMaxPacketSize = cpu_to_le16(max_packet_size);", BIND_EP),
            ("\t/* Copy descriptors */\n", BIND_DESC),
            (
                "\tusb_free_all_descriptors(f);\n\treturn ret;\n}\n",
                "\tusb_free_all_descriptors(f);\n\tkfree(uvc->camprobe_hs_std);\n\tuvc->camprobe_hs_std = NULL;\n\treturn ret;\n}\n",
            ),
            (
                "\tusb_free_all_descriptors(f);\n}\n\nstatic struct usb_function *uvc_alloc(",
                "\tusb_free_all_descriptors(f);\n\tkfree(uvc->camprobe_hs_std);\n\tuvc->camprobe_hs_std = NULL;\n}\n\n"
                "static struct usb_function *uvc_alloc(",
            ),
            ('MODULE_LICENSE("GPL");\n', 'MODULE_LICENSE("GPL");\nMODULE_INFO(camprobe_alts, "%s");\n' % VERSION),
        ],
    )


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: fuvc_alts.py DIR")
    main(sys.argv[1])
