"""Block serve, part "compare": the console's pages against the command line (serve-api.md: one `tr.mode` per
(node, format, size, interval) and one `tr.control` per control on a device page; one `tr.planned` per camera of the
/usb page's plan). The pure comparisons take the rows' data- attributes (`dataset`, camelCase keys) and the CLI's
JSON, and return what differs."""

import json
import re
import urllib.parse
from fractions import Fraction
from html.parser import HTMLParser
from typing import Any

from guest.blocks_stable import one_line
from guest.cdp import Browser
from guest.harness import write

# A device page under TCG: the server reads the device (debug build) and Chromium lays out hundreds of rows (the C525's
# 296) while the page's event stream starts; 30-90 s seen, so a page gets up to this long to load.
PAGE_SECONDS = 240


def show_modes(show: dict[str, Any]) -> tuple[list[tuple[str, str, int, int, Fraction]], int]:
    """Every (node, fourcc, width, height, interval) of `show --json`'s discrete sizes and intervals, and how many
    sizes or interval lists were not discrete (not comparable with one row per interval)."""
    rows, other = [], 0
    for cap in show["device"]["captures"]:
        for f in cap["formats"]:
            for size in f["sizes"]:
                ivs = size.get("intervals") or {}
                if size.get("type", "discrete") != "discrete" or ivs.get("type", "discrete") != "discrete":
                    other += 1
                    continue
                for iv in ivs.get("intervals", []):
                    rows.append(
                        (cap["path"], f["fourcc"].strip(), size["width"], size["height"], Fraction(iv["interval"]))
                    )
    return sorted(rows), other


def page_modes(rows: list[dict[str, str]]) -> list[tuple[str | None, str, int | None, int | None, Any]]:
    """The page's `tr.mode` data- attributes as show_modes' tuples (an unreadable field kept as its text); rows of a
    stepwise or continuous size (`data-size-kind`) or interval range, or with no interval, left out as show_modes
    leaves them out."""
    out = []
    for r in rows:
        if r.get("sizeKind", "discrete") != "discrete" or not r.get("interval") or "…" in r.get("interval", ""):
            continue
        try:
            iv: Any = Fraction(r.get("interval") or "")
        except (ValueError, ZeroDivisionError):
            iv = r.get("interval")
        out.append((r.get("node"), (r.get("format") or "").strip(), _int(r.get("width")), _int(r.get("height")), iv))
    return sorted(out, key=repr)


def _int(text: str | None) -> Any:
    try:
        return int(text or "")
    except ValueError:
        return text


def same_value(page: str | None, value: Any) -> bool:
    """Whether a data-value attribute shows the control value `show --json` gives."""
    if page is None:
        return False
    if isinstance(value, bool):
        return page.lower() in (("true", "1") if value else ("false", "0"))
    if value is None:
        return page in ("", "null")
    if isinstance(value, (int, float)):
        try:
            return float(page) == float(value)
        except ValueError:
            return False
    if isinstance(value, str):
        return page == value
    if isinstance(value, list):  # an array control: its elements, space-separated
        return page.split() == [str(v) for v in value]
    if isinstance(value, dict):  # a rect or area: the same numbers
        return sorted(re.findall(r"-?[0-9]+", page)) == sorted(str(v) for v in value.values())
    return False


def compare_controls(rows: list[dict[str, str]], show: dict[str, Any]) -> list[str]:
    """What differs between the page's `tr.control` rows and the controls `show --json` gives for the first capture
    node (the one the page's table is of), control classes left out, volatile controls' values not compared (empty: the
    same)."""
    captures = show["device"]["captures"]
    controls = captures[0]["controls"] if captures else []
    want = [(c["key"], c.get("value")) for c in controls if c.get("type") != "ctrl_class"]
    # A volatile control's value is the driver's of the moment (vivid's gain under autogain counts with jiffies): the
    # page's read and show's, seconds apart, may differ. Its presence is compared, not its value.
    volatile = {c["key"] for c in controls if "volatile" in (c.get("flags") or [])}
    got = [(r.get("control"), r.get("value")) for r in rows]
    wrong = []
    if sorted(k for k, _ in want) != sorted(str(k) for k, _ in got):
        wrong.append(
            "controls %s on the page, %s in show" % (sorted(str(k) for k, _ in got), sorted(k for k, _ in want))
        )
    shown = dict(got)
    for key, value in want:
        if key in shown and key not in volatile and not same_value(shown[key], value):
            wrong.append("%s: page %r, show %r" % (key, shown[key], value))
    return wrong


def compare_plan(rows: list[dict[str, str]], plan: dict[str, Any]) -> list[str]:
    """What differs between the page's `tr.planned` rows and `negotiate --together --json`'s plan (empty: the same)."""
    want = {}
    for c in plan["plan"]["cameras"]:
        ch = c.get("choice") or {}
        iv = (ch.get("frameInterval") or {}).get("interval")
        want[c["id"]] = (
            (ch.get("fourcc") or "").strip(),
            (ch.get("size") or {}).get("width"),
            (ch.get("size") or {}).get("height"),
            Fraction(iv) if iv else None,
        )
    got = {}
    for r in rows:
        m = page_modes([{"node": "", **r}])[0]
        got[r.get("deviceId")] = m[1:]
    return [] if got == want else ["page %s, CLI %s" % (got, want)]


JS_ROWS = "[...document.querySelectorAll(%s)].map(r => Object.assign({}, r.dataset))"


def rows_of(b: Browser, selector: str) -> list[dict[str, str]]:
    return b.evaluate(JS_ROWS % json.dumps(selector))


def device_page(s: Any, b: Browser, a: Any, device: str, which: str) -> None:
    """(2) The device page's modes and controls equal `camprobe show ID --json`."""
    label = "serve-device-" + which
    b.open(a.base + "/devices/" + urllib.parse.quote(device, safe=""), timeout=PAGE_SECONDS)
    b.wait_for("document.querySelectorAll('#modes tr.mode').length > 0", 60)
    b.screenshot(s.path(label + ".png"))
    compare_device(s, label, which, device, rows_of(b, "#modes tr.mode"), rows_of(b, "#controls tr.control"), "DOM")


def compare_device(
    s: Any,
    label: str,
    which: str,
    device: str,
    modes: list[dict[str, str]],
    controls: list[dict[str, str]],
    source: str,
) -> None:
    write(s.path(label + ".json"), json.dumps({"modes": modes, "controls": controls}, indent=1) + "\n")
    r = s.camprobe("show", device, "--json", stdout=s.path(label + "-show.json"), stderr=s.path(label + "-show.err"))

    def check() -> str:
        assert r.rc == 0, "show exit %d: %s" % (r.rc, one_line(r.err))
        show = json.loads(r.out)
        want, other = show_modes(show)
        got = page_modes(modes)
        missing, extra = [m for m in want if m not in got], [m for m in got if m not in want]
        assert not missing and not extra and len(got) == len(want), (
            "%d modes on the page, %d in show; not on the "
            "page %s; not in show %s" % (len(got), len(want), missing[:4], extra[:4])
        )
        wrong = compare_controls(controls, show)
        assert not wrong, "; ".join(wrong[:6])
        return "%d modes%s, %d controls" % (
            len(want),
            " (%d non-discrete not compared)" % other if other else "",
            len(controls),
        )

    s.check(
        lambda n: (
            "serve: the %s device page's modes and controls (%s) equal camprobe show --json (%s; %s.json)"
            % (which, source, n, label)
        ),
        check,
    )


class DataRows(HTMLParser):
    """The data- attributes of every `<tr>` of a class in a page's HTML, keyed as the DOM's `dataset` keys them
    (data-size-kind: sizeKind)."""

    def __init__(self, cls: str) -> None:
        super().__init__()
        self.cls, self.rows = cls, []  # type: str, list[dict[str, str]]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "tr" and self.cls in (a.get("class") or "").split():
            self.rows.append(
                {
                    re.sub(r"-([a-z])", lambda m: m.group(1).upper(), k[5:]): v or ""
                    for k, v in attrs
                    if k.startswith("data-")
                }
            )


def html_rows(html: str, cls: str) -> list[dict[str, str]]:
    p = DataRows(cls)
    p.feed(html)
    return p.rows


def device_page_html(s: Any, a: Any, device: str, which: str) -> None:
    """(2) for a device whose page is too large for Chromium under TCG (vivid: thousands of mode rows): the same
    data- attributes, from the page's HTML as the server sends it (read with html.parser)."""
    label = "serve-device-" + which
    status, body, _ = a.request("GET", "/devices/" + urllib.parse.quote(device, safe=""))
    html = body.decode("utf-8", errors="replace")
    write(s.path(label + ".html"), html)
    compare_device(
        s,
        label,
        which,
        device,
        html_rows(html, "mode"),
        html_rows(html, "control"),
        "page HTML, %d, read by html.parser" % status,
    )


def plan_page(s: Any, b: Browser, a: Any, cams: dict[str, str]) -> None:
    """(5) The /usb plan form for the two cameras gives `negotiate --together ID1 ID2 --preset high --json`'s plan."""
    ids = [cams["uvc_id"], cams["vivid_id"]]
    b.open(a.base + "/usb", timeout=PAGE_SECONDS)
    b.wait_for("document.querySelector('form#plan') !== null", 60)
    b.evaluate(
        """(() => { const f = document.querySelector('form#plan'); const ids = %s;
      f.querySelectorAll('input[name=device]').forEach(c => { c.checked = ids.includes(c.value); });
      f.querySelector('select[name=preset]').value = 'high'; f.requestSubmit(); })()"""
        % json.dumps(ids)
    )
    b.wait_for("document.querySelectorAll('#plan-result tr.planned').length >= 2", 120)
    rows = rows_of(b, "#plan-result tr.planned")
    b.screenshot(s.path("serve-usb.png"))
    r = s.camprobe(
        "negotiate",
        "--together",
        *ids,
        "--preset",
        "high",
        "--json",
        stdout=s.path("serve-plan-cli.json"),
        stderr=s.path("serve-plan-cli.err"),
        timeout=300,
    )

    def check() -> str:
        assert r.out.strip(), "negotiate --together exit %d: %s" % (r.rc, one_line(r.err))
        wrong = compare_plan(rows, json.loads(r.out))
        assert not wrong, wrong[0]
        return ", ".join(
            "%s %s %sx%s@%s" % (x.get("deviceId"), x.get("format"), x.get("width"), x.get("height"), x.get("interval"))
            for x in rows
        )

    s.check(
        lambda p: "serve: the /usb plan form gives negotiate --together --preset high's cameras and modes (%s)" % p,
        check,
    )
