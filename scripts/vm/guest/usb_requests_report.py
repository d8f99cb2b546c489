"""The usb-requests block's reference counts and its report: the USB control requests each camprobe command
sends, against the floor and the reference."""

import json
import statistics
from typing import Any

from guest.harness import Suite, write

# Requests counted: {(interface, entity, selector, name, request): count}; a median may be fractional.
Counts = dict[tuple[Any, ...], float]

REFERENCE = "v4l2-ctl"


COMMANDS = ["show", "list", "ctl", "monitor"]


# The live negative: v4l2-ctl's full read twice in one "command", measured like the others; the bound must fail it.
DOUBLED = "doubled-v4l2-ctl"


def key_text(k: tuple[Any, ...]) -> str:
    """A counted request as a reader names it."""
    kind, entity, cs, name, req = k
    where = ("unit %d, selector %d" % (entity, cs)) if kind == "VC" else ("selector %d" % cs)
    return "%s %s %s (%s)" % (kind, name or "?", req, where)


def total(c: Counts) -> float:
    """Every request counted."""
    return sum(c.values())


def excess(measured: Counts, reference: Counts) -> Counts:
    """{key: how many more times measured asked it than reference}; empty when measured stays within
    reference per key. The check itself compares totals (within_floor); this says where the extra is."""
    return {k: n - reference.get(k, 0) for k, n in measured.items() if n > reference.get(k, 0)}


def within_floor(measured: Counts, reference: Counts) -> str | None:
    """None when measured asks no more requests in all than reference; else why, by selector."""
    if total(measured) <= total(reference):
        return None
    extra = excess(measured, reference)
    return "%d requests, %s's full read %d; extra: %s" % (
        total(measured),
        REFERENCE,
        total(reference),
        "; ".join("%s +%d" % (key_text(k), n) for k, n in sorted(extra.items())) or "none per selector",
    )


def median_counts(runs: list[Counts]) -> Counts:
    """Per key, the median over the rounds (a key absent from a round counts 0 there)."""
    keys: set[tuple[Any, ...]] = set().union(*runs) if runs else set()
    out: Counts = {}
    for k in keys:
        m = statistics.median([r.get(k, 0) for r in runs])
        if m:
            out[k] = m
    return out


def report(
    s: Suite, short: str, label: str, results: dict[str, list[dict[str, Counts]]], probes: list[Counts]
) -> list[str]:
    """The camera's checks (each command within the floor, the doubled read caught) and its table rows; the counts go
    to LABEL.json."""
    probe_totals = [total(p) for p in probes]
    print(
        "info: usb-requests %s: the driver's own requests per attach (excluded): %s; median per selector: %s"
        % (
            short,
            probe_totals,
            "; ".join("%s %g" % (key_text(k), n) for k, n in sorted(median_counts(probes).items())),
        ),
        flush=True,
    )
    med = {c: {ph: median_counts([r[ph] for r in rs]) for ph in ("cold", "warm")} for c, rs in results.items() if rs}
    ref = med.get(REFERENCE)
    rows = []

    def cell(c: str, ph: str) -> str:
        rs = results[c]
        return "%g (%s)" % (total(med[c][ph]), ", ".join(str(total(r[ph])) for r in rs)) if rs else "-"

    rows.append(
        "| %s | %s (reference) | | %s | | %s |" % (short, REFERENCE, cell(REFERENCE, "cold"), cell(REFERENCE, "warm"))
    )
    if ref is None:
        s.bad("usb-requests %s: %s's full read measured" % (short, REFERENCE), "no round of it ran")
        return rows
    s.expect(
        "usb-requests %s: %s's full read makes the camera answer requests cold (%g)"
        % (short, REFERENCE, total(ref["cold"])),
        total(ref["cold"]) > 0,
        "0 requests: the counters do not see uvcvideo's control reads",
    )
    for c in COMMANDS:
        if c not in med:
            continue
        rows.append(
            "| %s | %s | %s | %g | %s | %g |"
            % (
                short,
                c if c != "monitor" else "monitor (connect; warm: present)",
                cell(c, "cold"),
                total(ref["cold"]),
                cell(c, "warm"),
                total(ref["warm"]),
            )
        )
        for ph in ("cold", "warm"):
            mine, theirs = med[c][ph], ref[ph]
            why = within_floor(mine, theirs)
            s.expect(
                "usb-requests %s: camprobe %s %s asks no more USB requests than %s's full read (%g <= %g)"
                % (short, c, ph, REFERENCE, total(mine), total(theirs)),
                why is None,
                why,
            )
            never = sorted(k for k in mine if k not in ref["cold"] and k not in ref["warm"])
            if never:
                print(
                    "info: usb-requests %s: camprobe %s %s asks what %s never asks: %s"
                    % (short, c, ph, REFERENCE, "; ".join("%s x%g" % (key_text(k), mine[k]) for k in never)),
                    flush=True,
                )
            more = {k: n for k, n in excess(mine, theirs).items() if k not in never}
            if more:
                print(
                    "info: usb-requests %s: camprobe %s %s asks more often than %s: %s"
                    % (
                        short,
                        c,
                        ph,
                        REFERENCE,
                        "; ".join("%s +%g" % (key_text(k), n) for k, n in sorted(more.items())),
                    ),
                    flush=True,
                )
            if mine == theirs:
                print(
                    "info: usb-requests %s: camprobe %s %s asks exactly what %s asks, selector by selector (%g requests)"
                    % (short, c, ph, REFERENCE, total(mine)),
                    flush=True,
                )
    if results[DOUBLED]:
        d = results[DOUBLED][0]
        cold, warm = within_floor(d["cold"], ref["cold"]), within_floor(d["warm"], ref["warm"])
        s.expect(
            "usb-requests %s: the bound fails v4l2-ctl's full read run twice, measured on the camera (cold %d, warm %d; "
            "the floor %g and %g)"
            % (short, total(d["cold"]), total(d["warm"]), total(ref["cold"]), total(ref["warm"])),
            cold is not None and warm is not None,
            "cold: %s; warm: %s" % (cold, warm),
        )
        rows.append(
            "| %s | %s (must exceed) | %d | %g | %d | %g |"
            % (short, DOUBLED, total(d["cold"]), total(ref["cold"]), total(d["warm"]), total(ref["warm"]))
        )
    for r in results["monitor"]:
        if r["after_capabilities"]:
            print(
                "info: usb-requests %s: after monitor's capabilities line (not counted): %s"
                % (short, "; ".join("%s x%d" % (key_text(k), n) for k, n in sorted(r["after_capabilities"].items()))),
                flush=True,
            )

    def rows_of(c: list[dict[str, Counts]]) -> list[Any]:
        return [{ph: [[list(k), n] for k, n in sorted(r[ph].items())] for ph in r} for r in c]

    write(s.path(label + ".json"), json.dumps({c: rows_of(rs) for c, rs in results.items()}, indent=1) + "\n")
    return rows
