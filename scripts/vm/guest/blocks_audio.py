"""Blocks microphones and alsa-hotplug: microphones. snd-dummy and snd-aloop are ALSA capture cards
with no camera: each is a microphone device of its own whose ranges agree with
arecord's, and snd-aloop load/unload cycles give one connected and one
disconnected each."""

import json
import os
import re

from guest.harness import JsonlTail, load_jsonl, modprobe, read, rmmod, run, settle, wait_until
from guest.ready import started

ALOOP_ID = "platform-snd_aloop.0"
TESTED_FORMATS = ["S8", "U8", "S16_LE", "S16_BE", "S24_LE", "S24_3LE", "S32_LE", "FLOAT_LE", "MU_LAW", "A_LAW"]


def block_microphones(s):
    cards = run(["arecord", "-l"], timeout=30).out
    s.expect("snd-dummy and snd-aloop capture devices exist", "Dummy" in cards and "Loopback" in cards, cards[:400])
    listed = s.camprobe("list", "--json", stdout=s.path("microphones-list.json"), stderr=s.path("microphones-list.err"))
    text = s.camprobe("list", merge=True, stdout=s.path("microphones-list.txt")).out
    for card in ("Dummy", "Loopback"):
        hw = run(
            [
                "arecord",
                "-D",
                "hw:CARD=%s,DEV=0" % card,
                "--dump-hw-params",
                "-d",
                "1",
                "-f",
                "S16_LE",
                "-c",
                "1",
                "-r",
                "44100",
                "/dev/null",
            ],
            timeout=20,
            merge=True,
            stdout=s.path("microphones-%s.hw.txt" % card),
        ).out
        s.check(
            "microphone %s: formats, channels and rates as arecord --dump-hw-params says" % card,
            mic_matches_arecord,
            listed.out,
            hw,
            card,
        )
    s.expect(
        "list shows the microphones by name with their ranges",
        re.search(r"platform-snd_dummy\.0 .*Dummy", text) and "hw:CARD=Loopback,DEV=0 S16_LE" in text,
        text[:600],
    )


def hw_range(text, name):
    """[min, max] (or [value]) of a `NAME: [a b]` / `NAME: a` line of --dump-hw-params."""
    m = re.search(r"^%s:\s+\[?(\d+)\s*(\d+)?" % name, text, re.M)
    return [int(x) for x in m.groups() if x]


def mic_matches_arecord(list_json, hw_text, card):
    devices = json.loads(list_json)["devices"]
    mics = [d for d in devices if not d["captures"] and any(a["cardID"] == card for a in d["audio"])]
    assert len(mics) == 1, [d["id"] for d in devices]
    pcm = [p for a in mics[0]["audio"] if a["cardID"] == card for p in a["pcms"] if p["device"] == 0][0]
    fmts = re.search(r"^FORMAT:\s+(.*)$", hw_text, re.M).group(1).split()
    ch, rate = hw_range(hw_text, "CHANNELS"), hw_range(hw_text, "RATE")
    want = [f for f in TESTED_FORMATS if f in fmts]
    assert pcm["formats"] == want, (pcm["formats"], want)
    assert [pcm["minChannels"], pcm["maxChannels"]] == [ch[0], ch[-1]], (pcm["minChannels"], pcm["maxChannels"], ch)
    assert [pcm["minRate"], pcm["maxRate"]] == [rate[0], min(rate[-1], 768000)], (pcm["minRate"], pcm["maxRate"], rate)
    print("info:", mics[0]["id"], pcm["alsaName"], pcm["formats"], ch, rate, flush=True)


def block_alsa_hotplug(s):
    """alsa-hotplug: snd-aloop loaded and unloaded many times gives exactly one connected and
    one disconnected each (a card is 6 nodes plus a change event)."""
    cycles = int(os.environ.get("ALSA_CYCLES") or 20)
    log = s.path("aloop.jsonl")
    monitor, ready = started([s.c, "monitor", "--json", "--stats", "--settle", "200"], log, s.path("aloop.err"))
    s.expect(
        "monitor says READY=1 on $NOTIFY_SOCKET before snd-aloop is unloaded", ready is not None, "not within 60 s"
    )
    tail = JsonlTail(log)
    rmmod("snd-aloop")
    wait_until(lambda: tail.count("disconnected", ALOOP_ID) >= 1, 20)
    for c in range(1, cycles + 1):
        modprobe("snd-aloop")
        wait_until(lambda: tail.count("connected", ALOOP_ID) >= c, 20)  # noqa: B023
        rmmod("snd-aloop")
        wait_until(lambda: tail.count("disconnected", ALOOP_ID) >= c + 1, 20)  # noqa: B023
    monitor.stop()
    err = read(s.path("aloop.err"))
    print(err, end="", flush=True)
    connected, disconnected = tail.count("connected", ALOOP_ID), tail.count("disconnected", ALOOP_ID)
    s.expect(
        "monitor: snd-aloop gives exactly one connected per load (%d) and one disconnected per unload (%d)"
        % (cycles, cycles + 1),
        connected == cycles and disconnected == cycles + 1,
        "%d connected, %d disconnected" % (connected, disconnected),
    )
    s.check("monitor: the microphone's connected events carry its capture PCMs", aloop_events, log)
    stats = err.strip().splitlines()[-1].rsplit("stats: ", 1)[-1] if err.strip() else ""
    with open(s.path("hotplug.md"), "a") as f:
        f.write(
            "| snd-aloop load/unload cycles | %d | %d connected | %d disconnected | %s |\n"
            % (cycles, connected, disconnected, stats)
        )
    # Leave snd-aloop loaded, as the suite starts: later blocks (levels, audio negotiation) meter its PCMs.
    modprobe("snd-aloop")
    settle()


def aloop_events(log):
    lines = load_jsonl(log)
    conn = [l for l in lines if l["event"] == "connected"]
    assert conn and all(l["id"] == ALOOP_ID for l in conn), [l["id"] for l in conn]
    for l in conn:
        a = l["device"]["audio"]
        assert len(a) == 1 and a[0]["cardID"] == "Loopback" and [p["device"] for p in a[0]["pcms"]] == [0, 1], a
        assert [n["role"] for n in l["device"]["nodes"]] == ["audio"], l["device"]["nodes"]
    others = [l for l in lines if l["event"] in ("connected", "disconnected") and l["id"] != ALOOP_ID]
    assert not others, others
