"""ffprobe and the guest's peer tools, as the recorder and the UVC blocks read recordings with them."""

import json
import os
import shutil
from typing import Any

from guest.harness import Suite, run


def tool(name: str) -> str:
    """The path of a peer tool in the guest, or an AssertionError saying where it comes from."""
    path = shutil.which(name)
    assert path, (
        "%s is not installed in the guest (the guest runs the host's root: install ffmpeg on the host, "
        "scripts/install-deps.sh)" % name
    )
    return path


def tail(text: str, n: int = 300) -> str:
    """The last N characters of TEXT on one line, for a failure message."""
    text = text.strip()
    return ("…" + text[-n:] if len(text) > n else text).replace("\n", " | ") or "(empty)"


def ffprobe_json(s: Suite, path: str, entries: str, name: str, count: bool = False) -> Any:
    """ffprobe's JSON for PATH's ENTRIES (NAME.json and NAME.err in the results); an AssertionError when ffprobe
    fails, complains or prints no JSON."""
    assert os.path.exists(path), "%s does not exist" % path
    argv = (
        [tool("ffprobe"), "-v", "error"]
        + (["-count_frames"] if count else [])
        + ["-show_entries", entries, "-of", "json", path]
    )
    r = run(argv, stdout=s.path(name + ".json"), stderr=s.path(name + ".err"), timeout=300)
    assert r.rc == 0, "ffprobe exit %d: %s" % (r.rc, tail(r.err))
    assert not r.err.strip(), "ffprobe reported errors: %s" % tail(r.err)
    try:
        return json.loads(r.out)
    except ValueError as e:
        raise AssertionError("ffprobe's JSON does not parse (%s): %s" % (e, tail(r.out))) from e


def first_stream(d: dict[str, Any]) -> dict[str, Any]:
    """The first stream ffprobe found, or an AssertionError."""
    streams = d.get("streams") or []
    assert streams, "ffprobe found no stream: %s" % d
    return streams[0]
