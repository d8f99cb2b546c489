#!/usr/bin/env python3
"""Turns `camprobe --experimental-dump-help` or `camprobe-serve --experimental-dump-help`
(ArgumentParser's ToolInfo JSON, the same input its generate-manual tool reads) into one
man(7) page on stdout; FILES and SEE ALSO follow the program's name.

camprobe's one man-page generator, run by scripts/man/camprobe-man.

    camprobe --experimental-dump-help | dump-help-to-roff.py [--version V] [--date YYYY-MM-DD]
"""

import argparse
import datetime
import json
import os
import sys


def esc(text: str) -> str:
    """Escapes text for roff: backslashes, hyphens, and leading dots/quotes."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    lines = []
    for line in text.split("\n"):
        if line.startswith((".", "'")):
            line = "\\&" + line
        lines.append(line)
    # Non-ASCII as groff's \[uXXXX] escapes, so the page needs no preconv.
    return "".join(c if ord(c) < 128 else "\\[u%04X]" % ord(c) for c in "\n".join(lines))


def paragraphs(text: str) -> str:
    """Blank-line separated paragraphs; indented lines and lists kept as they are."""
    out = []
    for block in text.strip("\n").split("\n\n"):
        if not block.strip():
            continue
        block_lines = block.split("\n")
        preformatted = any(l.startswith(("  ", "\t")) for l in block_lines) or any(
            l.lstrip().startswith(("- ", "* ", "#")) for l in block_lines
        )
        if preformatted:
            out.append(".PP\n.nf\n" + esc(block) + "\n.fi")
        else:
            out.append(".PP\n" + esc(" ".join(l.strip() for l in block_lines)))
    return "\n".join(out)


def name_text(n: dict) -> str:
    kind, name = n["kind"], n["name"]
    return ("--" if kind == "long" else "-") + name


def synopsis_arg(a: dict) -> str:
    value = a.get("valueName", "value")
    if a["kind"] == "positional":
        s = f"<{value}>"
    else:
        pref = a.get("preferredName") or a["names"][0]
        s = name_text(pref)
        if a["kind"] == "option":
            s += f" <{value}>"
    if a.get("isRepeating"):
        s += " ..."
    if a.get("isOptional"):
        s = f"[{s}]"
    return s


def option_entry(a: dict) -> str:
    value = a.get("valueName", "value")
    if a["kind"] == "positional":
        head = f"\\fI<{esc(value)}>\\fR"
    else:
        forms = []
        for n in a.get("names", []):
            f = "\\fB" + esc(name_text(n)) + "\\fR"
            if a["kind"] == "option":
                f += f" \\fI<{esc(value)}>\\fR"
            forms.append(f)
        head = ", ".join(forms)
    if a.get("isRepeating"):
        head += " ..."
    body = a.get("abstract", "")
    if a.get("defaultValue") not in (None, ""):
        body += f" (default: {a['defaultValue']})"
    if a.get("allValues") and a["kind"] != "flag":
        body += " (values: " + ", ".join(a["allValues"]) + ")"
    text = ".TP\n" + head + "\n" + esc(body.strip() or " ")
    if a.get("discussion"):
        d = a["discussion"]
        if isinstance(d, dict):  # newer ToolInfo: {"staticText": ...} or enumerated values
            d = (
                d.get("staticText")
                or "\n".join(
                    f"{v.get('value')}: {v.get('description', '')}" for v in d.get("enumerated", {}).get("values", [])
                )
                if "enumerated" in d
                else d.get("staticText", "")
            )
        if d:
            text += "\n.IP\n" + esc(str(d).strip())
    return text


def visible_args(cmd: dict) -> list:
    return [a for a in cmd.get("arguments", []) if a.get("shouldDisplay", True)]


def command_section(cmd: dict, path: list, top: bool) -> str:
    out = []
    args = visible_args(cmd)
    full = " ".join(path)
    if not top:
        out.append(f'.SS "{esc(full)}"')
        if cmd.get("abstract"):
            out.append(".PP\n" + esc(cmd["abstract"]))
    syn = " ".join(synopsis_arg(a) for a in args)
    if cmd.get("subcommands"):
        syn = (syn + " <subcommand>").strip()
    out.append(".PP\n.B " + esc(full) + ("\n" + esc(syn) if syn else ""))
    if not top and cmd.get("discussion"):
        out.append(paragraphs(cmd["discussion"]))
    if args:
        if top:
            out.append(".SH OPTIONS")
        out.extend(option_entry(a) for a in args)
    return "\n".join(out)


def walk(cmd: dict, path: list, out: list):
    for sub in cmd.get("subcommands", []):
        if not sub.get("shouldDisplay", True) or sub["commandName"] == "help":
            continue
        p = path + [sub["commandName"]]
        out.append(command_section(sub, p, top=False))
        walk(sub, p, out)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--version", default="")
    ap.add_argument("--date", default=None)
    ap.add_argument("--prefix", default="PREFIX", help="install prefix named in FILES")
    ns = ap.parse_args()

    info = json.load(sys.stdin)
    if info.get("serializationVersion", 0) != 0:
        print(f"unsupported dump-help serializationVersion {info.get('serializationVersion')}", file=sys.stderr)
        return 1
    cmd = info["command"]
    name = cmd["commandName"]
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    date = ns.date or (
        datetime.datetime.fromtimestamp(int(epoch), datetime.UTC).date().isoformat()
        if epoch
        else datetime.date.today().isoformat()
    )

    out = [
        f".\\\" Generated from '{name} --experimental-dump-help' by scripts/man/dump-help-to-roff.py; do not edit.",
        f'.TH "{name.upper()}" "1" "{date}" "{esc((name + " " + ns.version).strip())}" "User Commands"',
        ".SH NAME",
        f"{esc(name)} \\- {esc(cmd.get('abstract', ''))}",
        ".SH SYNOPSIS",
    ]
    subs = [s for s in cmd.get("subcommands", []) if s.get("shouldDisplay", True) and s["commandName"] != "help"]
    if subs:
        out.append(f".B {esc(name)}\n\\fI<subcommand>\\fR [\\fIoptions\\fR]")
    else:  # one command (camprobe-serve): its options, as a subcommand's synopsis lists them
        syn = " ".join(synopsis_arg(a) for a in visible_args(cmd))
        out.append(f".B {esc(name)}" + ("\n" + esc(syn) if syn else ""))
    if cmd.get("discussion"):
        out.append(".SH DESCRIPTION")
        out.append(paragraphs(cmd["discussion"]))
    args = visible_args(cmd)
    if args:
        out.append(".SH OPTIONS")
        out.extend(option_entry(a) for a in args)
    if subs:
        out.append(".SH COMMANDS")
        for s in subs:
            out.append(".TP\n\\fB" + esc(s["commandName"]) + "\\fR\n" + esc(s.get("abstract", "")))
        out.append(".SH COMMAND DETAILS")
        walk(cmd, [name], out)
    out.append(".SH FILES\n.ad l\n.nh")  # paths: left-adjusted, not stretched, never hyphenated
    # \: lets a long prefix break after a slash instead of overrunning the line.
    prefix = esc(ns.prefix.rstrip("/")).replace("/", "/\\:")
    if name == "camprobe-serve":
        out.append(
            f".TP\n\\fI{prefix}/lib/systemd/user/camprobe\\-serve.service\\fR\n"
            "systemd user unit running \\fBcamprobe\\-serve \\-\\-listen 127.0.0.1:8637 \\-\\-token\\-file\\fR "
            "\\fI~/.config/camprobe/serve.token\\fR (made once, mode 0600, when missing); "
            "\\fBjournalctl \\-\\-user \\-u camprobe\\-serve\\fR shows the address it printed."
            f"\n.TP\n\\fI{prefix}/share/camprobe/profiles/schema/\\fR\n"
            "The JSON Schemas of the API's answers (the same as the \\fBcamprobe\\fR commands' \\fB\\-\\-json\\fR)."
        )
        out.append(".SH SEE ALSO")
        out.append(".BR camprobe (1),\n.BR curl (1),\n.BR systemctl (1),\n.BR journalctl (1)")
    else:
        out.append(
            f".TP\n\\fI{prefix}/share/camprobe/profiles/\\fR\nBundled device profiles (JSON and XML) and their schemas."
            f"\n.TP\n\\fI{prefix}/lib/systemd/user/camprobe\\-restore.service\\fR\n"
            "systemd user unit running \\fBcamprobe monitor \\-\\-restore default\\fR."
            f"\n.TP\n\\fI{prefix}/lib/systemd/user/camprobe\\-serve.service\\fR\n"
            "systemd user unit running the live console, \\fBcamprobe\\-serve\\fR(1)."
        )
        out.append(".SH SEE ALSO")
        out.append(".BR camprobe\\-serve (1),\n.BR v4l2\\-ctl (1),\n.BR media\\-ctl (1),\n.BR arecord (1)")
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
