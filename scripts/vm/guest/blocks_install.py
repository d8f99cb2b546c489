"""DEB: the .deb scripts/build-deb wrote (CAMPROBE_DEB) installs with dpkg in the guest
(its root is a RAM overlay: nothing reaches the host) and the installed binary works
with nothing inherited from the build: it lists vivid, reads an XML profile (libxml2
loaded on demand) and links no Swift library."""
import json
import os

from .harness import modprobe, rmmod, run, settle


def block_deb(s):
    deb = os.environ.get("CAMPROBE_DEB", "")
    if not deb:
        s.skip("DEB: the .deb installs and runs in the guest", "no CAMPROBE_DEB given (scripts/test passes the .deb test-install.sh built)")
        return
    if not s.check("DEB: %s is readable in the guest" % os.path.basename(deb), lambda: open(deb, "rb").close()):
        return  # nothing to install: the checks below would only repeat this failure
    installed = run(["dpkg", "-i", deb], timeout=300, merge=True)
    s.expect("DEB: dpkg -i installs the package", installed.rc == 0, installed.out[-1500:])
    env = ["env", "-i", "PATH=/usr/bin:/bin", "LD_LIBRARY_PATH="]
    version = run(env + ["/usr/bin/camprobe", "--version"])
    s.expect("DEB: /usr/bin/camprobe --version runs with nothing inherited", version.rc == 0 and version.out.strip(),
             version.err)
    ldd = run(["ldd", "/usr/bin/camprobe"])
    s.expect("DEB: the installed binary links no Swift library", ldd.rc == 0 and "swift" not in ldd.out.lower(), ldd.out)
    modprobe("vivid", "n_devs=1", "node_types=0x1", "num_inputs=1", "input_types=0x0")
    settle()
    try:
        listed = run(env + ["/usr/bin/camprobe", "list", "--json"])
        try:
            names = [d["name"] for d in json.loads(listed.out)["devices"]]
        except (ValueError, KeyError) as e:
            names = ["<%s>" % e]
        s.expect("DEB: the installed camprobe lists vivid (%s)" % ", ".join(names), listed.rc == 0 and any("vivid" in n for n in names),
                 listed.err[-800:])
        xml = run(env + ["/usr/bin/camprobe", "profile", "validate", "/usr/share/camprobe/profiles/c525.xml"])
        s.expect("DEB: an installed XML profile validates (libxml2 loaded on demand)", xml.rc == 0, xml.out + xml.err)
    finally:
        rmmod("vivid")
        removed = run(["dpkg", "--purge", "camprobe"], timeout=300, merge=True)  # man-db's trigger is slow under TCG
        s.expect("DEB: dpkg --purge removes it", removed.rc == 0, removed.out[-800:])
