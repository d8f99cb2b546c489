#!/usr/bin/env bash
# Checks "an install that needs no toolchain": scripts/install into a temporary
# prefix, the installed binary in a clean environment, the man page, the
# completions, the systemd unit, and the .deb scripts/build-deb writes
# (dpkg-deb -c / -I, then dpkg -x and run). Exits non-zero on the first failure.
#
#   scripts/test-install.sh                       # builds (.build-static) first
#   scripts/test-install.sh --build-path .build-x # another build folder
#   scripts/test-install.sh --no-build            # use BUILD_PATH/release/camprobe as it is
#   scripts/test-install.sh --chroot DIR          # also: apt-get install the .deb inside DIR,
#                                                 # a Debian root with no Swift (debootstrap --variant=minbase);
#                                                 # needs root and the Debian mirror
#   scripts/test-install.sh --keep-deb DIR        # copy the .deb into DIR (the guest suite installs it)
#
# Apart from the build it takes well under a minute (the chroot step: its apt-get).
# The bash -c snippets below take their arguments as $1, $2 on purpose:
# shellcheck disable=SC2016
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
install_args=()
chroot_dir=
keep_deb=

while (($#)); do
    case $1 in
        --build-path|--binary) install_args+=("$1" "$2"); shift 2 ;;
        --no-build) install_args+=("$1"); shift ;;
        --chroot) chroot_dir=$2; shift 2 ;;
        --keep-deb) keep_deb=$2; shift 2 ;;
        -h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "${BASH_SOURCE[0]}"; exit 0 ;;
        *) echo "test-install: unknown argument '$1'" >&2; exit 2 ;;
    esac
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/camprobe-test-install.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
failures=0
ok() { echo "ok   - $*"; }
fail() { echo "FAIL - $*"; failures=$((failures + 1)); }
check() { # check DESCRIPTION COMMAND...
    local what=$1; shift
    if "$@" >"$tmp/out" 2>&1; then ok "$what"; else fail "$what"; sed 's/^/       /' "$tmp/out"; fi
}
finish() {
    echo "time: test-install.sh $SECONDS s"
    if ((failures)); then echo "test-install: $failures check(s) failed"; exit 1; fi
    echo "test-install: all checks passed"
    exit 0
}

# ------------------------------------------------------------ scripts/install
prefix=$tmp/prefix
echo "# scripts/install --prefix $prefix ${install_args[*]}"
t0=$SECONDS
if ! "$here/scripts/install" --prefix "$prefix" "${install_args[@]}" >"$tmp/install.log" 2>&1; then
    cat "$tmp/install.log"
    fail "scripts/install"
    finish
fi
echo "time: scripts/install (with its static release build) $((SECONDS - t0)) s"
sed 's/^/    /' "$tmp/install.log" | tail -15
bin=$prefix/bin/camprobe
for f in bin/camprobe share/man/man1/camprobe.1 share/bash-completion/completions/camprobe \
    share/zsh/site-functions/_camprobe share/fish/vendor_completions.d/camprobe.fish \
    lib/systemd/user/camprobe-restore.service share/camprobe/profiles/vivid-webcam.json \
    share/camprobe/profiles/vivid-webcam.xml lib/systemd/system/camprobe-textfile.service \
    share/camprobe/prometheus/camprobe.rules.yml share/camprobe/prometheus/camprobe.rules.test.yml; do
    check "installed $f" test -s "$prefix/$f"
done
check "profiles: every Profiles/*.json, *.xml and schema/* installed" \
    bash -c 'cd "$1/Profiles" && for f in *.json *.xml schema/*; do [[ -f $f ]] || continue; cmp -s "$f" "$2/share/camprobe/profiles/$f" || { echo "missing or different: $f"; exit 1; }; done' _ "$here" "$prefix"

# ------------------------------------------------------------ no toolchain at run time
# No Swift directory on PATH or LD_LIBRARY_PATH, nothing inherited.
check "env -i PATH=/usr/bin:/bin LD_LIBRARY_PATH= camprobe --version" \
    env -i PATH=/usr/bin:/bin LD_LIBRARY_PATH= "$bin" --version
check "env -i ... camprobe --help" env -i PATH=/usr/bin:/bin LD_LIBRARY_PATH= "$bin" --help
check "env -i ... camprobe profile validate (bundled profile)" \
    env -i PATH=/usr/bin:/bin LD_LIBRARY_PATH= "$bin" profile validate "$prefix/share/camprobe/profiles/vivid-webcam.json"
check "ldd camprobe names no swift library" bash -c '! ldd "$1" | grep -i swift' _ "$bin"
check "ldd camprobe resolves every library" bash -c '! ldd "$1" | grep "not found"' _ "$bin"
# scripts/static-build links libstdc++ from its archive and packs relative relocations (Reports/benchmarks.md §18).
check "readelf: camprobe needs no libstdc++.so.6 and has packed relocations (DT_RELR)" \
    bash -c '! readelf -d "$1" | grep NEEDED | grep -q libstdc++ && readelf -d "$1" | grep -q "(RELR)"' _ "$bin"
check "no RPATH/RUNPATH into a toolchain" bash -c '! readelf -d "$1" | grep -E "R(UN)?PATH" | grep -i swift' _ "$bin"

# ------------------------------------------------------------ man, completions, unit
if command -v groff >/dev/null; then
    check "man page is valid roff (groff -man -ww -z)" bash -c \
        'out=$(LC_ALL=C.UTF-8 groff -man -Tutf8 -ww -z "$1" 2>&1); [[ -z $out ]] || { echo "$out"; exit 1; }' _ "$prefix/share/man/man1/camprobe.1"
    check "man page names every subcommand" bash -c \
        'txt=$(LC_ALL=C.UTF-8 groff -man -Tutf8 "$1" 2>/dev/null | col -b); for s in list show graph monitor negotiate apply verify ctl profile import; do grep -q "camprobe $s" <<<"$txt" || { echo "no section for $s"; exit 1; }; done' _ "$prefix/share/man/man1/camprobe.1"
else
    echo "skip - groff not installed: man page not rendered"
fi
check "bash completion parses (bash -n)" bash -n "$prefix/share/bash-completion/completions/camprobe"
check "bash completion defines _camprobe" bash -c 'source "$1" && complete -p camprobe' _ "$prefix/share/bash-completion/completions/camprobe"
if command -v zsh >/dev/null; then check "zsh completion parses (zsh -n)" zsh -n "$prefix/share/zsh/site-functions/_camprobe"; fi
if command -v fish >/dev/null; then check "fish completion parses (fish -n)" fish -n "$prefix/share/fish/vendor_completions.d/camprobe.fish"; fi
check "systemd unit runs the installed binary" \
    grep -qx "ExecStart=$bin monitor --restore default" "$prefix/lib/systemd/user/camprobe-restore.service"
check "textfile unit runs the installed binary" \
    grep -qx "ExecStart=$bin monitor --textfile /var/lib/prometheus/node-exporter" "$prefix/lib/systemd/system/camprobe-textfile.service"
if command -v promtool >/dev/null; then
    check "promtool check rules (installed rules)" promtool check rules "$prefix/share/camprobe/prometheus/camprobe.rules.yml"
    check "promtool test rules (installed rules and their tests)" promtool test rules "$prefix/share/camprobe/prometheus/camprobe.rules.test.yml"
fi
if command -v systemd-analyze >/dev/null; then
    check "systemd-analyze verify the textfile unit" systemd-analyze verify "$prefix/lib/systemd/system/camprobe-textfile.service"
    mkdir -m 0700 "$tmp/xdg"
    check "systemd-analyze --user verify the unit (ExecStart executable, syntax)" \
        env XDG_RUNTIME_DIR="$tmp/xdg" systemd-analyze --user verify "$prefix/lib/systemd/user/camprobe-restore.service"
fi

# ------------------------------------------------------------ scripts/build-deb
echo "# scripts/build-deb --output $tmp/deb --binary $bin"
if ! "$here/scripts/build-deb" --output "$tmp/deb" --binary "$bin" >"$tmp/deb.log" 2>&1; then
    cat "$tmp/deb.log"
    fail "scripts/build-deb"
    finish
fi
sed 's/^/    /' "$tmp/deb.log" | grep -v '^    ==> installed\|^        /usr/' | tail -20
deb=$(ls "$tmp"/deb/camprobe_*_*.deb)
if [[ -n $keep_deb ]]; then mkdir -p "$keep_deb" && cp "$deb" "$keep_deb/"; fi
dpkg-deb -c "$deb" >"$tmp/contents"
dpkg-deb -I "$deb" >"$tmp/info"
for f in ./usr/bin/camprobe ./usr/share/man/man1/camprobe.1 ./usr/share/bash-completion/completions/camprobe \
    ./usr/share/zsh/site-functions/_camprobe ./usr/share/fish/vendor_completions.d/camprobe.fish \
    ./usr/lib/systemd/user/camprobe-restore.service ./usr/share/camprobe/profiles/vivid-webcam.json \
    ./usr/share/camprobe/profiles/schema/ ./usr/lib/systemd/system/camprobe-textfile.service \
    ./usr/share/camprobe/prometheus/camprobe.rules.yml; do
    check "dpkg-deb -c lists $f" grep -q " $f\$" "$tmp/contents"
done
check "dpkg-deb -c: every file root/root" bash -c '! awk "{print \$2}" "$1" | grep -v "^root/root$"' _ "$tmp/contents"
check "dpkg-deb -c: nothing outside /usr" bash -c '! awk "{print \$6}" "$1" | grep -v "^\./$\|^\./usr"' _ "$tmp/contents"
check "dpkg-deb -c: /usr/bin/camprobe is -rwxr-xr-x" grep -q '^-rwxr-xr-x root/root .* ./usr/bin/camprobe$' "$tmp/contents"
check "dpkg-deb -I: Package camprobe" grep -qx ' Package: camprobe' "$tmp/info"
check "dpkg-deb -I: Architecture amd64" grep -qx ' Architecture: amd64' "$tmp/info"
for dep in libudev1 libasound2 libxml2 libc6; do
    check "dpkg-deb -I: Depends names $dep" grep -q "^ Depends:.*\b$dep\b" "$tmp/info"
done
# libv4l2 (--libv4l2) and libpipewire-0.3 (the PipeWire view) are loaded with dlopen: recommended, not required.
for dep in libv4l-0 libpipewire-0.3-0; do
    check "dpkg-deb -I: Recommends names $dep" grep -q "^ Recommends:.*\b$dep\b" "$tmp/info"
done
# Packed relative relocations need glibc 2.36 (GLIBC_ABI_DT_RELR), which dpkg-shlibdeps cannot see.
check "dpkg-deb -I: Depends names libc6 (>= 2.36) (DT_RELR)" grep -q '^ Depends:.*libc6 (>= 2\.36)' "$tmp/info"
check "dpkg-deb -I: Depends names no swift package" bash -c '! grep "^ Depends:" "$1" | grep -i swift' _ "$tmp/info"
check "dpkg-deb -I: Maintainer and Description" bash -c 'grep -q "^ Maintainer: ." "$1" && grep -q "^ Description: ." "$1"' _ "$tmp/info"
# Unpacked as dpkg would, run with nothing inherited.
dpkg -x "$deb" "$tmp/root"
check "dpkg -x; env -i PATH=/usr/bin:/bin LD_LIBRARY_PATH= ROOT/usr/bin/camprobe --version" \
    env -i PATH=/usr/bin:/bin LD_LIBRARY_PATH= "$tmp/root/usr/bin/camprobe" --version
check "the .deb's binary is stripped (file)" bash -c 'file "$1" | grep -q ", stripped"' _ "$tmp/root/usr/bin/camprobe"
check "unit in the .deb runs /usr/bin/camprobe" \
    grep -qx "ExecStart=/usr/bin/camprobe monitor --restore default" "$tmp/root/usr/lib/systemd/user/camprobe-restore.service"

# ------------------------------------------------------------ the library, as a recorder's package uses it
echo "# scripts/test-library-consumer.sh (the DocC Getting Started article's Package.swift and code in a fresh package)"
t0=$SECONDS
"$here/scripts/test-library-consumer.sh" "$tmp/consumer" || failures=$((failures + 1))
echo "time: scripts/test-library-consumer.sh $((SECONDS - t0)) s"
check "import CamProbe exposes no more public types than scripts/dev/public-api.sh allows" \
    bash -c 'cd "$1" && scripts/dev/public-api.sh' _ "$here"

# ------------------------------------------------------------ optional: a root with no Swift
if [[ -n $chroot_dir ]]; then
    [[ -x $chroot_dir/bin/sh ]] || { fail "--chroot $chroot_dir is not a Debian root"; finish; }
    check "chroot has no Swift anywhere" bash -c \
        '[[ ! -e $1/opt/swift ]] && ! find "$1/usr" "$1/opt" -name "libswiftCore*" 2>/dev/null | grep .' _ "$chroot_dir"
    cp "$deb" "$chroot_dir/tmp/camprobe.deb"
    for m in proc sys dev; do mountpoint -q "$chroot_dir/$m" || mount --bind "/$m" "$chroot_dir/$m"; done
    cp /etc/resolv.conf "$chroot_dir/etc/resolv.conf"
    # A camprobe left by an earlier run would answer the checks below: remove it first.
    chroot "$chroot_dir" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin dpkg --purge camprobe >/dev/null 2>&1 || true
    check "chroot: apt-get install ./camprobe.deb (Depends resolved from the mirror)" \
        chroot "$chroot_dir" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive \
        sh -c 'apt-get update -qq && apt-get install -y -qq /tmp/camprobe.deb'
    deb_version=$(dpkg-deb -f "$deb" Version)
    check "chroot: dpkg says camprobe $deb_version is installed" bash -c \
        '[[ $(chroot "$1" dpkg-query -W -f "\${Status} \${Version}" camprobe) == "install ok installed $2" ]]' _ "$chroot_dir" "$deb_version"
    check "chroot: camprobe --version" chroot "$chroot_dir" env -i PATH=/usr/bin:/bin /usr/bin/camprobe --version
    check "chroot: camprobe profile validate /usr/share/camprobe/profiles/vivid-webcam.json" \
        chroot "$chroot_dir" env -i PATH=/usr/bin:/bin /usr/bin/camprobe profile validate /usr/share/camprobe/profiles/vivid-webcam.json
    check "chroot: camprobe list runs (no cameras in a chroot is fine)" \
        chroot "$chroot_dir" env -i PATH=/usr/bin:/bin sh -c '/usr/bin/camprobe list; [ $? -le 1 ]'
    check "chroot: ldd names no swift library" chroot "$chroot_dir" sh -c '! ldd /usr/bin/camprobe | grep -i swift'
    chroot "$chroot_dir" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin dpkg --purge camprobe >/dev/null 2>&1 || true
    for m in dev sys proc; do umount "$chroot_dir/$m" 2>/dev/null || true; done
fi

finish
