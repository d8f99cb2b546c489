"""deb-install: the .deb scripts/build-deb wrote (CAMPROBE_DEB) installs with dpkg in the guest
(its root is a RAM overlay: nothing reaches the host) and the installed binary works
with nothing inherited from the build: it lists vivid, reads an XML profile (libxml2
loaded on demand) and links no Swift library."""

import json
import os
import time

from .harness import modprobe, read, rmmod, run, settle, wait_until


def guest_path(path):
    """A host path inside the result folder (VM_HOST_OUT) as the guest sees it (VM_OUT, a 9p share
    with no cache): a file the host writes there while the guest runs is seen at once, which is
    not true of the read-only root under the RAM overlay."""
    host, guest = os.environ.get("VM_HOST_OUT", "").rstrip("/"), os.environ.get("VM_OUT", "")
    if not (path and host and guest):
        return path
    for p in (path, os.path.realpath(path)):
        if p.startswith(host + "/"):
            return guest + p[len(host) :]
    return path


def wait_for_deb(deb, seconds):
    """scripts/test starts the guest before test-install.sh has built the .deb and puts it at
    CAMPROBE_DEB when it is ready (or the same path + .missing saying why there is none)."""
    t0 = time.monotonic()
    wait_until(lambda: os.path.exists(deb) or os.path.exists(deb + ".missing"), seconds, interval=1)
    print("info: deb-install: waited %.0f s for %s" % (time.monotonic() - t0, deb), flush=True)
    if not os.path.exists(deb) and os.path.exists(deb + ".missing"):
        return read(deb + ".missing").strip() or "the host built no .deb"
    return None


def block_deb_install(s):
    deb = guest_path(os.environ.get("CAMPROBE_DEB", ""))
    if not deb:
        s.skip(
            "deb-install: the .deb installs and runs in the guest",
            "no CAMPROBE_DEB given (scripts/test passes the .deb test-install.sh built)",
        )
        return
    if os.environ.get("CAMPROBE_DEB_WAIT"):
        why = wait_for_deb(deb, int(os.environ["CAMPROBE_DEB_WAIT"]))
        if why:
            s.bad("deb-install: %s is readable in the guest" % os.path.basename(deb), why)
            return
    if not s.check("deb-install: %s is readable in the guest" % os.path.basename(deb), lambda: open(deb, "rb").close()):
        return  # nothing to install: the checks below would only repeat this failure
    # man-db's dpkg trigger (for any package with a man page) rebuilds the manual index with mandb:
    # measured under TCG: dpkg -i 186 s -> 16 s, --purge 128 s -> 6 s. Its own switch (debconf
    # man-db/auto-update, i.e. this file) turns that off; the guest's root is a RAM overlay, so
    # the host's setting is untouched. dpkg itself still unpacks, configures and purges as usual.
    flag = "/var/lib/man-db/auto-update"
    if os.environ.get("VM_HOST_OUT") and os.path.exists(flag):
        os.remove(flag)
    installed = run(["dpkg", "-i", deb], timeout=300, merge=True)
    s.expect("deb-install: dpkg -i installs the package", installed.rc == 0, installed.out[-1500:])
    env = ["env", "-i", "PATH=/usr/bin:/bin", "LD_LIBRARY_PATH="]
    version = run(env + ["/usr/bin/camprobe", "--version"])
    s.expect(
        "deb-install: /usr/bin/camprobe --version runs with nothing inherited",
        version.rc == 0 and version.out.strip(),
        version.err,
    )
    ldd = run(["ldd", "/usr/bin/camprobe"])
    s.expect(
        "deb-install: the installed binary links no Swift library",
        ldd.rc == 0 and "swift" not in ldd.out.lower(),
        ldd.out,
    )
    modprobe("vivid", "n_devs=1", "node_types=0x1", "num_inputs=1", "input_types=0x0")
    settle()
    try:
        listed = run(env + ["/usr/bin/camprobe", "list", "--json"])
        try:
            names = [d["name"] for d in json.loads(listed.out)["devices"]]
        except (ValueError, KeyError) as e:
            names = ["<%s>" % e]
        s.expect(
            "deb-install: the installed camprobe lists vivid (%s)" % ", ".join(names),
            listed.rc == 0 and any("vivid" in n for n in names),
            listed.err[-800:],
        )
        xml = run(env + ["/usr/bin/camprobe", "profile", "validate", "/usr/share/camprobe/profiles/c525.xml"])
        s.expect(
            "deb-install: an installed XML profile validates (libxml2 loaded on demand)", xml.rc == 0, xml.out + xml.err
        )
    finally:
        rmmod("vivid")
        removed = run(["dpkg", "--purge", "camprobe"], timeout=300, merge=True)
        s.expect("deb-install: dpkg --purge removes it", removed.rc == 0, removed.out[-800:])
