#!/usr/bin/env bash
# Checks "an install that needs no toolchain": scripts/install into a temporary
# prefix, the installed binaries (camprobe, and camprobe-serve beside it, which
# `camprobe serve` runs) in a clean environment, the man pages, the completions,
# the systemd units, and the .deb scripts/build-deb writes (dpkg-deb -c / -I,
# then dpkg -x and run). Exits non-zero on the first failure.
#
#   scripts/test-install.sh                       # builds (.build-static) first
#   scripts/test-install.sh --build-path .build-x # another build folder
#   scripts/test-install.sh --no-build            # use BUILD_PATH/release/camprobe and camprobe-serve as they are
#   scripts/test-install.sh --chroot DIR          # also: apt-get install the .deb inside DIR,
#                                                 # a Debian root with no Swift (debootstrap --variant=minbase);
#                                                 # needs root and the Debian mirror
#   scripts/test-install.sh --keep-deb DIR        # copy the .deb into DIR (the guest suite installs it)
#   scripts/test-install.sh --consumer-log FILE   # scripts/test-library-consumer.sh already ran, its output is
#                                                 # FILE (scripts/test runs it beside swift test): count its lines
#
# Apart from the build it takes well under a minute (the chroot step: its apt-get).
# The bash -c snippets below take their arguments as $1, $2 on purpose:
# shellcheck disable=SC2016
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
install_args=()
chroot_dir=
keep_deb=
consumer_log=

while (($#)); do
    case $1 in
        --build-path|--binary|--serve-binary) install_args+=("$1" "$2"); shift 2 ;;
        --no-build) install_args+=("$1"); shift ;;
        --chroot) chroot_dir=$2; shift 2 ;;
        --keep-deb) keep_deb=$2; shift 2 ;;
        --consumer-log) consumer_log=$2; shift 2 ;;
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
serve=$prefix/bin/camprobe-serve
for f in bin/camprobe share/man/man1/camprobe.1 share/bash-completion/completions/camprobe \
    bin/camprobe-serve share/man/man1/camprobe-serve.1 lib/systemd/user/camprobe-serve.service \
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
check "camprobe-serve is executable and beside camprobe" test -x "$serve"
check "env -i ... camprobe-serve --help" env -i PATH=/usr/bin:/bin LD_LIBRARY_PATH= "$serve" --help
check "ldd camprobe-serve names no swift library and resolves every library" \
    bash -c 'out=$(ldd "$1") && ! grep -i swift <<<"$out" && ! grep "not found" <<<"$out"' _ "$serve"
check "readelf: camprobe-serve needs no libstdc++.so.6 and has packed relocations (DT_RELR)" \
    bash -c '! readelf -d "$1" | grep NEEDED | grep -q libstdc++ && readelf -d "$1" | grep -q "(RELR)"' _ "$serve"
# `camprobe serve ARGS…` runs camprobe-serve ARGS…: found beside camprobe (PATH here has neither).
env -i PATH=/usr/bin:/bin LD_LIBRARY_PATH= "$serve" --help >"$tmp/serve-help" 2>&1 || true
check "env -i ... camprobe serve --help prints camprobe-serve --help (found beside camprobe)" bash -c \
    'env -i PATH=/usr/bin:/bin LD_LIBRARY_PATH= timeout 20 "$1" serve --help >"$3/serve-help-via-camprobe" 2>&1 &&
     grep -q -- --allow-control "$3/serve-help-via-camprobe" && diff "$3/serve-help-via-camprobe" "$2"' _ "$bin" "$tmp/serve-help" "$tmp"
# The installed console serves, with nothing inherited: the one line it prints, 401 without the token, the API's
# list with it (no camera here: an empty one), and exit 0 on SIGTERM. Every wait is bounded; it is killed on any failure.
if command -v curl >/dev/null; then
    check "env -i ... camprobe-serve serves: its address line, 401 without the token, /api/devices with it, exit 0 on SIGTERM" bash -c \
        'dir=$2; token=0123456789abcdef0123456789abcdef; echo "$token" > "$dir/serve.token"
         env -i PATH=/usr/bin:/bin LD_LIBRARY_PATH= "$1" --listen 127.0.0.1:0 --token-file "$dir/serve.token" >"$dir/serve.out" 2>"$dir/serve.err" &
         pid=$!; trap "kill -KILL $pid 2>/dev/null" EXIT
         for _ in $(seq 200); do [[ -s $dir/serve.out ]] && break; kill -0 $pid 2>/dev/null || break; sleep 0.1; done
         line=$(head -1 "$dir/serve.out")  # port 0: any free port, the line says which
         [[ $line =~ ^"camprobe serve: http://127.0.0.1:"([1-9][0-9]*)"/?token=$token"$ ]] || { echo "printed: $line"; cat "$dir/serve.err"; exit 1; }
         port=${BASH_REMATCH[1]}
         code=$(curl -s -o /dev/null -w "%{http_code}" --max-time 10 "http://127.0.0.1:$port/api/devices")
         [[ $code == 401 ]] || { echo "without the token: HTTP $code"; exit 1; }
         body=$(curl -sS --fail --max-time 30 -H "Authorization: Bearer $token" "http://127.0.0.1:$port/api/devices") || exit 1
         grep -q "\"schemaVersion\"" <<<"$body" && grep -q "\"devices\"" <<<"$body" || { echo "/api/devices: $body"; exit 1; }
         kill -TERM $pid
         for _ in $(seq 100); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
         kill -0 $pid 2>/dev/null && { echo "still running 10 s after SIGTERM"; exit 1; }
         wait $pid; rc=$?; ((rc == 0)) || { echo "exit $rc after SIGTERM"; cat "$dir/serve.err"; exit 1; }' _ "$serve" "$tmp"
fi
mkdir "$tmp/alone"
cp "$bin" "$tmp/alone/camprobe"
check "camprobe serve without camprobe-serve beside it or on PATH: fails, naming camprobe-serve" bash -c \
    'env -i PATH=/usr/bin:/bin LD_LIBRARY_PATH= timeout 20 "$1" serve --help >"$2/out" 2>&1; rc=$?; cat "$2/out";
     ((rc != 0 && rc != 124)) && grep -q camprobe-serve "$2/out"' _ "$tmp/alone/camprobe" "$tmp/alone"

# ------------------------------------------------------------ man, completions, unit
if command -v groff >/dev/null; then
    check "man page is valid roff (groff -man -ww -z)" bash -c \
        'out=$(LC_ALL=C.UTF-8 groff -man -Tutf8 -ww -z "$1" 2>&1); [[ -z $out ]] || { echo "$out"; exit 1; }' _ "$prefix/share/man/man1/camprobe.1"
    check "man page names every subcommand" bash -c \
        'txt=$(LC_ALL=C.UTF-8 groff -man -Tutf8 "$1" 2>/dev/null | col -b); for s in list show graph monitor negotiate apply verify ctl profile import serve; do grep -q "camprobe $s" <<<"$txt" || { echo "no section for $s"; exit 1; }; done' _ "$prefix/share/man/man1/camprobe.1"
    check "camprobe-serve's man page is valid roff (groff -man -ww -z)" bash -c \
        'out=$(LC_ALL=C.UTF-8 groff -man -Tutf8 -ww -z "$1" 2>&1); [[ -z $out ]] || { echo "$out"; exit 1; }' _ "$prefix/share/man/man1/camprobe-serve.1"
    check "camprobe-serve's man page: its name, every option, its unit; camprobe's names it" bash -c \
        'txt=$(LC_ALL=C.UTF-8 groff -man -Tutf8 "$1" 2>/dev/null | col -b | tr -d " \n");  # a long path breaks across lines
         for w in "CAMPROBE-SERVE(1)" --listen --token-file --allow-control "$3/lib/systemd/user/camprobe-serve.service"; do
             grep -qF -- "$w" <<<"$txt" || { echo "camprobe-serve.1 does not say $w"; exit 1; }; done
         LC_ALL=C.UTF-8 groff -man -Tutf8 "$2" 2>/dev/null | col -b | grep -q "camprobe-serve(1)" || { echo "camprobe.1 does not name camprobe-serve(1)"; exit 1; }' \
        _ "$prefix/share/man/man1/camprobe-serve.1" "$prefix/share/man/man1/camprobe.1" "$prefix"
else
    echo "skip - groff not installed: man page not rendered"
fi
check "bash completion parses (bash -n)" bash -n "$prefix/share/bash-completion/completions/camprobe"
check "bash completion defines _camprobe" bash -c 'source "$1" && complete -p camprobe' _ "$prefix/share/bash-completion/completions/camprobe"
if command -v zsh >/dev/null; then check "zsh completion parses (zsh -n)" zsh -n "$prefix/share/zsh/site-functions/_camprobe"; fi
if command -v fish >/dev/null; then check "fish completion parses (fish -n)" fish -n "$prefix/share/fish/vendor_completions.d/camprobe.fish"; fi
check "systemd unit runs the installed binary" \
    grep -qx "ExecStart=$bin monitor --restore default" "$prefix/lib/systemd/user/camprobe-restore.service"
check "serve unit runs the installed camprobe-serve on 127.0.0.1:8637 with the token file" \
    grep -qx "ExecStart=$serve --listen 127.0.0.1:8637 --token-file %h/.config/camprobe/serve.token" "$prefix/lib/systemd/user/camprobe-serve.service"
check "serve unit: started when it says READY=1 (Type=notify), restarts on failure, hardened (NoNewPrivileges, address families), wanted by default.target" bash -c \
    'for l in Type=notify Restart=on-failure NoNewPrivileges=yes "RestrictAddressFamilies=AF_UNIX AF_NETLINK AF_INET AF_INET6" WantedBy=default.target; do
         grep -qx "$l" "$1" || { echo "no line $l"; exit 1; }; done' _ "$prefix/lib/systemd/user/camprobe-serve.service"
# The unit's ExecStartPre as systemd runs it: %h the home, $$ a $, %% a % (systemd.service(5), systemd.unit(5)
# "Specifiers"), quoted words split as a shell splits them (the command holds no backslash).
check "serve unit's ExecStartPre: makes a 0600 token of 32 hex digits once, keeps it, replaces an empty one" bash -c \
    'line=$(sed -n "s/^ExecStartPre=//p" "$1"); [[ -n $line && $line != *\\* ]] || { echo "no ExecStartPre, or one with a backslash: $line"; exit 1; }
     home=$2/home; mkdir -p "$home"; cmd=${line//%h/$home}; cmd=${cmd//\$\$/\$}; cmd=${cmd//%%/%}
     f=$home/.config/camprobe/serve.token
     eval "$cmd" || exit 1
     [[ $(stat -c %a "$f") == 600 && $(stat -c %a "${f%/*}") == 700 ]] || { stat -c "%a %n" "$f" "${f%/*}"; exit 1; }
     [[ $(cat "$f") =~ ^[0-9a-f]{32}$ ]] || { echo "token: $(cat "$f")"; exit 1; }
     first=$(cat "$f"); eval "$cmd" || exit 1; [[ $(cat "$f") == "$first" ]] || { echo "the token changed on a restart"; exit 1; }
     : > "$f"; eval "$cmd" || exit 1; [[ $(cat "$f") =~ ^[0-9a-f]{32}$ && $(cat "$f") != "$first" ]] || { echo "an empty token file was kept"; exit 1; }
     ! ls "${f%/*}" | grep -v "^serve.token$" || { echo "left files behind"; exit 1; }' \
    _ "$prefix/lib/systemd/user/camprobe-serve.service" "$tmp/unit-home"
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
    check "systemd-analyze --user verify the serve unit (ExecStart executable, syntax)" \
        env XDG_RUNTIME_DIR="$tmp/xdg" systemd-analyze --user verify "$prefix/lib/systemd/user/camprobe-serve.service"
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
    ./usr/share/camprobe/prometheus/camprobe.rules.yml ./usr/bin/camprobe-serve ./usr/share/man/man1/camprobe-serve.1 \
    ./usr/lib/systemd/user/camprobe-serve.service; do
    check "dpkg-deb -c lists $f" grep -q " $f\$" "$tmp/contents"
done
check "dpkg-deb -c: every file root/root" bash -c '! awk "{print \$2}" "$1" | grep -v "^root/root$"' _ "$tmp/contents"
check "dpkg-deb -c: nothing outside /usr" bash -c '! awk "{print \$6}" "$1" | grep -v "^\./$\|^\./usr"' _ "$tmp/contents"
check "dpkg-deb -c: /usr/bin/camprobe is -rwxr-xr-x" grep -q '^-rwxr-xr-x root/root .* ./usr/bin/camprobe$' "$tmp/contents"
check "dpkg-deb -c: /usr/bin/camprobe-serve is -rwxr-xr-x" grep -q '^-rwxr-xr-x root/root .* ./usr/bin/camprobe-serve$' "$tmp/contents"
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
check "dpkg -x; env -i ... ROOT/usr/bin/camprobe-serve --help; stripped (file)" bash -c \
    'env -i PATH=/usr/bin:/bin LD_LIBRARY_PATH= "$1" --help && file "$1" | grep -q ", stripped"' _ "$tmp/root/usr/bin/camprobe-serve"
check "serve unit in the .deb runs /usr/bin/camprobe-serve" \
    grep -q "^ExecStart=/usr/bin/camprobe-serve --listen 127.0.0.1:8637 " "$tmp/root/usr/lib/systemd/user/camprobe-serve.service"

# ------------------------------------------------------------ the library, as a recorder's package uses it
echo "# scripts/test-library-consumer.sh (the DocC Getting Started article's Package.swift and code in a fresh package)"
t0=$SECONDS
if [[ -z $consumer_log ]]; then
    "$here/scripts/test-library-consumer.sh" "$tmp/consumer" || failures=$((failures + 1))
    echo "time: scripts/test-library-consumer.sh $((SECONDS - t0)) s"
elif ! grep -qE '^(ok  |FAIL) - ' "$consumer_log" 2>/dev/null; then
    fail "scripts/test-library-consumer.sh reported nothing in $consumer_log"
else
    echo "(its output, from $consumer_log)"
    cat "$consumer_log"
    failures=$((failures + $(grep -c '^FAIL - ' "$consumer_log" || true)))  # grep -c exits 1 on no match (set -e)
fi
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
    check "chroot: camprobe serve --help (runs /usr/bin/camprobe-serve)" \
        chroot "$chroot_dir" env -i PATH=/usr/bin:/bin sh -c '/usr/bin/camprobe serve --help | grep -q -- --allow-control'
    chroot "$chroot_dir" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin dpkg --purge camprobe >/dev/null 2>&1 || true
    for m in dev sys proc; do umount "$chroot_dir/$m" 2>/dev/null || true; done
fi

finish
