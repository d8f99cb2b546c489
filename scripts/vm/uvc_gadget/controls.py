"""The UVC controls a gadget description can carry: where each lives in the
descriptors (unit, selector, bmControls bit), its wire size, how its
auto/manual coupling works, and the status packet that pushes a change.

Selectors and bit numbers: UVC 1.5, A.9.4 (camera terminal) and A.9.5
(processing unit); the same table is in the kernel's uvcvideo (uvc_ctrl.c,
uvc_ctrls[]: `.index` is the bmControls bit). f_uvc's unit IDs: camera
terminal 1, processing unit 2. Writing bmControls needs the patched usb_f_uvc
(build-modules.sh); the stock 6.1 module has them read-only at CT {2, 0, 0}
(auto-exposure mode) and PU {1, 0} (brightness).
"""

import struct

CAMERA_TERMINAL_ID, PROCESSING_UNIT_ID = 1, 2
CT, PU = CAMERA_TERMINAL_ID, PROCESSING_UNIT_ID
CT_BYTES, PU_BYTES = 3, 2  # f_uvc's bControlSize for each
STOCK_CT, STOCK_PU = bytes([2, 0, 0]), bytes([1, 0])

# name in a description -> (unit, selector, bmControls bit, size, signed)
TABLE = {
    "auto_exposure_mode": (CT, 0x02, 1, 1, False),  # bitmap of modes: 1 manual, 2 auto, 4 shutter, 8 aperture
    "exposure_dynamic_framerate": (CT, 0x03, 2, 1, False),  # AE priority: 0 constant rate, 1 may drop
    "exposure_time_absolute": (CT, 0x04, 3, 4, False),  # 100 µs units
    "focus_absolute": (CT, 0x06, 5, 2, False),
    "zoom_absolute": (CT, 0x0B, 9, 2, False),
    "focus_automatic_continuous": (CT, 0x08, 17, 1, False),
    "privacy": (CT, 0x11, 18, 1, False),
    # UVC 1.5 region of interest: wROI_Top, wROI_Left, wROI_Bottom, wROI_Right, bmAutoControls (five
    # 16-bit fields; values are lists). uvcvideo in 6.1 has no entry for it: it never asks, never maps it.
    "region_of_interest": (CT, 0x14, 21, 10, False),
    "brightness": (PU, 0x02, 0, 2, True),
    "contrast": (PU, 0x03, 1, 2, False),
    "hue": (PU, 0x06, 2, 2, True),
    "saturation": (PU, 0x07, 3, 2, False),
    "sharpness": (PU, 0x08, 4, 2, False),
    "gamma": (PU, 0x09, 5, 2, False),
    "white_balance_temperature": (PU, 0x0A, 6, 2, False),
    "backlight_compensation": (PU, 0x01, 8, 2, False),
    "gain": (PU, 0x04, 9, 2, False),
    "power_line_frequency": (PU, 0x05, 10, 1, False),
    "white_balance_automatic": (PU, 0x0B, 12, 1, False),
}

# V4L2 names (as v4l2-ctl prints them, old and new) -> the names above.
V4L2_NAMES = {
    "auto_exposure": "auto_exposure_mode",
    "exposure_auto": "auto_exposure_mode",
    "exposure_dynamic_framerate": "exposure_dynamic_framerate",
    "exposure_auto_priority": "exposure_dynamic_framerate",
    "exposure_time_absolute": "exposure_time_absolute",
    "exposure_absolute": "exposure_time_absolute",
    "focus_absolute": "focus_absolute",
    "zoom_absolute": "zoom_absolute",
    "focus_automatic_continuous": "focus_automatic_continuous",
    "focus_auto": "focus_automatic_continuous",
    "privacy": "privacy",
    "brightness": "brightness",
    "contrast": "contrast",
    "hue": "hue",
    "saturation": "saturation",
    "sharpness": "sharpness",
    "gamma": "gamma",
    "white_balance_temperature": "white_balance_temperature",
    "backlight_compensation": "backlight_compensation",
    "gain": "gain",
    "power_line_frequency": "power_line_frequency",
    "white_balance_automatic": "white_balance_automatic",
    "white_balance_temperature_auto": "white_balance_automatic",
}

# Auto/manual pairs, as a camera couples them: the automatic control, the manual
# one it takes over, and whether a value of the automatic one means "automatic".
# While automatic, the device sets the manual control itself (its description's
# "auto" value, else its default), pushes that change on the status endpoint,
# and refuses SET_CUR on it with "wrong state" (request error code 2).
COUPLINGS = {
    "auto_exposure_mode": ("exposure_time_absolute", lambda v: v in (2, 8)),
    "white_balance_automatic": ("white_balance_temperature", lambda v: v == 1),
    "focus_automatic_continuous": ("focus_absolute", lambda v: v == 1),
}

INFO_GET_SET = 0x03
INFO_AUTOUPDATE = 0x08  # GET_INFO D3: the device may change the value (uvcvideo: volatile, status events)


def bm_controls(names):
    """(camera terminal bytes, processing unit bytes) for the described control names."""
    ct, pu = bytearray(CT_BYTES), bytearray(PU_BYTES)
    for n in names:
        unit, _, bit, _, _ = TABLE[n]
        target = ct if unit == CT else pu
        target[bit // 8] |= 1 << (bit % 8)
    return bytes(ct), bytes(pu)


def unknown(names):
    return sorted(n for n in names if n not in TABLE)


def status_packet(name, value_bytes):
    """A VideoControl status packet (UVC 1.5, 2.4.2.2): control `name` changed its value."""
    unit, selector, _, _, _ = TABLE[name]
    return bytes([0x01, unit, 0x00, selector, 0x00]) + bytes(value_bytes)


def pack(size, signed, v):
    if size == 10:
        return struct.pack("<5H", *v)
    fmt = {1: "b", 2: "h", 4: "i"}[size] if signed else {1: "B", 2: "H", 4: "I"}[size]
    return struct.pack("<" + fmt, v)


def unpack(size, signed, data):
    if size == 10:
        return list(struct.unpack_from("<5H", data.ljust(10, b"\0")))
    fmt = {1: "b", 2: "h", 4: "i"}[size] if signed else {1: "B", 2: "H", 4: "I"}[size]
    return struct.unpack_from("<" + fmt, data.ljust(size, b"\0"))[0]
