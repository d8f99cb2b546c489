/// `--help`: the options, the stops and what a killed recorder leaves.
let usage = """
    camprobe-recorder-example [DEVICE] [--preset P | --size WxH --fps F --format FOURCC] [--output PREFIX]
                              [--max-duration S] [--max-size BYTES] [--min-free-space BYTES] [--progress]
                              [--wait] [--resume] [--microphone SELECTOR] [--no-audio]
                              [--hold-locked S] [--hold-unlocked S] [--profile FILE]

    Records a camera (MJPEG to PREFIX.avi, raw formats to PREFIX.y4m) and its microphone
    (PREFIX.wav) through camprobe's public API. DEVICE is a list index, a stable ID, a node
    path or part of the name (default: the first camera).

    When it stops (each prints "Stopped: WHY" once the files are finished, and exits 0):
      --max-duration S      after S seconds of media (default 5; --seconds S is the same option;
                            0 configures the camera without recording, as with the holds below)
      --max-size BYTES      before a write would take a file past BYTES (K, M, G suffixes: 500M)
      --min-free-space BYTES  when the free space where the files are falls below BYTES (checked every 0.5 s)
      SIGINT, SIGTERM       at the next frame (within 1 s if the camera stops delivering);
                            a second signal kills it at once
    On unplug it finishes its files and says "Disconnected:"; --resume records again when the
    camera is back (PREFIX-2, -3, ...).

    Killed (SIGKILL, a crash): no data waits in the recorder's memory; every write(2) has
    reached the kernel, so the files hold every frame and buffer written but the one in flight.
    The .y4m has no header to update; the .avi's and .wav's headers (sizes, frame counts) are
    rewritten after every frame and every audio buffer (pwrite, no fsync), so they describe all
    of it. A killed .avi has no index (it is written at the end; readers scan the file). Files
    are fsynced only when finished: a power cut may lose what the kernel had not yet written.

    Other options:
      --format FOURCC       prefer that pixel format (MJPG, YUYV, ...) when negotiating the mode
      --progress            print "Progress: N frames, B bytes to PATH at monotonic T s" at the first frame and
                            every second after ("N audio frames" for the .wav); T is CLOCK_MONOTONIC
      --wait                wait for a camera (or microphone) to be plugged in
      --microphone SEL      record that microphone instead of the camera's own; with no DEVICE, audio only
      --no-audio            no microphone
      --hold-locked S       keep the configuration lock S seconds after applying, then unlock;
      --hold-unlocked S     then keep the camera open S seconds more (to show what the lock does)
      --profile FILE        negotiate for a saved profile (it cannot be recorded)
    """
