"""Block recorder (P15): the library a recorder reuses. The recorder example
(Examples/Recorder, camprobe's public API only) records vivid to a .y4m that
ffprobe reads at the asked size and rate; its configuration lock keeps
v4l2-ctl and `camprobe apply` out (naming its pid) and lets them in once it
unlocks while it still holds the camera open; a camera unplugged mid-record
leaves a playable file and a clean exit; on vimc one sensor held does not block
the other; audio from snd-aloop lands in a .wav whose peak equals what
`camprobe levels` reads. P20: recordings survive — on vivid (.y4m), the UVC
gadget (MJPEG .avi) and snd-aloop (.wav), kill -9 after 5 s leaves a file
ffprobe reads with >= 4 s and every frame counted before the kill; SIGINT
finishes the file (frames and duration as the recorder says); --max-duration,
--max-size and --min-free-space stop with their reason.

The recorder's command-line contract (stdout, one line per event, flushed):
  Camera: NAME (ID) / Decision: … / Applied: … / Locked: … / Unlocked: … /
  Recording: PATH / Recorded: N frames, D dropped, at F fps to PATH /
  Recording audio: PATH / Recorded audio: N frames at R Hz to PATH /
  Disconnected: NAME went away; closed PATH after N frames /
  Progress: N frames, B bytes to PATH at monotonic T s (--progress, every second) /
  Stopped: WHY (max-duration S s reached, max-size … reached, min-free-space … reached, SIGINT received)
and exit 1 with a message on stderr on errors.
"""

import os

from guest.harness import WEBCAM, first_capture_node, modprobe, rmmod, settle
from guest.recorder_audio import audio
from guest.recorder_survive_cases import survive_uvc, survive_vivid
from guest.recorder_vimc import vimc_sensors
from guest.recorder_vivid import frame_allocations, locks, record_vivid, unplug


def block_recorder(s):
    ex = os.path.join(os.path.dirname(s.c), "camprobe-recorder-example")
    if not s.expect(
        "recorder: the recorder example is built next to camprobe (%s)" % ex,
        os.access(ex, os.X_OK),
        "%s is missing or not executable (swift build --product camprobe-recorder-example)" % ex,
    ):
        return
    modprobe("vivid", *WEBCAM)
    settle()
    node = first_capture_node()
    try:
        record_vivid(s, ex, node)
        frame_allocations(s, node)
        locks(s, ex, node)
        survive_vivid(s, ex, node)
        unplug(s, ex, node)
    finally:
        rmmod("vivid")
        settle()
    vimc_sensors(s, ex)
    audio(s, ex)
    survive_uvc(s, ex)
