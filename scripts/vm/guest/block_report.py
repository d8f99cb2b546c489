"""After the guests (on the host): which guest ran which block in how many seconds, and a failure for every
selected block that no guest finished or that two guests ran (block_queue.py says how they share the blocks).

Reads OUTDIR/GUEST/xunit-vm.xml (a <testsuite> per block that ended, with its seconds) and OUTDIR/claims/,
prints the summary and writes the failures to OUTDIR/xunit-queue.xml, which scripts/test counts with the
guests' own files (no <testcase> at all when every block ran once).
"""

import os
import xml.etree.ElementTree as ET

from .block_queue import CLAIMS

QUEUE_XUNIT = "xunit-queue.xml"


def guest_runs(root: str) -> dict[str, list[tuple[str, float]]]:
    """{guest: [(block, seconds)] in the order it ran them} from every ROOT/GUEST/xunit-vm.xml;
    a file that does not parse is a guest that ran nothing (scripts/test counts that file as a failure)."""
    runs: dict[str, list[tuple[str, float]]] = {}
    for guest in sorted(os.listdir(root)) if os.path.isdir(root) else []:
        path = os.path.join(root, guest, "xunit-vm.xml")
        if not os.path.isfile(path):
            continue
        try:
            suites = ET.parse(path).getroot().iter("testsuite")
            runs[guest] = [(s.get("name", "?"), float(s.get("time", "0"))) for s in suites if s.get("name") != "setup"]
        except (OSError, ET.ParseError, ValueError):
            runs[guest] = []
    return runs


def claimant(root: str, block: str) -> str:
    """Who claimed BLOCK ("guest b at 1764400000"), or '' when nobody did."""
    try:
        with open(os.path.join(root, CLAIMS, block)) as f:
            words = f.read().split()
    except OSError:
        return ""
    return "guest %s at %s" % tuple((words + ["?", "?"])[:2])


def problems(selected: list[str], runs: dict[str, list[tuple[str, float]]], root: str) -> dict[str, str]:
    """{block: why it fails} for each selected block that no guest finished or that more than one guest ran."""
    ran: dict[str, list[str]] = {}
    for guest, blocks in runs.items():
        for block, _ in blocks:
            ran.setdefault(block, []).append(guest)
    out = {}
    for block in selected:
        guests = ran.get(block, [])
        if len(guests) > 1:
            out[block] = "run by guests %s: two guests claimed one block" % " and ".join(guests)
        elif not guests:
            who = claimant(root, block)
            out[block] = (
                "claimed by %s, which stopped before it finished the block (see that guest's guest.log)" % who
                if who
                else "no guest claimed it (did every guest stop early? see vm.log)"
            )
    return out


def write_xunit(path: str, failed: dict[str, str]) -> None:
    root = ET.Element("testsuites", name="camprobe-vm-queue", tests=str(len(failed)), failures=str(len(failed)))
    suite = ET.SubElement(root, "testsuite", name="queue", tests=str(len(failed)), failures=str(len(failed)))
    for block, why in failed.items():
        case = ET.SubElement(suite, "testcase", classname=block, name="block %s ran in exactly one guest" % block)
        ET.SubElement(case, "failure", message=why).text = why
    tmp = path + ".tmp"
    ET.ElementTree(root).write(tmp, encoding="utf-8", xml_declaration=True)
    os.replace(tmp, path)


def report(root: str, selected: list[str]) -> int:
    """Prints who ran what, writes ROOT/xunit-queue.xml; returns the number of failed blocks."""
    runs = guest_runs(root)
    for guest, blocks in runs.items():
        busy = sum(t for _, t in blocks)
        print(
            "vm: guest %s ran %d blocks in %.0f s: %s"
            % (guest, len(blocks), busy, ", ".join("%s %.0f" % b for b in blocks)),
            flush=True,
        )
    rows = sorted(((t, b, g) for g, blocks in runs.items() for b, t in blocks), reverse=True)
    for t, b, g in rows:
        print("time: %-18s guest %s %6.1f s" % (b, g, t), flush=True)
    failed = problems(selected, runs, root)
    for block, why in failed.items():
        print("FAIL block %s ran in exactly one guest: %s" % (block, why), flush=True)
    write_xunit(os.path.join(root, QUEUE_XUNIT), failed)
    print("vm: %d of %d blocks ran, once each" % (len(selected) - len(failed), len(selected)), flush=True)
    return len(failed)
