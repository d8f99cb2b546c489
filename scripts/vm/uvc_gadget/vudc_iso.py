"""Patches drivers/usb/usbip/vudc_transfer.c (Linux 6.1) so that isochronous
URBs are served: each packet of the URB takes the next usb_request queued on
the endpoint (f_uvc queues one request per packet), the packet's actual_length
is what was copied (0 when the gadget had nothing queued), the request is
given back, and the URB completes with status 0. The module is tagged
(MODULE_INFO camprobe_iso=isochronous) so that `uvc-gadget up` can tell it from
the stock one."""

import os
import sys

ISO_FN = r"""
/* camprobe: isochronous transfers, one usb_request per packet; lock held. */
static void transfer_iso(struct vudc *udc, struct urb *urb, struct vep *ep)
{
	struct vrequest *req;
	int i;

	urb->actual_length = 0;
	urb->error_count = 0;
	for (i = 0; i < urb->number_of_packets; i++) {
		struct usb_iso_packet_descriptor *d = &urb->iso_frame_desc[i];
		unsigned int len;

		d->actual_length = 0;
		d->status = 0;
		if (list_empty(&ep->req_queue))
			continue;
		req = list_first_entry(&ep->req_queue, struct vrequest, req_entry);
		len = min_t(unsigned int, d->length, req->req.length - req->req.actual);
		if (usb_pipein(urb->pipe))
			memcpy(urb->transfer_buffer + d->offset, req->req.buf + req->req.actual, len);
		else
			memcpy(req->req.buf + req->req.actual, urb->transfer_buffer + d->offset, len);
		req->req.actual += len;
		d->actual_length = len;
		urb->actual_length += len;
		req->req.status = 0;
		list_del_init(&req->req_entry);
		spin_unlock(&udc->lock);
		usb_gadget_giveback_request(&ep->ep, &req->req);
		spin_lock(&udc->lock);
	}
	urb->status = 0;
}

static void v_timer(struct timer_list *t)
"""

path = sys.argv[1]
if os.path.isdir(path):
    path = os.path.join(path, "vudc_transfer.c")
s = open(path).read()
old_case = "\t\t\t/* TODO: support */\n\t\t\turb->status = -EXDEV;\n"
if old_case not in s or "static void v_timer(struct timer_list *t)\n" not in s:
    sys.exit("vudc_iso.py: %s does not look like 6.1's vudc_transfer.c" % path)
s = s.replace(old_case, "\t\t\ttransfer_iso(udc, urb, ep);\n", 1)
s = s.replace("static void v_timer(struct timer_list *t)\n", ISO_FN.lstrip("\n"), 1)
s += '\nMODULE_INFO(camprobe_iso, "isochronous");\n'
open(path, "w").write(s)
