"""Where from_fixture.py finds a fixture's dumps: its files, its SOURCE.md, the --list-formats-ext text to use."""

import os
import re

from from_fixture_parse import parse_formats


def read(path: str) -> str:
    """A dump's text (undecodable bytes replaced)."""
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def fixture_source(path: str) -> str:
    """`fixtures/v4l2-ctl/NAME[/FILE]` for a dump under any `fixtures/v4l2-ctl/` or the repo's
    `Tests/Fixtures/v4l2-ctl/` (the same files), else the path as given."""
    m = re.search(r"(?:^|/)(?:fixtures|Fixtures)/(v4l2-ctl/.+)$", os.path.abspath(path))
    return "fixtures/" + m.group(1) if m else path


def fixture_files(path: str) -> tuple[str, list[str]]:
    """The fixture's directory and its files (PATH alone when it is a file)."""
    if os.path.isfile(path):
        return os.path.dirname(path) or ".", [path]  # describe() adds the files beside it
    names = sorted(os.listdir(path))
    return path, [os.path.join(path, n) for n in names if os.path.isfile(os.path.join(path, n))]


def pick_listing(files: list[str]) -> tuple[str | None, list[str]]:
    """The listing the description replays: list-formats-ext.txt, else the first
    list-formats-ext*.txt with video formats; the others are reported."""
    listings = [f for f in files if os.path.basename(f).startswith("list-formats-ext")]
    if len(listings) <= 1:
        return (listings[0] if listings else None), []
    primary = None
    for f in listings:
        if os.path.basename(f) == "list-formats-ext.txt":
            primary = f
    if primary is None:
        for f in listings:
            if parse_formats(read(f)) and "metadata" not in f:
                primary = f
                break
    return primary, [f for f in listings if f != primary]
